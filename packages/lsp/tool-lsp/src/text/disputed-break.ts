import { disputedLineBreak, splitLines } from '@agent-lsp/text-lines'

/** A line break servers count otherwise than LSP, as a reader finds it. */
export interface DisputedBreak {
  readonly name: 'CR' | 'U+2028' | 'U+2029'
  /** `a lone CR`, `a U+2028`. */
  readonly label: string
  /** 1-based line (LSP lines) and code-point column, `5:8`; a leading byte order mark is no column. */
  readonly at: string
}

/** The first line break of `text` servers count otherwise than LSP (see `disputedLineBreak`), or `undefined`. */
export function disputedBreakAt(text: string): DisputedBreak | undefined {
  const found = disputedLineBreak(text)
  if (found === undefined) return undefined
  const lines = splitLines(text.slice(0, found.offset))
  const column = [...lines[lines.length - 1]!].length + 1 - (lines.length === 1 && text.startsWith('\ufeff') ? 1 : 0)
  return { name: found.name, label: found.name === 'CR' ? 'a lone CR' : `a ${found.name}`, at: `${lines.length}:${column}` }
}
