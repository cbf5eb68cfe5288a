// Lines as LSP numbers them (LSP 3.17 §Text Documents: `\r\n`, `\r` and `\n` each end a line),
// the one rule every package splits texts by. Offsets and lengths are UTF-16 units, as a
// JavaScript string indexes them; lines are zero-based.

/** The line terminators LSP recognises: `\r\n`, `\r` and `\n` (not U+2028, not a form feed). */
export const LINE_BREAK = /\r\n|\r|\n/

const LF = 10
const CR = 13

/**
 * A text's lines: index `i` is zero-based LSP line `i`, without its terminator. A trailing
 * terminator yields a final empty line (`'a\n'` → `['a', '']`), because LSP allows a position
 * there; `''` → `['']`.
 */
export function splitLines(text: string): string[] {
  return text.split(LINE_BREAK)
}

/**
 * How many lines a reader sees in lines split by {@link splitLines}: the LSP count minus the empty
 * line after a final terminator (`'a\nb\n'` → 2), as `cat -n` or an editor shows. At least 1.
 */
export function visibleLineCount(lines: readonly string[]): number {
  return lines.length > 1 && lines[lines.length - 1] === '' ? lines.length - 1 : lines.length
}

/**
 * The UTF-16 offset where each line of `text` starts: `[0]` for a text of one line, one more entry
 * per terminator (so a text ending in one has a last, empty line at `text.length`).
 */
export function lineStarts(text: string): Uint32Array {
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

/**
 * The offset where the line of `text` starting at `starts[line]` ends, before its terminator
 * (`text.length` for the last line); `starts` is {@link lineStarts}`(text)`, `line` within it.
 */
export function lineEnd(text: string, starts: ArrayLike<number>, line: number): number {
  if (line + 1 >= starts.length) return text.length
  const next = starts[line + 1]!
  return next >= 2 && text.charCodeAt(next - 1) === LF && text.charCodeAt(next - 2) === CR ? next - 2 : next - 1
}

/**
 * The zero-based line holding UTF-16 offset `offset`, by binary search of `starts`
 * ({@link lineStarts} of the text): the last line starting at or before it.
 */
export function lineOfOffset(starts: ArrayLike<number>, offset: number): number {
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if (starts[middle]! <= offset) low = middle
    else high = middle - 1
  }
  return low
}

/**
 * The zero-based line and UTF-16 character of offset `offset` of `text` (at most `text.length`, not
 * between a `\r` and its `\n`), found by walking the text up to it: cheaper than {@link lineStarts}
 * for an offset near the start of a long text.
 */
export function positionAt(text: string, offset: number): { line: number; character: number } {
  let line = 0
  let lineStart = 0
  if (!text.includes('\r')) {
    // The common case: `indexOf` runs natively, several times faster than a loop over the units.
    for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) line++, (lineStart = at + 1)
    return { line, character: offset - lineStart }
  }
  for (let at = 0; at < offset; at++) {
    const unit = text.charCodeAt(at)
    if (unit === CR && text.charCodeAt(at + 1) === LF) at++
    if (unit === CR || unit === LF) line++, (lineStart = at + 1)
  }
  return { line, character: offset - lineStart }
}

/** A line break that language servers count differently from LSP 3.17 (see {@link disputedLineBreak}). */
export interface DisputedLineBreak {
  /** UTF-16 offset of it in the text. */
  readonly offset: number
  /** `CR` (a `\r` not followed by `\n`), `U+2028` or `U+2029`. */
  readonly name: 'CR' | 'U+2028' | 'U+2029'
}

/** The pattern of each disputed line break. */
const DISPUTED: Readonly<Record<DisputedLineBreak['name'], string>> = { CR: '\\r(?!\\n)', 'U+2028': '\\u2028', 'U+2029': '\\u2029' }
const disputedPatterns = new Map<string, RegExp>()

/**
 * The first line break in `text` that servers count differently from LSP 3.17: a lone `\r` (a line
 * break to LSP; gopls counts only `\n`), U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR (no line
 * break to LSP; tsserver ends a line at each, as `ts.computeLineStarts` does). After it, a server
 * and this client number lines differently: a position or range sent or received there lands
 * elsewhere. `names`: the breaks looked for (a server that counts some as LSP does: pyright every
 * one). `undefined` when there is none (one native scan of the text).
 */
export function disputedLineBreak(text: string, names: readonly DisputedLineBreak['name'][] = ['CR', 'U+2028', 'U+2029']): DisputedLineBreak | undefined {
  if (names.length === 0) return undefined
  const key = names.join()
  let pattern = disputedPatterns.get(key)
  if (pattern === undefined) disputedPatterns.set(key, (pattern = new RegExp(names.map((name) => DISPUTED[name]).join('|'))))
  const match = pattern.exec(text)
  if (match === null) return undefined
  return { offset: match.index, name: match[0] === '\r' ? 'CR' : match[0] === '\u2028' ? 'U+2028' : 'U+2029' }
}
