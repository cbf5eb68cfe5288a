/**
 * The text of zero-based line `line` of `text`, lines ending at `\r\n`, `\n` or `\r` as LSP
 * counts them (LSP 3.17 §Text Documents); `undefined` past the last line. Positions are UTF-16
 * units, as `text` indexes them.
 */
export function lineAt(text: string, line: number): string | undefined {
  const starts = lineStartsOf(text)
  if (!Number.isInteger(line) || line < 0 || line >= starts.length) return undefined
  return text.slice(starts[line], line + 1 < starts.length ? breakBefore(text, starts[line + 1]!) : text.length)
}

/** Where the line break ending at `next` (the next line's start) begins: one unit back, two for `\r\n`. */
function breakBefore(text: string, next: number): number {
  return next >= 2 && text.charCodeAt(next - 1) === LF && text.charCodeAt(next - 2) === CR ? next - 2 : next - 1
}

const LF = 10
const CR = 13

/**
 * The UTF-16 offset where each line of `text` starts (the first is 0), kept for the last few texts
 * asked about: the open documents' texts are the same strings query after query, so a query near
 * the end of a 10 MB file finds its line at once instead of walking 400,000 lines each time. An
 * entry is found by string equality, which is a pointer comparison for the same string and stops
 * at the first difference (or at the lengths) for another.
 */
function lineStartsOf(text: string): Uint32Array {
  const at = recent.findIndex((entry) => entry.text === text)
  if (at >= 0) {
    const [entry] = recent.splice(at, 1)
    recent.push(entry!)
    return entry!.starts
  }
  const starts = scanLineStarts(text)
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

function scanLineStarts(text: string): Uint32Array {
  const starts: number[] = [0]
  if (!text.includes('\r')) {
    // The common case: `indexOf` runs natively, several times faster than a loop over the units.
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1)
    return Uint32Array.from(starts)
  }
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at)
    if (unit === LF) starts.push(at + 1)
    else if (unit === CR) {
      if (text.charCodeAt(at + 1) === LF) at++
      starts.push(at + 1)
    }
  }
  return Uint32Array.from(starts)
}
