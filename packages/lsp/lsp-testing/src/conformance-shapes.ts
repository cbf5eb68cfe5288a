/**
 * Strict shape checks of the seam's result arms (`LspQueryResult`), written against the documented
 * types: every required field present with its type, optional fields absent or of their type
 * (never `undefined`), no fields the seam does not define, positions zero-based integers, ranges
 * ordered, and the orders each arm promises. Each failure names the path of the bad value.
 */
import { ConformanceError } from './conformance-types.js'

type Record_ = Readonly<Record<string, unknown>>

/** What a result is checked against beyond its own shape. */
export interface ShapeExpectation {
  /** The operation asked. */
  readonly operation: string
  /** The result kind the seam maps the operation to. */
  readonly kind: string
  /** The realpath of the workspace root: `resolvedWorkspaceRoot` must equal it. */
  readonly resolvedWorkspaceRoot: string
}

const symbolKinds = new Set([
  'File', 'Module', 'Namespace', 'Package', 'Class', 'Method', 'Property', 'Field', 'Constructor', 'Enum', 'Interface',
  'Function', 'Variable', 'Constant', 'String', 'Number', 'Boolean', 'Array', 'Object', 'Key', 'Null', 'EnumMember',
  'Struct', 'Event', 'Operator', 'TypeParameter', 'Unknown',
])
const completionItemKinds = new Set([
  'Text', 'Method', 'Function', 'Constructor', 'Field', 'Variable', 'Class', 'Interface', 'Module', 'Property', 'Unit',
  'Value', 'Enum', 'Keyword', 'Snippet', 'Color', 'File', 'Reference', 'Folder', 'EnumMember', 'Constant', 'Struct',
  'Event', 'Operator', 'TypeParameter', 'Unknown',
])
const severities = new Set(['Error', 'Warning', 'Information', 'Hint'])
const incompleteReasons = new Set(['indexing', 'unconfigured', 'failed'])

function fail(path: string, problem: string, value: unknown): never {
  throw new ConformanceError(`${path} ${problem} (got ${preview(value)})`)
}

/** A short JSON rendering of a value, for messages. */
export function preview(value: unknown): string {
  if (value === undefined) return 'undefined'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 120 ? `${text.slice(0, 119)}…` : text
}

function record(value: unknown, path: string, required: readonly string[], optional: readonly string[] = []): Record_ {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object', value)
  const fields = value as Record_
  for (const key of required) if (!Object.hasOwn(fields, key)) fail(`${path}.${key}`, 'is required', fields)
  for (const key of Object.keys(fields)) {
    if (!required.includes(key) && !optional.includes(key)) fail(`${path}.${key}`, 'is not a field of the seam', fields[key])
    if (optional.includes(key) && fields[key] === undefined) fail(`${path}.${key}`, 'must be absent rather than undefined', undefined)
  }
  return fields
}

function array(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(path, 'must be an array', value)
  return value
}

function string(value: unknown, path: string, nonEmpty = false): string {
  if (typeof value !== 'string' || (nonEmpty && value === '')) fail(path, nonEmpty ? 'must be a non-empty string' : 'must be a string', value)
  return value
}

function index(value: unknown, path: string): number {
  if (!Number.isInteger(value) || (value as number) < 0) fail(path, 'must be a non-negative integer', value)
  return value as number
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'must be a boolean', value)
  return value
}

function oneOf(value: unknown, allowed: ReadonlySet<string>, path: string): string {
  if (typeof value !== 'string' || !allowed.has(value)) fail(path, `must be one of ${[...allowed].join(', ')}`, value)
  return value
}

interface Position {
  readonly line: number
  readonly character: number
}
interface Range {
  readonly start: Position
  readonly end: Position
}

/** Negative, zero or positive as `a` is before, at or after `b`. */
export function comparePositions(a: Position, b: Position): number {
  return a.line - b.line || a.character - b.character
}

function position(value: unknown, path: string): Position {
  const fields = record(value, path, ['line', 'character'])
  return { line: index(fields.line, `${path}.line`), character: index(fields.character, `${path}.character`) }
}

function range(value: unknown, path: string): Range {
  const fields = record(value, path, ['start', 'end'])
  const checked = { start: position(fields.start, `${path}.start`), end: position(fields.end, `${path}.end`) }
  if (comparePositions(checked.start, checked.end) > 0) fail(path, 'must not end before it starts', value)
  return checked
}

function uri(value: unknown, path: string): string {
  const text = string(value, path, true)
  if (!URL.canParse(text)) fail(path, 'must be an absolute URI', value)
  return text
}

interface Location {
  readonly uri: string
  readonly range: Range
}

function location(value: unknown, path: string): Location {
  const fields = record(value, path, ['uri', 'range'])
  return { uri: uri(fields.uri, `${path}.uri`), range: range(fields.range, `${path}.range`) }
}

function compareLocations(a: Location, b: Location): number {
  if (a.uri !== b.uri) return a.uri < b.uri ? -1 : 1
  return comparePositions(a.range.start, b.range.start) || comparePositions(a.range.end, b.range.end)
}

/** Locations deduplicated and sorted by `uri` (code-unit order), then start, then end. */
function locations(value: unknown, path: string): Location[] {
  const checked = array(value, path).map((item, i) => location(item, `${path}[${i}]`))
  checked.forEach((item, i) => {
    const previous = checked[i - 1]
    if (previous === undefined) return
    const order = compareLocations(previous, item)
    if (order === 0) fail(`${path}[${i}]`, `repeats ${path}[${i - 1}]: locations must be deduplicated`, item)
    if (order > 0) fail(`${path}[${i}]`, `comes before ${path}[${i - 1}]: locations must be sorted by uri, then range`, item)
  })
  return checked
}

function completeness(value: unknown, path: string): void {
  const fields = record(value, path, ['state'], ['reason', 'message'])
  if (fields.state === 'complete') {
    record(value, path, ['state'])
    return
  }
  if (fields.state !== 'partial') fail(`${path}.state`, "must be 'complete' or 'partial'", fields.state)
  record(value, path, ['state', 'reason', 'message'])
  oneOf(fields.reason, incompleteReasons, `${path}.reason`)
  string(fields.message, `${path}.message`, true)
}

function symbol(value: unknown, path: string, flat: boolean): void {
  const fields = record(value, path, ['name', 'kind', 'uri', 'range', 'selectionRange', 'children'], ['detail', 'containerName'])
  string(fields.name, `${path}.name`)
  oneOf(fields.kind, symbolKinds, `${path}.kind`)
  if (fields.detail !== undefined) string(fields.detail, `${path}.detail`)
  if (fields.containerName !== undefined) string(fields.containerName, `${path}.containerName`)
  uri(fields.uri, `${path}.uri`)
  const outer = range(fields.range, `${path}.range`)
  const name = range(fields.selectionRange, `${path}.selectionRange`)
  if (comparePositions(name.start, outer.start) < 0 || comparePositions(name.end, outer.end) > 0) {
    fail(`${path}.selectionRange`, `must lie within range ${preview(outer)}`, name)
  }
  const children = array(fields.children, `${path}.children`)
  if (flat && children.length > 0) fail(`${path}.children`, 'must be empty: workspace symbols are a flat list', children)
  symbols(children, `${path}.children`, flat)
}

/** Symbols; document symbols (not `flat`) are in document order at every level. */
function symbols(value: readonly unknown[], path: string, flat: boolean): void {
  value.forEach((item, i) => symbol(item, `${path}[${i}]`, flat))
  if (flat) return
  const starts = value.map((item) => (item as { range: Range }).range.start)
  starts.forEach((start, i) => {
    const previous = starts[i - 1]
    if (previous !== undefined && comparePositions(previous, start) > 0) fail(`${path}[${i}]`, 'starts before its previous sibling: document symbols must be in document order', start)
  })
}

function callItem(value: unknown, path: string): { uri: string; selectionRange: Range } {
  const fields = record(value, path, ['name', 'kind', 'uri', 'range', 'selectionRange'], ['detail'])
  string(fields.name, `${path}.name`)
  oneOf(fields.kind, symbolKinds, `${path}.kind`)
  if (fields.detail !== undefined) string(fields.detail, `${path}.detail`)
  range(fields.range, `${path}.range`)
  return { uri: uri(fields.uri, `${path}.uri`), selectionRange: range(fields.selectionRange, `${path}.selectionRange`) }
}

function calls(fields: Record_, path: string, operation: string): { origins: number; calls: number } {
  const direction = operation === 'incomingCalls' ? 'incoming' : 'outgoing'
  if (fields.direction !== direction) fail(`${path}.direction`, `must be '${direction}' for ${operation}`, fields.direction)
  const origins = array(fields.origins, `${path}.origins`)
  origins.forEach((item, i) => callItem(item, `${path}.origins[${i}]`))
  const list = array(fields.calls, `${path}.calls`)
  const items = list.map((call, i) => {
    const at = `${path}.calls[${i}]`
    const entry = record(call, at, ['item', 'callSites'])
    const item = callItem(entry.item, `${at}.item`)
    const sites = locations(entry.callSites, `${at}.callSites`)
    if (sites.length === 0) fail(`${at}.callSites`, 'must name at least one call site', sites)
    return item
  })
  items.forEach((item, i) => {
    const previous = items[i - 1]
    if (previous === undefined) return
    const order = previous.uri === item.uri ? comparePositions(previous.selectionRange.start, item.selectionRange.start) : previous.uri < item.uri ? -1 : 1
    if (order > 0) fail(`${path}.calls[${i}].item`, 'comes before the previous call: calls must be sorted by item uri, then position', item)
  })
  return { origins: origins.length, calls: list.length }
}

function signatureHelp(value: unknown, path: string): number {
  if (value === null) return 0
  const fields = record(value, path, ['signatures', 'activeSignature', 'activeParameter'])
  const signatures = array(fields.signatures, `${path}.signatures`)
  if (signatures.length === 0) fail(`${path}.signatures`, 'must not be empty: no signature is `signatureHelp: null`', signatures)
  const parameterCounts = signatures.map((item, i) => {
    const at = `${path}.signatures[${i}]`
    const signature = record(item, at, ['label', 'parameters'], ['documentation', 'activeParameter'])
    string(signature.label, `${at}.label`)
    if (signature.documentation !== undefined) string(signature.documentation, `${at}.documentation`)
    if (signature.activeParameter !== undefined) index(signature.activeParameter, `${at}.activeParameter`)
    const parameters = array(signature.parameters, `${at}.parameters`)
    parameters.forEach((parameter, j) => {
      const fieldsOf = record(parameter, `${at}.parameters[${j}]`, ['label'], ['documentation'])
      string(fieldsOf.label, `${at}.parameters[${j}].label`)
      if (fieldsOf.documentation !== undefined) string(fieldsOf.documentation, `${at}.parameters[${j}].documentation`)
    })
    return parameters.length
  })
  const active = index(fields.activeSignature, `${path}.activeSignature`)
  if (active >= signatures.length) fail(`${path}.activeSignature`, `must index signatures (${signatures.length})`, active)
  if (fields.activeParameter !== null) {
    const parameter = index(fields.activeParameter, `${path}.activeParameter`)
    const count = parameterCounts[active] ?? 0
    if (parameter >= count) fail(`${path}.activeParameter`, `must index the active signature's ${count} parameters, or be null`, parameter)
  }
  return signatures.length
}

/** Diagnostics; those of a file (`ordered`) are in document order, an action's as the server named them. */
function diagnostics(value: unknown, path: string, ordered = true): number {
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

/** One document's text edits: each `{ range, newText }`, no two overlapping (inserts at one spot may repeat). */
function textEdits(value: unknown, path: string): { range: Range; newText: string }[] {
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
function workspaceEdit(value: unknown, path: string): number {
  if (value === null) return 0
  const fields = record(value, path, ['changes'])
  const count = array(fields.changes, `${path}.changes`).reduce<number>((sum, change, i) => sum + documentChange(change, `${path}.changes[${i}]`), 0)
  if (count === 0) fail(path, 'changes nothing: an edit without changes must be `null`', value)
  return count
}

/** A completion list or `null`; returns its item count. Items are ordered by `sortText` (code-unit order). */
function completionList(value: unknown, path: string): number {
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
function codeActions(value: unknown, path: string): number {
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

/**
 * Check `value` is a well-formed result of `expected.operation` and return how many items it
 * holds (locations, symbols, calls, signatures, diagnostics, completion items, code actions; a
 * workspace edit's text edits and resource operations; 1 for a hover, 0 for `null`).
 * @throws ConformanceError naming the first bad path.
 */
export function checkResultShape(value: unknown, expected: ShapeExpectation): number {
  const path = `${expected.operation} result`
  const common = ['kind', 'resolvedWorkspaceRoot', 'completeness']
  const fieldsOf: Readonly<Record<string, readonly string[]>> = {
    locations: ['locations'],
    hover: ['hover'],
    symbols: ['symbols'],
    calls: ['direction', 'origins', 'calls'],
    signatureHelp: ['signatureHelp'],
    diagnostics: ['uri', 'diagnostics'],
    completion: ['completion'],
    workspaceEdit: ['edit'],
    codeActions: ['actions'],
  }
  const own = fieldsOf[expected.kind]
  if (own === undefined) throw new ConformanceError(`the suite has no shape check for result kind "${expected.kind}" (of ${expected.operation}); update @agent-lsp/lsp-testing`)
  const head = record(value, path, ['kind'], [...common, ...own])
  if (head.kind !== expected.kind) fail(`${path}.kind`, `must be '${expected.kind}' for ${expected.operation}`, head.kind)
  const fields = record(value, path, [...common, ...own])
  if (fields.resolvedWorkspaceRoot !== expected.resolvedWorkspaceRoot) {
    fail(`${path}.resolvedWorkspaceRoot`, `must be the realpath of the workspace root, ${expected.resolvedWorkspaceRoot}`, fields.resolvedWorkspaceRoot)
  }
  completeness(fields.completeness, `${path}.completeness`)
  switch (expected.kind) {
    case 'locations':
      return locations(fields.locations, `${path}.locations`).length
    case 'hover': {
      if (fields.hover === null) return 0
      const hover = record(fields.hover, `${path}.hover`, ['contents'], ['range'])
      string(hover.contents, `${path}.hover.contents`, true)
      if (hover.range !== undefined) range(hover.range, `${path}.hover.range`)
      return 1
    }
    case 'symbols': {
      const list = array(fields.symbols, `${path}.symbols`)
      symbols(list, `${path}.symbols`, expected.operation === 'workspaceSymbol')
      return list.length
    }
    case 'calls': {
      const counted = calls(fields, path, expected.operation)
      if (counted.origins === 0 && counted.calls > 0) fail(`${path}.calls`, 'must be empty when there are no origins', fields.calls)
      return counted.calls
    }
    case 'signatureHelp':
      return signatureHelp(fields.signatureHelp, `${path}.signatureHelp`)
    case 'completion':
      return completionList(fields.completion, `${path}.completion`)
    case 'workspaceEdit':
      return workspaceEdit(fields.edit, `${path}.edit`)
    case 'codeActions':
      return codeActions(fields.actions, `${path}.actions`)
    default: {
      uri(fields.uri, `${path}.uri`)
      return diagnostics(fields.diagnostics, `${path}.diagnostics`)
    }
  }
}

/** Every `file:` URI anywhere in a result (locations, symbols, call items, diagnostics, edits' `uri`, `oldUri`, `newUri`). */
export function fileUrisIn(value: unknown): string[] {
  const found: string[] = []
  const visit = (node: unknown, key: string | undefined): void => {
    if (Array.isArray(node)) node.forEach((item) => visit(item, undefined))
    else if (typeof node === 'object' && node !== null) for (const [k, v] of Object.entries(node)) visit(v, k)
    else if ((key === 'uri' || key === 'oldUri' || key === 'newUri') && typeof node === 'string' && node.startsWith('file:')) found.push(node)
  }
  visit(value, undefined)
  return found
}
