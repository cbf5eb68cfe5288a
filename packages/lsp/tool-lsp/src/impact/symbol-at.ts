import type { LspSymbol, LspSymbolKind } from '@agent-lsp/lsp'

/** A document symbol with its name path (`Cart.addItem`). */
export interface PlacedSymbol {
  readonly symbol: LspSymbol
  readonly namePath: string
}

/** Kinds whose children are their own locals (pyright lists a function's variables): not descended into. */
export const bodies: ReadonlySet<LspSymbolKind> = new Set(['Function', 'Method', 'Constructor'])

/**
 * The innermost symbol of `symbols` (a `documentSymbol` tree) whose range holds zero-based line
 * `line`, not looking inside a function's, method's or constructor's children (their locals and
 * nested helpers are part of it); `undefined` when no symbol holds the line (imports, top-level
 * statements, blank lines between declarations).
 */
export function symbolAt(symbols: readonly LspSymbol[], line: number, parents: readonly string[] = []): PlacedSymbol | undefined {
  for (const symbol of symbols) {
    if (!holds(symbol, line)) continue
    const namePath = [...parents, symbol.name].join('.')
    if (bodies.has(symbol.kind)) return { symbol, namePath }
    return symbolAt(symbol.children, line, [...parents, symbol.name]) ?? { symbol, namePath }
  }
  return undefined
}

/** Every name in `symbols`, nested ones included. */
export function symbolNames(symbols: readonly LspSymbol[]): Set<string> {
  const names = new Set<string>()
  const walk = (list: readonly LspSymbol[]): void => {
    for (const symbol of list) {
      names.add(symbol.name)
      walk(symbol.children)
    }
  }
  walk(symbols)
  return names
}

function holds(symbol: LspSymbol, line: number): boolean {
  const { start, end } = symbol.range
  return start.line <= line && (line < end.line || (line === end.line && end.character > 0))
}
