/**
 * Shape checks of the seam's diagnostics and edit family (`LspDiagnostic`, `LspWorkspaceEdit`,
 * `LspCompletionList`, `LspCodeAction`), as the result checks use them.
 */
import type { LspRange } from '@agent-lsp/lsp'
import {
  array,
  boolean,
  comparePositions,
  completionItemKinds,
  fail,
  location,
  oneOf,
  preview,
  range,
  record,
  severities,
  string,
  uri,
} from './conformance-values.js'

/** Diagnostics; those of a file (`ordered`) are in document order, an action's as the server named them. */
export function diagnostics(value: unknown, path: string, ordered = true): number {
  const list = array(value, path)
  const starts = list.map((item, i) => {
    const at = `${path}[${i}]`
    const fields = record(item, at, ['range', 'severity', 'message', 'relatedInformation'], ['code', 'source'])
    const checked = range(fields.range, `${at}.range`)
    oneOf(fields.severity, severities, `${at}.severity`)
    if (fields.code !== undefined && typeof fields.code !== 'string' && !Number.isFinite(fields.code)) fail(`${at}.code`, 'must be a string or a number', fields.code)
    if (fields.source !== undefined) string(fields.source, `${at}.source`)
    string(fields.message, `${at}.message`)
    array(fields.relatedInformation, `${at}.relatedInformation`).forEach((info, j) => {
      const related = record(info, `${at}.relatedInformation[${j}]`, ['location', 'message'])
      location(related.location, `${at}.relatedInformation[${j}].location`)
      string(related.message, `${at}.relatedInformation[${j}].message`)
    })
    return checked.start
  })
  if (!ordered) return list.length
  starts.forEach((start, i) => {
    const previous = starts[i - 1]
    if (previous !== undefined && comparePositions(previous, start) > 0) fail(`${path}[${i}]`, 'starts before the previous diagnostic: diagnostics must be in document order', start)
  })
  return list.length
}

/**
 * A `workspaceDiagnostics` answer's own fields: `files` sorted by distinct URI, each with at least
 * one diagnostic in document order; `checks` non-empty strings. The number of diagnostics.
 */
export function workspaceDiagnostics(fields: Readonly<Record<string, unknown>>, path: string): number {
  const files = array(fields.files, `${path}.files`)
  let count = 0
  let previous: string | undefined
  files.forEach((file, i) => {
    const at = `${path}.files[${i}]`
    const entry = record(file, at, ['uri', 'diagnostics'])
    const fileUri = uri(entry.uri, `${at}.uri`)
    if (previous !== undefined && previous >= fileUri) fail(`${at}.uri`, 'must come after the previous file: files are sorted by distinct uri', fileUri)
    previous = fileUri
    const size = diagnostics(entry.diagnostics, `${at}.diagnostics`)
    if (size === 0) fail(`${at}.diagnostics`, 'must not be empty: a file without diagnostics is left out', entry.diagnostics)
    count += size
  })
  array(fields.checks, `${path}.checks`).forEach((check, i) => string(check, `${path}.checks[${i}]`, true))
  return count
}

/** One document's text edits: each `{ range, newText }`, no two overlapping (inserts at one spot may repeat). */
function textEdits(value: unknown, path: string): { range: LspRange; newText: string }[] {
  const edits = array(value, path).map((item, i) => {
    const at = `${path}[${i}]`
    const fields = record(item, at, ['range', 'newText'])
    return { range: range(fields.range, `${at}.range`), newText: string(fields.newText, `${at}.newText`), i }
  })
  const sorted = [...edits].sort((a, b) => comparePositions(a.range.start, b.range.start) || comparePositions(a.range.end, b.range.end) || a.i - b.i)
  sorted.forEach((edit, k) => {
    const previous = sorted[k - 1]
    if (previous !== undefined && comparePositions(edit.range.start, previous.range.end) < 0) {
      fail(`${path}[${edit.i}].range`, `overlaps ${path}[${previous.i}].range ${preview(previous.range)}: text edits of one document must not overlap`, edit.range)
    }
  })
  return edits.map(({ range: r, newText }) => ({ range: r, newText }))
}

/** A step of a workspace edit; returns how many changes it makes (its text edits, or 1 for a resource operation). */
function documentChange(value: unknown, path: string): number {
  const head = record(value, path, ['kind'], ['uri', 'version', 'edits', 'oldUri', 'newUri', 'overwrite', 'ignoreIfExists', 'recursive', 'ignoreIfNotExists'])
  switch (head.kind) {
    case 'edit': {
      const fields = record(value, path, ['kind', 'uri', 'version', 'edits'])
      uri(fields.uri, `${path}.uri`)
      if (fields.version !== null && !Number.isInteger(fields.version)) fail(`${path}.version`, 'must be an integer or null', fields.version)
      return textEdits(fields.edits, `${path}.edits`).length
    }
    case 'create': {
      const fields = record(value, path, ['kind', 'uri', 'overwrite', 'ignoreIfExists'])
      uri(fields.uri, `${path}.uri`)
      boolean(fields.overwrite, `${path}.overwrite`)
      boolean(fields.ignoreIfExists, `${path}.ignoreIfExists`)
      return 1
    }
    case 'rename': {
      const fields = record(value, path, ['kind', 'oldUri', 'newUri', 'overwrite', 'ignoreIfExists'])
      uri(fields.oldUri, `${path}.oldUri`)
      uri(fields.newUri, `${path}.newUri`)
      boolean(fields.overwrite, `${path}.overwrite`)
      boolean(fields.ignoreIfExists, `${path}.ignoreIfExists`)
      return 1
    }
    case 'delete': {
      const fields = record(value, path, ['kind', 'uri', 'recursive', 'ignoreIfNotExists'])
      uri(fields.uri, `${path}.uri`)
      boolean(fields.recursive, `${path}.recursive`)
      boolean(fields.ignoreIfNotExists, `${path}.ignoreIfNotExists`)
      return 1
    }
    default:
      return fail(`${path}.kind`, "must be 'edit', 'create', 'rename' or 'delete'", head.kind)
  }
}

/**
 * A workspace edit or `null`; returns how many changes it makes (text edits and resource
 * operations), 0 for `null`. An edit that changes nothing must be `null` instead.
 */
export function workspaceEdit(value: unknown, path: string): number {
  if (value === null) return 0
  const fields = record(value, path, ['changes'])
  const count = array(fields.changes, `${path}.changes`).reduce<number>((sum, change, i) => sum + documentChange(change, `${path}.changes[${i}]`), 0)
  if (count === 0) fail(path, 'changes nothing: an edit without changes must be `null`', value)
  return count
}

/** A completion list or `null`; returns its item count. Items are ordered by `sortText` (code-unit order). */
export function completionList(value: unknown, path: string): number {
  if (value === null) return 0
  const fields = record(value, path, ['isIncomplete', 'items'])
  boolean(fields.isIncomplete, `${path}.isIncomplete`)
  const sortTexts = array(fields.items, `${path}.items`).map((item, i) => {
    const at = `${path}.items[${i}]`
    const entry = record(item, at, ['label', 'kind', 'insertText', 'snippet', 'sortText', 'deprecated'], ['detail', 'documentation'])
    string(entry.label, `${at}.label`, true)
    oneOf(entry.kind, completionItemKinds, `${at}.kind`)
    if (entry.detail !== undefined) string(entry.detail, `${at}.detail`)
    if (entry.documentation !== undefined) string(entry.documentation, `${at}.documentation`)
    string(entry.insertText, `${at}.insertText`)
    boolean(entry.snippet, `${at}.snippet`)
    boolean(entry.deprecated, `${at}.deprecated`)
    return string(entry.sortText, `${at}.sortText`)
  })
  sortTexts.forEach((sortText, i) => {
    const previous = sortTexts[i - 1]
    if (previous !== undefined && previous > sortText) fail(`${path}.items[${i}].sortText`, `sorts before the previous item's ${preview(previous)}: items must be ordered by sortText`, sortText)
  })
  return sortTexts.length
}

/** Code actions, in the server's order; returns how many. */
export function codeActions(value: unknown, path: string): number {
  const list = array(value, path)
  list.forEach((item, i) => {
    const at = `${path}[${i}]`
    const fields = record(item, at, ['title', 'kind', 'isPreferred', 'disabledReason', 'diagnostics', 'edit', 'command'])
    string(fields.title, `${at}.title`, true)
    if (fields.kind !== null) string(fields.kind, `${at}.kind`, true)
    boolean(fields.isPreferred, `${at}.isPreferred`)
    if (fields.disabledReason !== null) string(fields.disabledReason, `${at}.disabledReason`)
    diagnostics(fields.diagnostics, `${at}.diagnostics`, false)
    workspaceEdit(fields.edit, `${at}.edit`)
    if (fields.command !== null) {
      const command = record(fields.command, `${at}.command`, ['title', 'command'])
      string(command.title, `${at}.command.title`)
      string(command.command, `${at}.command.command`, true)
    }
  })
  return list.length
}
