import path from 'node:path'
import { LspError, extensionOf, providerOf, type LspDocumentChange, type LspWorkspaceEdit } from '@agent-lsp/lsp'
import { namedList } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'
import { untilAborted } from '@agent-lsp/abort'
import type { EditFlowContext } from '../edit/edit-context.js'
import { runEditFlow } from '../edit/edit-flow.js'
import type { Answered } from '../run.js'
import { oneLine } from '../text/one-line.js'
import { moveTarget } from './move-target.js'
import { oldImports, type OldImport } from './old-imports.js'
import { packageEntriesOf } from './package-entries.js'
import { pathsMappingsOf, type PathsMapping } from './paths-aliases.js'

/**
 * Answer `moveFile` from its `willRenameFiles` answer: the server's text edits, then the move
 * itself (a `rename` step, never over an existing file), through the edit flow: a preview diff
 * (the moved file as `rename from`/`rename to` with its own changes), or with `apply: true` every
 * file written all or nothing, then `didRenameFiles` (where the server takes it), then verified:
 * the errors of the edited files and of the moved one (at its new path) must not rise, and no
 * relative import under the root may still name the old path.
 * @throws LspToolError `LSP_FILE_EXISTS` (newPath appeared since), the edit flow's codes.
 */
export async function runMoveFile(outcome: Answered, context: EditFlowContext): Promise<string> {
  const { request, result, subject } = outcome
  if (request.shape !== 'moveFile' || result.kind !== 'workspaceEdit' || subject.kind !== 'file') throw new Error(`not a moveFile answer: ${request.operation}`)
  const root = result.resolvedWorkspaceRoot
  const to = await moveTarget(request.newPath, subject, context.workspaceRoot)
  // Under the resolved root, as the server's URIs are (the edit plan confines paths to it).
  const moved = { from: path.join(root, subject.displayPath), to: path.join(root, to.displayPath) }
  const step: LspDocumentChange = { kind: 'rename', oldUri: URI.file(moved.from).toString(), newUri: URI.file(moved.to).toString(), overwrite: false, ignoreIfExists: false }
  const edit: LspWorkspaceEdit = { changes: [...(result.edit?.changes ?? []), step] }
  const what = `move ${subject.displayPath} → ${to.displayPath}`
  const key = JSON.stringify({ operation: 'moveFile', from: subject.displayPath, to: to.displayPath })
  const provider = providerOf(context.ctx.lsp.providers(), moved.from)
  const extensions = new Set(provider?.extensions ?? [extensionOf(moved.from)])
  const afterWrite = async (): Promise<string[]> => {
    const told = await tellMoved(context, moved)
    return [await leftImports(moved, root, subject.displayPath, extensions), ...told]
  }
  const { found } = await oldImports(moved.from, moved.to, root, extensions)
  // The files importing the old path: their errors are counted before and after, edited by the server or not.
  const importers = [...new Set(found.map((old) => path.join(root, old.displayPath)))].filter((file) => file !== moved.from)
  const mappings = await pathsMappingsOf(moved.from, root)
  const entries = await packageEntriesOf(moved.from, root)
  const leaves = async (): Promise<{ count: number; phrase: string } | undefined> => {
    // A config line the server's edit rewrites is not left (tsserver edits a tsconfig's own `paths`, not an extended one's).
    const changed = linesChangedBy(edit, root)
    const unchanged = <Place extends PathsMapping>(places: readonly Place[]): Place[] => places.filter((place) => !changed(place.displayPath, place.line))
    const left = [leftByEdit(found, moved, root, subject.displayPath, changed), mappingsLeft(unchanged(mappings), subject.displayPath, to.displayPath), entriesLeft(unchanged(entries), subject.displayPath, to.displayPath)].filter((one) => one !== undefined)
    return left.length === 0 ? undefined : { count: left.reduce((sum, one) => sum + one.count, 0), phrase: left.map((one) => one.phrase).join('; ') }
  }
  return runEditFlow(outcome, context, { edit, what, key, moved, afterWrite, leaves, alsoCheck: importers })
}

/** Relative imports of the old path (`found`) on lines the server's edit does not change (tsserver leaves a file with `declare module './util'`): how many, and a phrase naming them. */
function leftByEdit(found: readonly OldImport[], moved: { readonly from: string; readonly to: string }, root: string, oldDisplay: string, changed: ChangedLine): { count: number; phrase: string } | undefined {
  // Imports only: a string elsewhere naming the path (`jest.mock('./util')`) is said after the write, not refused.
  const left = found.filter((old) => old.imported && !changed(old.displayPath, old.line) && path.join(root, old.displayPath) !== moved.from)
  if (left.length === 0) return undefined
  const phrase = `${left.length} ${left.length === 1 ? 'import would still name' : 'imports would still name'} ${oldDisplay} (the server's edit leaves ${left.length === 1 ? 'it' : 'them'}): ${importsText(left)}`
  return { count: left.length, phrase }
}

/** Whether a text edit of the server's edit touches 1-based `line` of the file at `displayPath` (relative to `root`). */
type ChangedLine = (displayPath: string, line: number) => boolean

function linesChangedBy(edit: LspWorkspaceEdit, root: string): ChangedLine {
  return (displayPath, line) =>
    edit.changes.some(
      (change) =>
        change.kind === 'edit' &&
        URI.parse(change.uri).fsPath === path.join(root, displayPath) &&
        change.edits.some((text) => text.range.start.line <= line - 1 && line - 1 <= text.range.end.line),
    )
}

/** The config lines that map a path to the moved file (see `pathsMappingsOf`): how many, and a phrase naming them. */
function mappingsLeft(mappings: readonly PathsMapping[], oldDisplay: string, newDisplay: string): { count: number; phrase: string } | undefined {
  if (mappings.length === 0) return undefined
  const one = mappings.length === 1
  const named = namedList(mappings.map((mapping) => `${mapping.displayPath}:${mapping.line}`), { shown: 5 })
  return { count: mappings.length, phrase: `${mappings.length} TypeScript config ${one ? 'line maps' : 'lines map'} a path to ${oldDisplay} (${named}), which the move deletes: an import through ${one ? 'that mapping' : 'those mappings'} would fail (the server's edit leaves ${one ? 'it' : 'them'}; map ${newDisplay} there)` }
}

/** The package.json entries that name the moved file (see `packageEntriesOf`): how many, and a phrase naming them. */
function entriesLeft(entries: readonly (PathsMapping & { readonly field: string })[], oldDisplay: string, newDisplay: string): { count: number; phrase: string } | undefined {
  if (entries.length === 0) return undefined
  const one = entries.length === 1
  const named = namedList(entries.map((entry) => `${entry.displayPath}:${entry.line} ${entry.field}`), { shown: 5 })
  return { count: entries.length, phrase: `${entries.length} package.json ${one ? 'entry names' : 'entries name'} ${oldDisplay} (${named}), which the move deletes: what loads the package by ${one ? 'it' : 'them'} (require, import, its commands) would fail (no server edits package.json; name ${newDisplay} there)` }
}

/** `src/a.ts:1 './util', …`: the first 5 imports, `path:line 'specifier'`. */
function importsText(imports: readonly OldImport[]): string {
  const shown = imports.slice(0, 5).map((old) => `${old.displayPath}:${old.line} '${old.specifier}'`)
  return `${shown.join(', ')}${imports.length > 5 ? ', …' : ''}`
}

/** `didRenameFiles` to the file's provider; a server that does not take it is not told (no line), a failure is said. */
async function tellMoved(context: EditFlowContext, moved: { readonly from: string; readonly to: string }): Promise<string[]> {
  const request = { operation: 'didRenameFiles', filePath: moved.from, newPath: moved.to, workspaceRoot: context.workspaceRoot } as const
  try {
    await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
    return []
  } catch (error) {
    if (context.signal.aborted) throw error
    if (LspError.isInstance(error) && error.code === 'LSP_UNSUPPORTED_OPERATION') return []
    return [`Not told: the server did not take didRenameFiles (${oneLine(error instanceof Error ? error.message : String(error))}).`]
  }
}

/** One line: no relative import under the root names the old path any more, or where some still do. */
async function leftImports(moved: { readonly from: string; readonly to: string }, root: string, oldDisplay: string, extensions: ReadonlySet<string>): Promise<string> {
  const { found, searched, complete } = await oldImports(moved.from, moved.to, root, extensions)
  const files = `${searched} ${searched === 1 ? 'file' : 'files'}`
  const imports = found.filter((old) => old.imported)
  const strings = found.filter((old) => !old.imported)
  const stringsText = strings.length === 0 ? '' : `${strings.length} ${strings.length === 1 ? 'string' : 'strings'} outside an import ${imports.length > 0 ? 'name it too' : `still ${strings.length === 1 ? 'names' : 'name'} ${oldDisplay}`} (code may use the path): ${importsText(strings)}.`
  if (imports.length > 0) return `Warning: ${imports.length} ${imports.length === 1 ? 'import still names' : 'imports still name'} ${oldDisplay}: ${importsText(imports)}.${stringsText === '' ? '' : ` ${stringsText}`}`
  if (strings.length > 0) return `Warning: ${stringsText}`
  if (!complete) return `Not verified: imports of ${oldDisplay} were searched in the first ${files} only.`
  return `Verified: no import names ${oldDisplay} any more (${files} searched).`
}
