/**
 * The value checks every shape check is built of: objects with exactly the seam's fields, strings,
 * indexes, positions, ranges, URIs and sorted locations, and the seam's enumerations. Each failure
 * names the path of the bad value.
 */
import type {
  LspCompletionItemKind,
  LspDiagnosticSeverity,
  LspIncompleteReason,
  LspLocation,
  LspPosition,
  LspRange,
  LspSymbolKind,
} from '@agent-lsp/lsp'
import { ConformanceError } from './conformance-types.js'

export type Record_ = Readonly<Record<string, unknown>>

/** The members of a string union, as a set; `satisfies` makes the table total, so the seam gaining a member fails compilation here. */
const members = <T extends string>(table: Record<T, true>): ReadonlySet<string> => new Set(Object.keys(table))

export const symbolKinds = members<LspSymbolKind>({
  File: true, Module: true, Namespace: true, Package: true, Class: true, Method: true, Property: true, Field: true,
  Constructor: true, Enum: true, Interface: true, Function: true, Variable: true, Constant: true, String: true,
  Number: true, Boolean: true, Array: true, Object: true, Key: true, Null: true, EnumMember: true, Struct: true,
  Event: true, Operator: true, TypeParameter: true, Unknown: true,
})
export const completionItemKinds = members<LspCompletionItemKind>({
  Text: true, Method: true, Function: true, Constructor: true, Field: true, Variable: true, Class: true, Interface: true,
  Module: true, Property: true, Unit: true, Value: true, Enum: true, Keyword: true, Snippet: true, Color: true, File: true,
  Reference: true, Folder: true, EnumMember: true, Constant: true, Struct: true, Event: true, Operator: true,
  TypeParameter: true, Unknown: true,
})
export const severities = members<LspDiagnosticSeverity>({ Error: true, Warning: true, Information: true, Hint: true })
export const incompleteReasons = members<LspIncompleteReason>({ indexing: true, unconfigured: true, failed: true, unresolved: true, unchecked: true, stale: true, misplaced: true })

export function fail(path: string, problem: string, value: unknown): never {
  throw new ConformanceError(`${path} ${problem} (got ${preview(value)})`)
}

/** A short JSON rendering of a value, for messages. */
export function preview(value: unknown): string {
  if (value === undefined) return 'undefined'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 120 ? `${text.slice(0, 119)}…` : text
}

export function record(value: unknown, path: string, required: readonly string[], optional: readonly string[] = []): Record_ {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object', value)
  const fields = value as Record_
  for (const key of required) if (!Object.hasOwn(fields, key)) fail(`${path}.${key}`, 'is required', fields)
  for (const key of Object.keys(fields)) {
    if (!required.includes(key) && !optional.includes(key)) fail(`${path}.${key}`, 'is not a field of the seam', fields[key])
    if (optional.includes(key) && fields[key] === undefined) fail(`${path}.${key}`, 'must be absent rather than undefined', undefined)
  }
  return fields
}

export function array(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) fail(path, 'must be an array', value)
  return value
}

export function string(value: unknown, path: string, nonEmpty = false): string {
  if (typeof value !== 'string' || (nonEmpty && value === '')) fail(path, nonEmpty ? 'must be a non-empty string' : 'must be a string', value)
  return value
}

export function index(value: unknown, path: string): number {
  if (!Number.isInteger(value) || (value as number) < 0) fail(path, 'must be a non-negative integer', value)
  return value as number
}

export function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') fail(path, 'must be a boolean', value)
  return value
}

export function oneOf(value: unknown, allowed: ReadonlySet<string>, path: string): string {
  if (typeof value !== 'string' || !allowed.has(value)) fail(path, `must be one of ${[...allowed].join(', ')}`, value)
  return value
}

/** Negative, zero or positive as `a` is before, at or after `b`. */
export function comparePositions(a: LspPosition, b: LspPosition): number {
  return a.line - b.line || a.character - b.character
}

export function position(value: unknown, path: string): LspPosition {
  const fields = record(value, path, ['line', 'character'])
  return { line: index(fields.line, `${path}.line`), character: index(fields.character, `${path}.character`) }
}

export function range(value: unknown, path: string): LspRange {
  const fields = record(value, path, ['start', 'end'])
  const checked = { start: position(fields.start, `${path}.start`), end: position(fields.end, `${path}.end`) }
  if (comparePositions(checked.start, checked.end) > 0) fail(path, 'must not end before it starts', value)
  return checked
}

export function uri(value: unknown, path: string): string {
  const text = string(value, path, true)
  if (!URL.canParse(text)) fail(path, 'must be an absolute URI', value)
  return text
}

export function location(value: unknown, path: string): LspLocation {
  const fields = record(value, path, ['uri', 'range'])
  return { uri: uri(fields.uri, `${path}.uri`), range: range(fields.range, `${path}.range`) }
}

function compareLocations(a: LspLocation, b: LspLocation): number {
  if (a.uri !== b.uri) return a.uri < b.uri ? -1 : 1
  return comparePositions(a.range.start, b.range.start) || comparePositions(a.range.end, b.range.end)
}

/** Locations deduplicated and sorted by `uri` (code-unit order), then start, then end. */
export function locations(value: unknown, path: string): LspLocation[] {
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
