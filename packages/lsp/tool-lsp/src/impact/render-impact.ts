import type { LspLocation } from '@agent-lsp/lsp'
import type { LineReader } from '../input/file-lines.js'
import { renderRow } from '../render/location-row.js'
import { toLocationTarget } from '../render/location-targets.js'
import { moreLine, pageOf, showing } from '../render/paging.js'
import { utf16ToCodePointColumn } from '../text/columns.js'
import { describeSpec } from './git.js'
import type { ImpactModel, ImpactNode } from './impact-model.js'

/** How rendering reads and cuts. */
export interface ImpactRenderContext {
  readonly roots: readonly string[]
  readonly readLines: LineReader
  readonly maxResults: number
  readonly page: number
  /** How hints name the input fields (see `LspToolOptions.writeFlags`); default the tool's. */
  readonly writeFlags?: 'tool' | 'command'
}

/** A body line, and the heading lines it sits under (shown again atop a later page). */
interface Row {
  readonly text: string
  readonly under: readonly string[]
}

/**
 * Render an impact answer. The first line counts: changed symbols and their files, references
 * (with how many are in tests) and their files, to what depth, and what the bounds cut. Then, per
 * changed symbol, `Kind name  path:line:col  changed lines A-B: N references (M in tests)`, its
 * references as rows (`path:line:col  code`, non-tests first, each test row starting `test `,
 * places the server could not resolve starting `unresolved `), and under it, indented, each symbol
 * holding one of them (`← Kind name  path:line:col: …`) with its own references, to the depth
 * bound. Then changed lines outside any symbol, removed declarations with the places still naming
 * them, and files not outlined. Body lines past `maxResults` come in pages (see `paging.ts`).
 */
export async function renderImpact(model: ImpactModel, context: ImpactRenderContext): Promise<string> {
  const rows: Row[] = []
  const place = async (location: LspLocation): Promise<string> => {
    const target = toLocationTarget(location, context.roots)
    if (target.kind === 'external') return target.file
    const line = (await context.readLines(target.absolutePath))?.[target.line]
    return `${target.file}:${target.line + 1}${line === undefined ? '' : `:${utf16ToCodePointColumn(line, target.character)}`}`
  }
  const row = async (location: LspLocation): Promise<string> => renderRow(toLocationTarget(location, context.roots), context.readLines)
  const all = flatten(model.changed)
  const refs = all.flatMap((node) => node.uses)
  const tests = refs.filter((use) => use.test).length
  const files = new Set(refs.map((use) => use.location.uri)).size
  const changedFiles = new Set(model.changed.map((node) => node.symbol.location.uri)).size

  const walk = async (node: ImpactNode, under: readonly string[]): Promise<void> => {
    const indent = '  '.repeat(node.depth - 1)
    const { symbol } = node
    const lines = node.depth === 1 ? `  changed lines ${spans(node.changedLines)}` : ''
    const count = node.unasked
      ? 'not asked (the bound on symbols asked, or on time, was reached)'
      : node.uses.length === 0
        ? 'no references'
        : `${plural(node.uses.length, 'reference')}${node.uses.some((use) => use.test) ? ` (${node.uses.filter((use) => use.test).length} in tests)` : ''}`
    const heading = `${indent}${node.depth === 1 ? '' : '← '}${symbol.kind} ${symbol.namePath}  ${await place(symbol.location)}${lines}: ${count}`
    rows.push({ text: heading, under })
    const inside = [...under, heading]
    if (node.partial) rows.push({ text: `${indent}  ${node.partial}`, under: inside })
    const ordered = [...node.uses.filter((use) => !use.test), ...node.uses.filter((use) => use.test)]
    for (const use of ordered) rows.push({ text: `${indent}  ${use.test ? 'test ' : ''}${await row(use.location)}`, under: inside })
    for (const candidate of node.candidates) rows.push({ text: `${indent}  ${candidate.reason === 'counterpart' ? 'in counterpart' : candidate.reason === 'fixture' ? 'pytest binds by name' : candidate.reason === 'interface' ? 'via unrelated interface' : candidate.declaration === undefined ? 'unresolved' : 'via declaration'} ${await row(candidate.location)}`, under: inside })
    for (const user of node.users) await walk(user, inside)
  }
  for (const node of model.changed) await walk(node, [])
  for (const { file, lines } of model.outside) rows.push({ text: `Changed outside any symbol: ${file} lines ${spans(lines)}`, under: [] })
  for (const removed of model.deleted) {
    const what = `Removed ${removed.name}  ${removed.file} old line ${removed.line}${removed.fileDeleted ? ' (file deleted)' : ''}`
    const named = removed.places.length + removed.more
    const heading = named === 0 ? `${what}: nothing names it now` : `${what}: ${plural(named, 'place')} still ${named === 1 ? 'names' : 'name'} it (git grep -w)`
    rows.push({ text: heading, under: [] })
    for (const location of removed.places) rows.push({ text: `  ${await row(location)}`, under: [heading] })
    if (removed.more > 0) rows.push({ text: `  … ${removed.more} more`, under: [heading] })
  }
  if (model.unread.length > 0) rows.push({ text: `Not outlined: ${model.unread.map(({ file, reason }) => `${file} (${reason})`).join(', ')}`, under: [] })

  const page = pageOf(rows.length, context.maxResults, context.page)
  const header =
    `Impact of ${describeSpec(model.spec)}: ${plural(model.changed.length, 'changed symbol')} in ${plural(changedFiles, 'file')}; ` +
    `${plural(refs.length, 'reference')} (${tests} in tests) in ${plural(files, 'file')}, to depth ${model.maxDepth}` +
    (model.cut > 0 ? `; ${plural(model.cut, 'symbol')} at depth ${model.maxDepth + 1} not followed` : '') +
    (model.unasked > 0 ? `; ${plural(model.unasked, 'symbol')} not asked (count or time bound)` : '') +
    showing(page)
  if (model.changed.length === 0 && rows.length === 0) return `${header}\nNo changes in ${describeSpec(model.spec)}.`
  const shown = rows.slice(page.start, page.end)
  const first = shown[0]
  const continued = first === undefined ? [] : first.under.map((line) => `${line} (continued)`)
  return [header, ...continued, ...shown.map((entry) => entry.text), ...moreLine(page, context.writeFlags)].join('\n')
}

function flatten(nodes: readonly ImpactNode[]): ImpactNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.users)])
}

/** `1-2, 5` for lines 1, 2, 5. */
function spans(lines: readonly number[]): string {
  const sorted = [...lines].sort((a, b) => a - b)
  const parts: string[] = []
  for (let i = 0; i < sorted.length; i++) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`)
    i = j
  }
  return parts.join(', ')
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`
}
