import { compareCodeUnits, type LspFileDiagnostics } from '@agent-lsp/lsp'
import type { ServerCapabilities } from 'vscode-languageserver-protocol'
import { normalizeDiagnostics } from '../normalize/normalize-diagnostics.js'
import { malformed, isRecord, preview } from '../normalize/shapes.js'
import { canonicalUri, uriToPath } from '../normalize/uri.js'
import { protocol } from '../protocol.js'
import { runProjectCheck } from '../project-check/run-check.js'
import { pythonEnvironmentOf } from '../project-check/pyright-environment.js'
import type { Ask, OperationAnswer, OperationContext } from './context.js'
import { withoutSetupDiagnostics, withSetupNotes, type SetupNotes } from './setup-diagnostics.js'
import { relativeOf } from '../sync/tree-scan.js'

const { WorkspaceDiagnosticRequest } = protocol

/** Whether the server offers `workspace/diagnostic` (LSP 3.17 §Workspace Diagnostics) in its initialize result. */
export function hasWorkspacePull(capabilities: ServerCapabilities): boolean {
  const provider = capabilities.diagnosticProvider
  return typeof provider === 'object' && provider !== null && provider.workspaceDiagnostics === true
}

/**
 * The diagnostics of every file of the workspace: `workspace/diagnostic` where the server offers
 * it (every report asked in full, no previous result ids), else the server's project check
 * (`runProjectCheck`; with no project to check, an empty answer, partial and `unconfigured`; with
 * files it could not check, such as importers of referenced projects not built, partial too).
 * Files without diagnostics are left out; files sorted by URI.
 */
export async function workspaceDiagnostics(context: OperationContext, ask: Ask): Promise<OperationAnswer> {
  const { client, signal } = context
  if (!hasWorkspacePull(client.capabilities) && context.projectCheck !== undefined) {
    const checked = await runProjectCheck(context.projectCheck, context.root, context.resolvedWorkspaceRoot, pythonEnvironmentOf(client.config), signal)
    if ('unconfigured' in checked) {
      return { kind: 'workspaceDiagnostics', files: [], checks: [], completeness: { state: 'partial', reason: 'unconfigured', message: checked.unconfigured } }
    }
    const missed = checked.missed === undefined ? {} : { completeness: { state: 'partial', reason: 'unconfigured', message: checked.missed } as const }
    return { kind: 'workspaceDiagnostics', files: checked.files, checks: checked.checks, ...missed }
  }
  const what = `${context.serverId} ${WorkspaceDiagnosticRequest.method}`
  const raw = await ask(() => client.request(WorkspaceDiagnosticRequest.type, { previousResultIds: [] }, signal))
  const items = isRecord(raw) ? raw.items : undefined
  if (!Array.isArray(items)) throw malformed(what, `expected WorkspaceDiagnosticReport, got ${preview(raw)}`)
  const byUri = new Map<string, LspFileDiagnostics>()
  const setup: SetupNotes = new Map()
  for (const item of items) {
    if (!isRecord(item) || typeof item.uri !== 'string') throw malformed(what, `expected WorkspaceDocumentDiagnosticReport, got ${preview(item)}`)
    // An `unchanged` report refers to a previous result: none was sent, so there are none.
    if (item.kind !== 'full') continue
    const uri = canonicalUri(item.uri)
    const path = uriToPath(uri)
    const diagnostics = withoutSetupDiagnostics(normalizeDiagnostics(item.items, what), client.config.diagnostics, setup, `${path === null ? uri : relativeOf(context.resolvedWorkspaceRoot, path)} `)
    if (diagnostics.length > 0) byUri.set(uri, { uri, diagnostics: [...(byUri.get(uri)?.diagnostics ?? []), ...diagnostics] })
  }
  const files = [...byUri.values()].sort((a, b) => compareCodeUnits(a.uri, b.uri))
  const completeness = withSetupNotes(undefined, setup)
  return { kind: 'workspaceDiagnostics', files, checks: [WorkspaceDiagnosticRequest.method], ...(completeness ? { completeness } : {}) }
}
