import { providerOf, type LspProviderInfo, type LspWorkspaceEdit } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { mergeTextEdits, type TextEditStep } from './merge-edits.js'
import { changedBy, type RenameCheck } from './rename-check.js'

/**
 * `edit` with the references it misses in files no provider serves renamed as text, and `check`
 * with the references the edit now changes (these, and any an earlier join added: a call through
 * the interface the override rename carried along) missed no more. In such a file no server can
 * rename, and each such reference is one the cross-check found and settled without a server (Go
 * assembly's `TEXT ·name(SB)`, see lsp-crosscheck's `assemblyVerdict`), spelling the old name
 * exactly (see `RenameCheck.missed`). References in served files are left to their server.
 */
export function renameUnserved(providers: readonly LspProviderInfo[], edit: LspWorkspaceEdit, check: RenameCheck, newName: string): { edit: LspWorkspaceEdit; check: RenameCheck } {
  const unserved = check.missed.filter((location) => location.uri.startsWith('file:') && providerOf(providers, URI.parse(location.uri).fsPath) === undefined)
  const steps = unserved.map((location): TextEditStep => ({ kind: 'edit', uri: location.uri, version: null, edits: [{ range: location.range, newText: newName }] }))
  const renamed = steps.length === 0 ? edit : { changes: mergeTextEdits(edit.changes, steps) }
  return { edit: renamed, check: { ...check, missed: check.missed.filter((location) => !changedBy(renamed, location)) } }
}
