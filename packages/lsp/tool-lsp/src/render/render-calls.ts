import type { LspCall, LspCallHierarchyItem, LspCallsResult, LspLocation } from '@agent-lsp/lsp'
import { codeAround } from './code-window.js'
import { utf16ToCodePointColumn } from '../text/columns.js'
import type { Cursor } from '../input/cursor.js'
import type { LineReader } from '../input/file-lines.js'
import { compareTargets, isUnder, targetLabel, toLocationTarget, type LocationTarget } from './location-targets.js'
import { moreLine, pageOf, showing } from './paging.js'
import type { RenderContext } from './render-context.js'
import { crossCheckLines } from './render-cross-check.js'
import { fieldWord } from '../input/field-word.js'
import { renderRow } from './location-row.js'

/** Call sites listed by position on a row; the rest are counted. */
const MAX_SITES_LISTED = 5

// A container name servers put in `detail` (tsserver: the class), not a signature or a path.
const qualifier = /^[\p{L}\p{N}_$]+(?:\.[\p{L}\p{N}_$]+)*$/u

/** `Cart.addItem` when the item's `detail` names its container, else `addItem`. */
export function itemName(item: LspCallHierarchyItem): string {
  const detail = item.detail?.trim()
  return detail && detail !== item.name && qualifier.test(detail) ? `${detail}.${item.name}` : item.name
}

/**
 * Render an `incomingCalls` or `outgoingCalls` answer, one row a caller or callee:
 * - incoming, under `N callers of name` (with the number of calls when it differs):
 *   `← Kind Caller.name  path:line:col  code of the first call` then `+N more calls at line:col, …`;
 * - outgoing, under `N calls from name to M functions (call sites in path)`: `→ Kind Callee.name
 *   path:line:col` (where the callee is declared), then `called at line:col, …` (in the origin's
 *   file, which the header names).
 * Rows in display order of the caller or callee; `fileFilter` keeps those under it; paged by rows.
 */
export async function renderCalls(result: LspCallsResult, cursor: Cursor, context: RenderContext): Promise<string> {
  const incoming = result.direction === 'incoming'
  const operation = incoming ? 'incomingCalls' : 'outgoingCalls'
  if (result.origins.length === 0) return `No function or method at ${cursor.label} (${operation} needs the cursor on one).`
  const checked = await crossCheckLines(result.crossCheck, context, [result.resolvedWorkspaceRoot, context.workspaceRoot], 'call')
  const origin = [...new Set(result.origins.map(itemName))].join(', ')
  const roots = [result.resolvedWorkspaceRoot, context.workspaceRoot]
  const all = result.calls
    .map((call) => ({ call, target: toLocationTarget({ uri: call.item.uri, range: call.item.selectionRange }, roots) }))
    .sort((a, b) => compareTargets(a.target, b.target))
  const what = incoming ? `callers of ${origin}` : `calls from ${origin}`
  // Above places the cross-check adds, "none" is what the server answered, not what there is.
  // A place using it as a value, which a server may list as a call site (gopls' `{"w": work}`), is listed apart: no call.
  const valuesOnly = (result.crossCheck?.valueUses?.count ?? 0) > 0 && result.crossCheck?.added.length === 0
  const none = checked.length === 0 ? `No ${what} found at ${cursor.label}.` : valuesOnly ? `No ${what} found at ${cursor.label} (a use as a value is not a call).` : `The server found no ${what} at ${cursor.label}.`
  if (all.length === 0) return [none, ...checked].join('\n')
  const { fileFilter } = context
  const rows = fileFilter === undefined ? all : all.filter(({ target }) => isUnder(target, fileFilter))
  const under = fileFilter === undefined ? '' : ` under ${fileFilter} (${all.length} in all)`
  if (rows.length === 0) {
    const none = checked.length === 0 ? `No ${what} found at ${cursor.label}${under}` : `None of the ${what} the server found at ${cursor.label} is${under}`
    return [`${none}; leave out ${fieldWord('fileFilter', context.writeFlags)} to see them.`, ...checked].join('\n')
  }
  const sites = rows.reduce((sum, { call }) => sum + call.callSites.length, 0)
  const count = rows.length
  // Outgoing call sites are in the origin's file: rows give their line:col there.
  const originPlace = toLocationTarget({ uri: result.origins[0]!.uri, range: result.origins[0]!.selectionRange }, roots)
  const header = incoming
    ? `${count} ${count === 1 ? 'caller' : 'callers'} of ${origin}${sites === count ? '' : ` (${sites} calls)`}`
    : `${sites} ${sites === 1 ? 'call' : 'calls'} from ${origin} to ${count} ${count === 1 ? 'function' : 'functions'}` +
      (originPlace.kind === 'workspace' ? ` (call sites in ${originPlace.file})` : '')
  const page = pageOf(count, context.maxResults, context.page)
  const shown = await Promise.all(
    rows.slice(page.start, page.end).map(({ call, target }) =>
      incoming ? incomingRow(call, target, roots, context.readLines) : outgoingRow(call, target, originPlace, roots, context.readLines),
    ),
  )
  return [`${header}${under}${showing(page)}`, ...shown, ...moreLine(page, context.writeFlags), ...checked].join('\n')
}

async function incomingRow(call: LspCall, item: LocationTarget, roots: readonly string[], readLines: LineReader): Promise<string> {
  const title = `← ${call.item.kind} ${itemName(call.item)}`
  const [first, ...others] = call.callSites.map((site) => toLocationTarget(site, roots)).sort(compareTargets)
  if (first === undefined) return `${title}  ${await targetLabel(item, readLines)}`
  // A workspace call site is a location row (`path:line:col  code`, or why it shows none).
  const place = first.kind === 'workspace' ? await renderRow(first, readLines) : await targetLabel(first, readLines)
  const more = others.length > 0 ? `  +${others.length} more ${others.length === 1 ? 'call' : 'calls'} at ${await siteList(others, first, readLines)}` : ''
  return `${title}  ${place}${more}`
}

async function outgoingRow(call: LspCall, item: LocationTarget, origin: LocationTarget, roots: readonly string[], readLines: LineReader): Promise<string> {
  const title = `→ ${call.item.kind} ${itemName(call.item)}  ${await targetLabel(item, readLines)}`
  const sites = call.callSites.map((site: LspLocation) => toLocationTarget(site, roots)).sort(compareTargets)
  return sites.length === 0 ? title : `${title}  called at ${await siteList(sites, origin, readLines)}`
}

/**
 * The first {@link MAX_SITES_LISTED} call sites, then `…`: `15:3` for one in the file of
 * `rowPlace` (the row's own place for incoming calls, the origin for outgoing ones, as the header
 * says), else the full `path:line:col`.
 */
async function siteList(sites: readonly LocationTarget[], rowPlace: LocationTarget, readLines: LineReader): Promise<string> {
  const labels = await Promise.all(
    sites.slice(0, MAX_SITES_LISTED).map(async (site) => {
      const label = await targetLabel(site, readLines)
      const sameFile = site.kind === 'workspace' && rowPlace.kind === 'workspace' && rowPlace.file === site.file
      return sameFile ? label.slice(site.file.length + 1) : label
    }),
  )
  return `${labels.join(', ')}${sites.length > MAX_SITES_LISTED ? ', …' : ''}`
}

/** The code of a workspace target's line around it (see `codeAround`); `''` outside or unreadable. */
export async function codeAt(target: LocationTarget, readLines: LineReader): Promise<string> {
  if (target.kind !== 'workspace') return ''
  const lineText = (await readLines(target.absolutePath))?.[target.line]
  return lineText === undefined ? '' : codeAround(lineText, utf16ToCodePointColumn(lineText, target.character))
}
