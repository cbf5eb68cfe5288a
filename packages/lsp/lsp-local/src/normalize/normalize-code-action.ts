import type { LspCodeAction, LspCommand } from '@agent-lsp/lsp'
import { normalizeDiagnostics } from './normalize-diagnostics.js'
import { normalizeWorkspaceEdit } from './normalize-edit.js'
import { isRecord, malformed, preview } from './shapes.js'

/**
 * Whether a `textDocument/codeAction` answer item is a bare `Command` (LSP 3.17 §Command: a
 * string `command`) rather than a `CodeAction` literal.
 */
export function isBareCommand(item: Record<string, unknown>): boolean {
  return typeof item.command === 'string'
}

/**
 * Normalize one item of a `textDocument/codeAction` (or `codeAction/resolve`) answer
 * (LSP 3.17 §CodeAction): a `CodeAction` literal, or a bare `Command` listed as an action
 * without kind or edit.
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function normalizeCodeAction(raw: unknown, what: string): LspCodeAction {
  if (!isRecord(raw) || typeof raw.title !== 'string') throw malformed(what, `expected CodeAction or Command, got ${preview(raw)}`)
  if (isBareCommand(raw)) {
    return { title: raw.title, kind: null, isPreferred: false, disabledReason: null, diagnostics: [], edit: null, command: { title: raw.title, command: raw.command as string } }
  }
  const disabled = isRecord(raw.disabled) && typeof raw.disabled.reason === 'string' ? raw.disabled.reason : null
  return {
    title: raw.title,
    kind: typeof raw.kind === 'string' && raw.kind !== '' ? raw.kind : null,
    isPreferred: raw.isPreferred === true,
    disabledReason: disabled,
    diagnostics: raw.diagnostics === undefined ? [] : normalizeDiagnostics(raw.diagnostics, what),
    edit: normalizeWorkspaceEdit(raw.edit, what),
    command: commandOf(raw.command, what),
  }
}

function commandOf(raw: unknown, what: string): LspCommand | null {
  if (raw === undefined || raw === null) return null
  if (!isRecord(raw) || typeof raw.command !== 'string') throw malformed(what, `expected Command, got ${preview(raw)}`)
  return { title: typeof raw.title === 'string' ? raw.title : raw.command, command: raw.command }
}
