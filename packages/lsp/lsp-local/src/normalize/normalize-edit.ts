import { compareRanges, type LspDocumentChange, type LspTextEdit, type LspWorkspaceEdit } from '@agent-lsp/lsp'
import { copyRange, isRange, isRecord, malformed, preview } from './shapes.js'
import { canonicalUri, uriToPath } from './uri.js'

/**
 * Normalize a `WorkspaceEdit` (LSP 3.17 §WorkspaceEdit) into one ordered list of steps:
 * `documentChanges` when present (each `TextDocumentEdit` with its version, `CreateFile`,
 * `RenameFile`, `DeleteFile` in the server's order), else `changes` (one edit step per URI,
 * sorted by URI, version `null`). Text edits of a step are sorted by start, stably (inserts at one
 * place keep their order); `AnnotatedTextEdit`s count as text edits (this client advertises no
 * change annotations). A repeated edit (same non-empty range, same text) counts once. Steps without
 * edits are dropped.
 * @returns the edit, or `null` when it changes nothing (`null`, `{}`, only empty edit lists).
 * @throws LspError `LSP_MALFORMED_RESPONSE` for another shape, or edits of overlapping ranges with
 *   different text in one step (the message names the file and its 1-based line).
 */
export function normalizeWorkspaceEdit(raw: unknown, what: string): LspWorkspaceEdit | null {
  if (raw === null || raw === undefined) return null
  if (!isRecord(raw)) throw malformed(what, `expected WorkspaceEdit, got ${preview(raw)}`)
  let changes: LspDocumentChange[]
  if (raw.documentChanges !== undefined && raw.documentChanges !== null) {
    if (!Array.isArray(raw.documentChanges)) throw malformed(what, `documentChanges is not an array: ${preview(raw.documentChanges)}`)
    changes = raw.documentChanges.map((change) => documentChange(change, what))
  } else if (raw.changes !== undefined && raw.changes !== null) {
    if (!isRecord(raw.changes)) throw malformed(what, `changes is not a map of URI to TextEdit[]: ${preview(raw.changes)}`)
    changes = Object.entries(raw.changes)
      .map(([key, edits]): LspDocumentChange => {
        const uri = canonicalUri(key)
        return { kind: 'edit', uri, version: null, edits: textEdits(edits, uri, what) }
      })
      .sort((a, b) => ((a as { uri: string }).uri < (b as { uri: string }).uri ? -1 : 1))
  } else {
    changes = []
  }
  const kept = changes.filter((change) => change.kind !== 'edit' || change.edits.length > 0)
  return kept.length === 0 ? null : { changes: kept }
}

/**
 * A `TextEdit[] | null` answer for one document (formatting), as a workspace edit of that
 * document (repeated edits counted once, as above); `null` when there are no edits.
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function textEditsAsWorkspaceEdit(raw: unknown, uri: string, what: string): LspWorkspaceEdit | null {
  if (raw === null || raw === undefined) return null
  const edits = textEdits(raw, uri, what)
  return edits.length === 0 ? null : { changes: [{ kind: 'edit', uri, version: null, edits }] }
}

function documentChange(raw: unknown, what: string): LspDocumentChange {
  if (!isRecord(raw)) throw malformed(what, `expected a document change, got ${preview(raw)}`)
  const options = isRecord(raw.options) ? raw.options : {}
  const flag = (name: string): boolean => options[name] === true
  switch (raw.kind) {
    case 'create':
      return { kind: 'create', uri: uriOf(raw.uri, what), overwrite: flag('overwrite'), ignoreIfExists: flag('ignoreIfExists') }
    case 'rename':
      return {
        kind: 'rename',
        oldUri: uriOf(raw.oldUri, what),
        newUri: uriOf(raw.newUri, what),
        overwrite: flag('overwrite'),
        ignoreIfExists: flag('ignoreIfExists'),
      }
    case 'delete':
      return { kind: 'delete', uri: uriOf(raw.uri, what), recursive: flag('recursive'), ignoreIfNotExists: flag('ignoreIfNotExists') }
    case undefined: {
      const document = raw.textDocument
      if (!isRecord(document)) throw malformed(what, `expected TextDocumentEdit, got ${preview(raw)}`)
      const version = document.version
      if (version !== null && version !== undefined && !Number.isInteger(version)) {
        throw malformed(what, `TextDocumentEdit version is not an integer: ${preview(version)}`)
      }
      const uri = uriOf(document.uri, what)
      return { kind: 'edit', uri, version: (version as number | null | undefined) ?? null, edits: textEdits(raw.edits, uri, what) }
    }
    default:
      throw malformed(what, `unknown resource operation kind ${preview(raw.kind)}`)
  }
}

function uriOf(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw malformed(what, `expected a document URI, got ${preview(value)}`)
  return canonicalUri(value)
}

/**
 * `TextEdit[]` of the document `uri`, sorted stably by start (LSP 3.17 §TextEdit[]). An edit
 * repeating an earlier one of a non-empty range (same range, same `newText`) is dropped:
 * typescript-language-server 5.3 sends the `foo` of `import { foo as bar }` once per overload of
 * `foo`, and only one of them can be applied. Inserts at one place are all kept, in order (each is
 * text of the result). Any other edits of overlapping ranges conflict.
 * @throws LspError `LSP_MALFORMED_RESPONSE` naming the file, its 1-based line and both texts.
 */
function textEdits(raw: unknown, uri: string, what: string): LspTextEdit[] {
  if (!Array.isArray(raw)) throw malformed(what, `expected TextEdit[], got ${preview(raw)}`)
  const seen = new Set<string>()
  const edits: LspTextEdit[] = []
  for (const edit of raw) {
    if (!isRecord(edit) || !isRange(edit.range) || typeof edit.newText !== 'string') {
      // A SnippetTextEdit (LSP 3.18) carries `snippet` instead of `newText`: not advertised, not accepted.
      throw malformed(what, `expected TextEdit, got ${preview(edit)}`)
    }
    const range = copyRange(edit.range)
    const insert = range.start.line === range.end.line && range.start.character === range.end.character
    if (!insert) {
      const key = JSON.stringify([range, edit.newText])
      if (seen.has(key)) continue
      seen.add(key)
    }
    edits.push({ range, newText: edit.newText })
  }
  edits.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character)
  for (let index = 1; index < edits.length; index++) {
    const previous = edits[index - 1]!
    const current = edits[index]!
    if (compareRanges({ start: current.range.start, end: current.range.start }, { start: previous.range.end, end: previous.range.end }) < 0) {
      const file = uriToPath(uri) ?? uri
      throw malformed(
        what,
        `two edits of ${file} overlap at line ${current.range.start.line + 1} (${preview(previous.newText)} and ${preview(current.newText)}); nothing was written: make this change with the edit operation instead`,
      )
    }
  }
  return edits
}
