// The names servers give symbols, and where a name sits in its declaration. Pure: no files, no queries.
import type { LspPosition, LspSymbol, LspSymbolKind } from '@agent-lsp/lsp'

/** Kinds of symbols whose bodies hold locals. */
export const functionKinds: ReadonlySet<LspSymbolKind> = new Set<LspSymbolKind>(['Function', 'Method', 'Constructor'])

/**
 * The name segments of a symbol name as servers write them: `addItem(String)` (a parameter list)
 * → `['addItem']`, `(*Cart).AddItem` (gopls) → `['Cart', 'AddItem']`, `Cart::addItem` (clangd) →
 * `['Cart', 'addItem']`, `impl Display for Cart` (rust-analyzer) → `['Cart']`, `Map<K, V>` →
 * `['Map']`. A name that is nothing but punctuation stays whole.
 */
export function nameSegments(name: string): string[] {
  let text = name.trim()
  const impl = /^impl\b(?:<[^>]*>)?\s+(?:.*\bfor\s+)?(.+)$/.exec(text)
  if (impl?.[1] !== undefined) text = impl[1]
  text = text.replace(/<[^<>]*>/g, '')
  if (!text.startsWith('(')) text = text.replace(/\([^()]*\)$/, '')
  const segments = text
    .replace(/[()*&]/g, '')
    .split(/::|\./)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '')
  return segments.length > 0 ? segments : [name]
}

const identifierPart = '[\\p{L}\\p{M}\\p{N}_$]'

/**
 * Where the name `name` starts in `lines` for `symbol`: its `selectionRange.start` when the name
 * is there, else the first whole-word occurrence of `name` inside `range` (servers that report a
 * workspace symbol's whole declaration, `export class Cart {…}`, put the start on `export`), else
 * `selectionRange.start` as it is. Positions are zero-based UTF-16, as `lines` index them.
 */
export function namePosition(lines: readonly string[], symbol: LspSymbol, name: string): LspPosition {
  const start = symbol.selectionRange.start
  if (name === '' || lines[start.line]?.startsWith(name, start.character)) return start
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const word = new RegExp(`(?<!${identifierPart})${escaped}(?!${identifierPart})`, 'gu')
  const { range } = symbol
  const lastLine = Math.min(range.end.line, lines.length - 1)
  for (let line = range.start.line; line <= lastLine; line++) {
    const text = lines[line] ?? ''
    word.lastIndex = line === range.start.line ? range.start.character : 0
    const found = word.exec(text)
    if (found && (line < range.end.line || found.index + name.length <= range.end.character)) return { line, character: found.index }
  }
  return start
}

/** The symbol's own name (the last segment of its name as the server writes it, see `nameSegments`). */
export function ownName(symbol: LspSymbol): string {
  const segments = nameSegments(symbol.name)
  return segments[segments.length - 1] ?? symbol.name
}
