import type { LspDocumentChange, LspTextEdit, LspWorkspaceEdit } from '@agent-lsp/lsp'
import { compareRanges, copyRange, isRange, isRecord, malformed, preview } from './shapes.js'
import { canonicalUri } from './uri.js'

/**
 * Normalize a `WorkspaceEdit` (LSP 3.17 §WorkspaceEdit) into one ordered list of steps:
 * `documentChanges` when present (each `TextDocumentEdit` with its version, `CreateFile`,
 * `RenameFile`, `DeleteFile` in the server's order), else `changes` (one edit step per URI,
 * sorted by URI, version `null`). Text edits of a step are sorted by start, stably (inserts at one
 * place keep their order); `AnnotatedTextEdit`s count as text edits (this client advertises no
 * change annotations). Steps without edits are dropped.
 * @returns the edit, or `null` when it changes nothing (`null`, `{}`, only empty edit lists).
 * @throws LspError `LSP_MALFORMED_RESPONSE` for another shape, or overlapping edits in one step.
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
      .map(([uri, edits]): LspDocumentChange => ({ kind: 'edit', uri: canonicalUri(uri), version: null, edits: textEdits(edits, what) }))
      .sort((a, b) => ((a as { uri: string }).uri < (b as { uri: string }).uri ? -1 : 1))
  } else {
    changes = []
  }
  const kept = changes.filter((change) => change.kind !== 'edit' || change.edits.length > 0)
  return kept.length === 0 ? null : { changes: kept }
}

/**
 * A `TextEdit[] | null` answer for one document (formatting), as a workspace edit of that
 * document; `null` when there are no edits.
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function textEditsAsWorkspaceEdit(raw: unknown, uri: string, what: string): LspWorkspaceEdit | null {
  if (raw === null || raw === undefined) return null
  const edits = textEdits(raw, what)
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
      return { kind: 'edit', uri: uriOf(document.uri, what), version: (version as number | null | undefined) ?? null, edits: textEdits(raw.edits, what) }
    }
    default:
      throw malformed(what, `unknown resource operation kind ${preview(raw.kind)}`)
  }
}

function uriOf(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw malformed(what, `expected a document URI, got ${preview(value)}`)
  return canonicalUri(value)
}

/** `TextEdit[]`, sorted stably by start; overlapping ranges are malformed (LSP 3.17 §TextEdit[]). */
function textEdits(raw: unknown, what: string): LspTextEdit[] {
  if (!Array.isArray(raw)) throw malformed(what, `expected TextEdit[], got ${preview(raw)}`)
  const edits = raw.map((edit): LspTextEdit => {
    if (!isRecord(edit) || !isRange(edit.range) || typeof edit.newText !== 'string') {
      // A SnippetTextEdit (LSP 3.18) carries `snippet` instead of `newText`: not advertised, not accepted.
      throw malformed(what, `expected TextEdit, got ${preview(edit)}`)
    }
    return { range: copyRange(edit.range), newText: edit.newText }
  })
  edits.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character)
  for (let index = 1; index < edits.length; index++) {
    const previous = edits[index - 1]!.range
    const current = edits[index]!.range
    if (compareRanges({ start: current.start, end: current.start }, { start: previous.end, end: previous.end }) < 0) {
      throw malformed(what, `text edits overlap at line ${current.start.line + 1}`)
    }
  }
  return edits
}
