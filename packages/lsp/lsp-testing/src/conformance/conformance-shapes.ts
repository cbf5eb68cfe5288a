/**
 * Strict shape checks of the seam's result arms (`LspQueryResult`), written against the documented
 * types: every required field present with its type, optional fields absent or of their type
 * (never `undefined`), no fields the seam does not define, positions zero-based integers, ranges
 * ordered, and the orders each arm promises. Each failure names the path of the bad value.
 */
import type { LspQueryResult, LspRange } from '@agent-lsp/lsp'
import { codeActions, completionList, diagnostics, workspaceDiagnostics, workspaceEdit } from './conformance-edit-shapes.js'
import { callHierarchyItems, calls, typeHierarchy } from './conformance-hierarchy-shapes.js'
import { ConformanceError } from './conformance-types.js'
import {
  array,
  comparePositions,
  fail,
  incompleteReasons,
  index,
  locations,
  oneOf,
  preview,
  range,
  record,
  string,
  symbolKinds,
  uri,
  type Record_,
} from './conformance-values.js'

export { comparePositions, preview }

/** What a result is checked against beyond its own shape. */
export interface ShapeExpectation {
  /** The operation asked. */
  readonly operation: string
  /** The result kind the seam maps the operation to. */
  readonly kind: string
  /** The realpath of the workspace root: `resolvedWorkspaceRoot` must equal it. */
  readonly resolvedWorkspaceRoot: string
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

/** An index answer's provenance: its fields, an ISO 8601 build time, and sorted, distinct stale URIs. */
function provenance(value: unknown, path: string): void {
  const fields = record(value, path, ['source', 'index', 'builtAt', 'revision', 'staleUris'])
  if (fields.source !== 'index') fail(`${path}.source`, "must be 'index'", fields.source)
  string(fields.index, `${path}.index`, true)
  const builtAt = string(fields.builtAt, `${path}.builtAt`, true)
  if (Number.isNaN(Date.parse(builtAt)) || new Date(builtAt).toISOString() !== builtAt) fail(`${path}.builtAt`, 'must be an ISO 8601 UTC time (toISOString)', builtAt)
  string(fields.revision, `${path}.revision`, true)
  const stale = array(fields.staleUris, `${path}.staleUris`).map((item, i) => uri(item, `${path}.staleUris[${i}]`))
  stale.forEach((item, i) => {
    const previous = stale[i - 1]
    if (previous !== undefined && previous >= item) fail(`${path}.staleUris[${i}]`, 'must be sorted and distinct', item)
  })
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
  const starts = value.map((item) => (item as { range: LspRange }).range.start)
  starts.forEach((start, i) => {
    const previous = starts[i - 1]
    if (previous !== undefined && comparePositions(previous, start) > 0) fail(`${path}[${i}]`, 'starts before its previous sibling: document symbols must be in document order', start)
  })
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

/**
 * Check `value` is a well-formed result of `expected.operation` and return how many items it
 * holds (locations, symbols, calls, signatures, diagnostics, completion items, code actions; a
 * workspace edit's text edits and resource operations; 1 for a hover, 0 for `null`).
 * @throws ConformanceError naming the first bad path.
 */
export function checkResultShape(value: unknown, expected: ShapeExpectation): number {
  const path = `${expected.operation} result`
  const common = ['kind', 'resolvedWorkspaceRoot', 'completeness']
  // Keyed by the seam's result kinds: a new arm fails compilation until it has its fields here.
  const fieldsOf: { readonly [Kind in LspQueryResult['kind']]: readonly Exclude<keyof Extract<LspQueryResult, { kind: Kind }>, 'kind' | 'resolvedWorkspaceRoot' | 'completeness'>[] } = {
    locations: ['locations'],
    hover: ['hover'],
    symbols: ['symbols'],
    calls: ['direction', 'origins', 'calls'],
    signatureHelp: ['signatureHelp'],
    diagnostics: ['uri', 'diagnostics'],
    completion: ['completion'],
    workspaceEdit: ['edit'],
    codeActions: ['actions'],
    callHierarchyItems: ['items'],
    typeHierarchy: ['direction', 'origins', 'items'],
    workspaceDiagnostics: ['files', 'checks'],
    overlayDiagnostics: ['files'],
  }
  const own = (fieldsOf as Readonly<Record<string, readonly string[] | undefined>>)[expected.kind]
  if (own === undefined) throw new ConformanceError(`the suite has no shape check for result kind "${expected.kind}" (of ${expected.operation}); update @agent-lsp/lsp-testing`)
  if (typeof value === 'object' && value !== null && Object.hasOwn(value, 'crossCheck')) {
    fail(`${path}.crossCheck`, 'is set by the cross-check layer over the seam, never by a provider', (value as Record_).crossCheck)
  }
  const head = record(value, path, ['kind'], [...common, ...own, 'provenance'])
  if (head.kind !== expected.kind) fail(`${path}.kind`, `must be '${expected.kind}' for ${expected.operation}`, head.kind)
  const fields = record(value, path, [...common, ...own], ['provenance'])
  if (fields.provenance !== undefined) provenance(fields.provenance, `${path}.provenance`)
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
    case 'calls':
      return calls(fields, path, expected.operation)
    case 'callHierarchyItems':
      return callHierarchyItems(fields, path)
    case 'typeHierarchy':
      return typeHierarchy(fields, path, expected.operation)
    case 'workspaceDiagnostics':
      return workspaceDiagnostics(fields, path)
    case 'signatureHelp':
      return signatureHelp(fields.signatureHelp, `${path}.signatureHelp`)
    case 'completion':
      return completionList(fields.completion, `${path}.completion`)
    case 'workspaceEdit':
      return workspaceEdit(fields.edit, `${path}.edit`)
    case 'codeActions':
      return codeActions(fields.actions, `${path}.actions`)
    case 'overlayDiagnostics':
      // One item a file asked about (each may be clean).
      return array(fields.files, `${path}.files`).filter((file, i) => {
        const entry = record(file, `${path}.files[${i}]`, ['uri', 'diagnostics', 'completeness'])
        uri(entry.uri, `${path}.files[${i}].uri`)
        completeness(entry.completeness, `${path}.files[${i}].completeness`)
        return diagnostics(entry.diagnostics, `${path}.files[${i}].diagnostics`, false) >= 0
      }).length
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
