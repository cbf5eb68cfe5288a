import type { LspCompleteness, LspQueryResult } from '@agent-lsp/lsp'
import { assertNever } from '../assert-never.js'
import type { Cursor } from '../input/cursor.js'
import { oneLine } from '../text/one-line.js'
import { renderCalls } from './render-calls.js'
import { renderCodeActions } from './render-code-actions.js'
import { renderCompletion } from './render-completion.js'
import type { RenderContext, Subject } from './render-context.js'
import { renderDiagnostics } from './render-diagnostics.js'
import { renderHover } from './render-hover.js'
import { renderLocations } from './render-locations.js'
import { renderSignatureHelp } from './render-signature.js'
import { renderOutline, renderWorkspaceSymbols } from './render-symbols.js'
import { provenanceLine } from './render-provenance.js'
import { repositoryLines } from './render-repositories.js'
import { noticeLines } from './render-notices.js'
import { renderCallHierarchyItems, renderTypeHierarchy } from './render-hierarchy.js'
import { renderWorkspaceDiagnostics } from './render-workspace-diagnostics.js'

/**
 * Render any answer as model-readable text. A partial answer starts with a
 * `Partial answer (<reason>): <message>` line so the model never takes it as complete; an answer
 * from an index then says which (`From index …`, see `provenanceLine`), and each other repository
 * searched which index of it gave its rows (`lib: From index …`); one from a fallback server
 * says that (`Answered by pylsp in place of python: <why>`). Notices come first
 * (`Notice (LSP_SERVER_RESTARTED): …`, see `noticeLines`).
 */
export async function renderResult(result: LspQueryResult, context: RenderContext): Promise<string> {
  const body = await renderBody(result, context)
  const warning = partialWarning(result.completeness)
  const source = result.provenance === undefined ? undefined : provenanceLine(result.provenance, result.resolvedWorkspaceRoot)
  const fallback = result.fallback && `Answered by ${result.fallback.server} in place of ${result.fallback.insteadOf}: ${oneLine(result.fallback.reason)}`
  return [...noticeLines(result), warning, source, ...repositoryLines(result), fallback, body].filter((line) => line !== undefined).join('\n')
}

function renderBody(result: LspQueryResult, context: RenderContext): Promise<string> | string {
  const { subject } = context
  switch (result.kind) {
    case 'locations':
      return renderLocations(result, cursorOf(subject, result.kind), context)
    case 'hover':
      return renderHover(result, cursorOf(subject, result.kind))
    case 'symbols':
      if (subject.kind === 'file') return renderOutline(result, subject.displayPath, context)
      if (subject.kind === 'workspace') return renderWorkspaceSymbols(result, subject.query, context)
      return mismatch(subject, result.kind)
    case 'calls':
      return renderCalls(result, cursorOf(subject, result.kind), context)
    case 'signatureHelp':
      return renderSignatureHelp(result, cursorOf(subject, result.kind))
    case 'diagnostics':
      if (subject.kind === 'file') return renderDiagnostics(result, subject, context)
      return mismatch(subject, result.kind)
    case 'completion':
      return renderCompletion(result, cursorOf(subject, result.kind))
    case 'codeActions':
      return renderCodeActions(result, cursorOf(subject, result.kind), context.only)
    case 'callHierarchyItems':
      return renderCallHierarchyItems(result, cursorOf(subject, result.kind), context.readLines, context.workspaceRoot)
    case 'typeHierarchy':
      return renderTypeHierarchy(result, cursorOf(subject, result.kind), context.readLines, context.workspaceRoot)
    case 'workspaceDiagnostics':
      return renderWorkspaceDiagnostics(result, context)
    case 'overlayDiagnostics':
      // Asked only by an edit's preview, which renders its own line (speculative-check.ts).
      throw new Error('overlay diagnostics are rendered by the edit flow')
    case 'workspaceEdit':
      // Previewed and applied by the edit flow (edit-flow.ts), which needs the files and the store.
      throw new Error('a workspace edit is rendered by the edit flow')
    default:
      return assertNever(result)
  }
}

function cursorOf(subject: Subject, kind: LspQueryResult['kind']): Cursor {
  return subject.kind === 'cursor' ? subject.cursor : mismatch(subject, kind)
}

// The seam maps each operation to one kind and one request shape, so this means they disagree.
function mismatch(subject: Subject, kind: LspQueryResult['kind']): never {
  throw new Error(`a ${subject.kind} query answered with ${kind}, which the tool does not expect`)
}

function partialWarning(completeness: LspCompleteness): string | undefined {
  switch (completeness.state) {
    case 'complete':
      return undefined
    case 'partial':
      return `Partial answer (${completeness.reason}): ${oneLine(completeness.message)}`
    default:
      return assertNever(completeness)
  }
}
