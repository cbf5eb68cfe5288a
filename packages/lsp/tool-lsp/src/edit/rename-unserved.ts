import { providerOf, type LspProviderInfo, type LspWorkspaceEdit } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { createLineReader } from '../input/file-lines.js'
import { mergeTextEdits, type TextEditStep } from './merge-edits.js'
import { changedBy, type RenameCheck } from './rename-check.js'

/** A Go `//go:linkname local path.name` directive, which binds `local` to the symbol `path.name` at link time. */
const linkname = /^\s*\/\/go:linkname\s/

/**
 * `edit` with the references it misses in files no provider serves, or in Go `//go:linkname`
 * directives, renamed as text, and `check` with the references the edit now changes (these, and
 * any an earlier join added: a call through the interface the override rename carried along)
 * missed no more. No server renames them, and each is one the cross-check found and settled
 * without a server (Go assembly's `TEXT ·name(SB)` and a directive's `path.name`, see
 * lsp-crosscheck's `assemblyVerdict`), spelling the old name exactly (see `RenameCheck.missed`).
 * Other references in served files are left to their server.
 * @param workspaceRoot - the root the directives' files are read under.
 */
export async function renameUnserved(providers: readonly LspProviderInfo[], edit: LspWorkspaceEdit, check: RenameCheck, newName: string, workspaceRoot: string): Promise<{ edit: LspWorkspaceEdit; check: RenameCheck }> {
  const readLines = createLineReader(workspaceRoot)
  const asText = await Promise.all(
    check.missed.map(async (location) => {
      if (!location.uri.startsWith('file:')) return false
      const file = URI.parse(location.uri).fsPath
      return providerOf(providers, file) === undefined || linkname.test((await readLines(file))?.[location.range.start.line] ?? '')
    }),
  )
  const steps = check.missed.filter((_, index) => asText[index]).map((location): TextEditStep => ({ kind: 'edit', uri: location.uri, version: null, edits: [{ range: location.range, newText: newName }] }))
  const renamed = steps.length === 0 ? edit : { changes: mergeTextEdits(edit.changes, steps) }
  return { edit: renamed, check: { ...check, missed: check.missed.filter((location) => !changedBy(renamed, location)) } }
}
