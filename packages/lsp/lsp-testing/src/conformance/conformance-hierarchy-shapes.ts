/**
 * Shape checks of the seam's hierarchy items (`LspCallHierarchyItem`, `LspTypeHierarchyItem`) and
 * of the answers made of them (`calls`, `callHierarchyItems`, `typeHierarchy`), as the result
 * checks use them.
 */
import type { LspRange } from '@agent-lsp/lsp'
import { array, comparePositions, fail, locations, oneOf, range, record, string, symbolKinds, uri, type Record_ } from './conformance-values.js'

/** A call or type hierarchy item: the two have the same fields. */
export function hierarchyItem(value: unknown, path: string): { uri: string; selectionRange: LspRange } {
  const fields = record(value, path, ['name', 'kind', 'uri', 'range', 'selectionRange'], ['detail'])
  string(fields.name, `${path}.name`)
  oneOf(fields.kind, symbolKinds, `${path}.kind`)
  if (fields.detail !== undefined) string(fields.detail, `${path}.detail`)
  range(fields.range, `${path}.range`)
  return { uri: uri(fields.uri, `${path}.uri`), selectionRange: range(fields.selectionRange, `${path}.selectionRange`) }
}

/** Items sorted by `uri`, then `selectionRange` start; `what` names the list in the failure. */
function sorted(items: readonly { uri: string; selectionRange: LspRange }[], path: string, what: string): void {
  items.forEach((item, i) => {
    const previous = items[i - 1]
    if (previous === undefined) return
    const order = previous.uri === item.uri ? comparePositions(previous.selectionRange.start, item.selectionRange.start) : previous.uri < item.uri ? -1 : 1
    if (order > 0) fail(`${path}[${i}]`, `comes before the previous one: ${what} must be sorted by uri, then position`, item)
  })
}

/** An `incomingCalls` or `outgoingCalls` answer's own fields; the number of calls. */
export function calls(fields: Record_, path: string, operation: string): number {
  const direction = operation === 'incomingCalls' ? 'incoming' : 'outgoing'
  if (fields.direction !== direction) fail(`${path}.direction`, `must be '${direction}' for ${operation}`, fields.direction)
  const origins = array(fields.origins, `${path}.origins`)
  origins.forEach((item, i) => hierarchyItem(item, `${path}.origins[${i}]`))
  const list = array(fields.calls, `${path}.calls`)
  const items = list.map((call, i) => {
    const at = `${path}.calls[${i}]`
    const entry = record(call, at, ['item', 'callSites'])
    const item = hierarchyItem(entry.item, `${at}.item`)
    const sites = locations(entry.callSites, `${at}.callSites`)
    if (sites.length === 0) fail(`${at}.callSites`, 'must name at least one call site', sites)
    return item
  })
  sorted(items, `${path}.calls`, 'calls (by item)')
  if (origins.length === 0 && list.length > 0) fail(`${path}.calls`, 'must be empty when there are no origins', fields.calls)
  return list.length
}

/** A `prepareCallHierarchy` answer's items; their number. */
export function callHierarchyItems(fields: Record_, path: string): number {
  const list = array(fields.items, `${path}.items`)
  list.forEach((item, i) => hierarchyItem(item, `${path}.items[${i}]`))
  return list.length
}

/** A `supertypes` or `subtypes` answer's own fields; the number of items. */
export function typeHierarchy(fields: Record_, path: string, operation: string): number {
  if (fields.direction !== operation) fail(`${path}.direction`, `must be '${operation}' for ${operation}`, fields.direction)
  const origins = array(fields.origins, `${path}.origins`)
  origins.forEach((item, i) => hierarchyItem(item, `${path}.origins[${i}]`))
  const list = array(fields.items, `${path}.items`)
  sorted(list.map((item, i) => hierarchyItem(item, `${path}.items[${i}]`)), `${path}.items`, 'items')
  if (origins.length === 0 && list.length > 0) fail(`${path}.items`, 'must be empty when there are no origins', fields.items)
  return list.length
}
