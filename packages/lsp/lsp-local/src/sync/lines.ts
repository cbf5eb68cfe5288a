import { lineEnd, lineStarts } from '@agent-lsp/text-lines'

/**
 * The text of zero-based line `line` of `text`, lines ending at `\r\n`, `\n` or `\r` as LSP
 * counts them (LSP 3.17 §Text Documents); `undefined` past the last line. Positions are UTF-16
 * units, as `text` indexes them.
 */
export function lineAt(text: string, line: number): string | undefined {
  const starts = lineStartsOf(text)
  if (!Number.isInteger(line) || line < 0 || line >= starts.length) return undefined
  return text.slice(starts[line], lineEnd(text, starts, line))
}

/** How many lines LSP counts in `text` (one more than its line breaks). */
export function lineCount(text: string): number {
  return lineStartsOf(text).length
}

/**
 * The {@link lineStarts} of `text`, kept for the last few texts asked about: the open documents'
 * texts are the same strings query after query, so a query near the end of a 10 MB file finds its
 * line at once instead of walking 400,000 lines each time. An entry is found by string equality,
 * which is a pointer comparison for the same string and stops at the first difference (or at the
 * lengths) for another.
 */
function lineStartsOf(text: string): Uint32Array {
  const at = recent.findIndex((entry) => entry.text === text)
  if (at >= 0) {
    const [entry] = recent.splice(at, 1)
    recent.push(entry!)
    return entry!.starts
  }
  const starts = lineStarts(text)
  recent.push({ text, starts })
  if (recent.length > RECENT_TEXTS) recent.shift()
  return starts
}

/**
 * A query asks about one text (its file's); two let a second query interleave. Each entry holds its
 * text alive, perhaps past its document's close: a few, not one per open document.
 */
const RECENT_TEXTS = 2
const recent: { readonly text: string; readonly starts: Uint32Array }[] = []
