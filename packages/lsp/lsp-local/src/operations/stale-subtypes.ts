import { relative } from 'node:path'
import type { LspCompleteness, LspTypeHierarchyItem } from '@agent-lsp/lsp'
import { splitLines } from '@agent-lsp/text-lines'
import { uriToPath } from '../normalize/uri.js'
import { readText } from '../sync/read-text.js'

/** Lines read past a subtype's name for its bases, up to the `{` or `;` that ends them. */
const MAX_BASE_LINES = 10

/**
 * The subtypes the code still shows, and what was left out: a subtype whose file is gone, whose
 * name is no longer at its place, or whose bases (the text from its name to the `{` or `;` that
 * ends them) do not name any of `origins`. clangd 14 keeps the relations its background index
 * read of a file that changed or was deleted since (its merged index adds the new ones beside
 * them): `subtypes Polygon` still listed `Square` after `Square : Polygon` became `Square : Shape`,
 * and `Oval` of a deleted file (the twelfth trial). `root` names files in the message.
 */
export function currentSubtypes(origins: readonly LspTypeHierarchyItem[], items: readonly LspTypeHierarchyItem[], serverId: string, root: string): { readonly items: LspTypeHierarchyItem[]; readonly completeness?: LspCompleteness } {
  const names = origins.map((origin) => lastSegment(origin.name)).filter((name) => name !== '')
  if (names.length === 0) return { items: [...items] }
  const kept: LspTypeHierarchyItem[] = []
  const left: string[] = []
  for (const item of items) {
    const path = uriToPath(item.uri)
    if (path === null) {
      kept.push(item) // not a file: nothing to read it against
      continue
    }
    const where = `${relative(root, path)}:${item.selectionRange.start.line + 1} ${item.name}`
    const text = readText(path)
    if (text === undefined) {
      left.push(`${where}: its file is gone`)
      continue
    }
    const lines = splitLines(text)
    const { start, end } = item.selectionRange
    if (start.line !== end.line || lines[start.line]?.slice(start.character, end.character) !== lastSegment(item.name)) {
      left.push(`${where}: no longer declared there`)
      continue
    }
    const bases = [lines[start.line]!.slice(end.character), ...lines.slice(start.line + 1, start.line + MAX_BASE_LINES)].join('\n')
    const stop = bases.search(/[{;]/)
    const clause = stop === -1 ? bases : bases.slice(0, stop)
    if (!names.some((name) => new RegExp(`(^|[^\\w$])${name.replace(/[$]/g, '\\$')}($|[^\\w$])`).test(clause))) {
      left.push(`${where}: its bases do not name ${names.join(' or ')}`)
      continue
    }
    kept.push(item)
  }
  if (left.length === 0) return { items: kept }
  const message = `${serverId}'s index still lists ${left.length === 1 ? '1 subtype' : `${left.length} subtypes`} the code no longer shows, left out (${left.join('; ')}): it kept them from before their files changed`
  return { items: kept, completeness: { state: 'partial', reason: 'stale', message } }
}

/** `Polygon` of `shapes::Polygon`, `Polygon<T>` or `a.Polygon`. */
function lastSegment(name: string): string {
  return /([\w$]+)\s*(?:<.*>)?\s*$/.exec(name)?.[1] ?? ''
}
