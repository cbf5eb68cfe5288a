import type { LspCallHierarchyItem, LspCallHierarchyItemsResult, LspTypeHierarchyResult } from '@agent-lsp/lsp'
import type { Cursor } from '../input/cursor.js'
import type { LineReader } from '../input/file-lines.js'
import { compareTargets, targetLabel, toLocationTarget } from './location-targets.js'
import { codeAt, itemName } from './render-calls.js'

/**
 * One hierarchy item: `Kind Name  path:line:col  code of its name's line  (lines A-B)`, its
 * name qualified by its container when `detail` names one (`Cart.addItem`), else followed by its
 * `detail` (`— int (int)`) when it has one.
 */
async function itemRow(mark: string, item: LspCallHierarchyItem, roots: readonly string[], readLines: LineReader): Promise<string> {
  const target = toLocationTarget({ uri: item.uri, range: item.selectionRange }, roots)
  const name = itemName(item)
  const detail = item.detail !== undefined && name === item.name ? ` — ${item.detail.trim()}` : ''
  const code = await codeAt(target, readLines)
  const { start, end } = item.range
  const lines = start.line === end.line ? `line ${start.line + 1}` : `lines ${start.line + 1}-${end.line + 1}`
  return `${mark}${item.kind} ${name}${detail}  ${await targetLabel(target, readLines)}${code ? `  ${code}` : ''}  (${lines})`
}

/**
 * Render a `prepareCallHierarchy` answer: `N call hierarchy items at path:line:col`, then one
 * row an item (see {@link itemRow}), in the server's order.
 */
export async function renderCallHierarchyItems(result: LspCallHierarchyItemsResult, cursor: Cursor, readLines: LineReader, workspaceRoot: string): Promise<string> {
  if (result.items.length === 0) return `No function or method at ${cursor.label} (prepareCallHierarchy needs the cursor on one).`
  const roots = [result.resolvedWorkspaceRoot, workspaceRoot]
  const count = result.items.length
  const rows = await Promise.all(result.items.map((item) => itemRow('', item, roots, readLines)))
  return [`${count} call hierarchy ${count === 1 ? 'item' : 'items'} at ${cursor.label}`, ...rows].join('\n')
}

/**
 * Render a `supertypes` or `subtypes` answer: `N supertypes of Name`, then one row a type,
 * `↑` (a supertype) or `↓` (a subtype) before it (see {@link itemRow}), in display order.
 */
export async function renderTypeHierarchy(result: LspTypeHierarchyResult, cursor: Cursor, readLines: LineReader, workspaceRoot: string): Promise<string> {
  const { direction } = result
  if (result.origins.length === 0) return `No type at ${cursor.label} (${direction} needs the cursor on a class, struct or interface).`
  const origin = [...new Set(result.origins.map(itemName))].join(', ')
  if (result.items.length === 0) return `No ${direction} of ${origin} found at ${cursor.label}.`
  const roots = [result.resolvedWorkspaceRoot, workspaceRoot]
  const sorted = result.items
    .map((item) => ({ item, target: toLocationTarget({ uri: item.uri, range: item.selectionRange }, roots) }))
    .sort((a, b) => compareTargets(a.target, b.target))
  const rows = await Promise.all(sorted.map(({ item }) => itemRow(direction === 'supertypes' ? '↑ ' : '↓ ', item, roots, readLines)))
  const count = result.items.length
  const noun = count === 1 ? direction.slice(0, -1) : direction
  return [`${count} ${noun} of ${origin}`, ...rows].join('\n')
}
