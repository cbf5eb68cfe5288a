// Column conversions between what a model reads and what LSP sends (LSP 3.17 §Position): the
// tool speaks 1-based columns counted in Unicode code points (a CJK character or 😀 is one, 👍🏽 two),
// the seam zero-based offsets counted in UTF-16 code units (an emoji is two).

/**
 * The number of Unicode code points in `text`, i.e. the largest 1-based column on a line is this
 * plus one (the end of the line). A lone surrogate counts as one. Never throws.
 */
export function codePointLength(text: string): number {
  let count = 0
  for (let units = 0; units < text.length; units += unitsAt(text, units)) count++
  return count
}

/**
 * How many UTF-16 units the code point at `index` takes: 2 for a high surrogate followed by a low
 * one, else 1 (a lone surrogate is one code point), as `for…of` over a string counts them. Index
 * loops, not `for…of`: no string per code point (these run on every row of every answer).
 */
function unitsAt(text: string, index: number): 1 | 2 {
  const code = text.charCodeAt(index)
  if (code < 0xd800 || code > 0xdbff) return 1
  const next = text.charCodeAt(index + 1)
  return next >= 0xdc00 && next <= 0xdfff ? 2 : 1
}

/**
 * Convert a 1-based code-point column on `lineText` to a zero-based UTF-16 character offset
 * (LSP 3.17 §Position). `column1` may be one past the last code point (the end of the line).
 * `'🎉a'`: column 1 → 0, column 2 → 2, column 3 → 3.
 * @param lineText - one line without its terminator (see {@link splitLines}).
 * @param column1 - 1-based column in code points, from 1 to `codePointLength(lineText) + 1`.
 * @returns the zero-based UTF-16 offset of that column's first code unit.
 * @throws RangeError when `column1` is not an integer in that range; callers that face a model
 *   check the range first to give a precise `LSP_INVALID_POSITION` message.
 */
export function codePointColumnToUtf16(lineText: string, column1: number): number {
  if (!Number.isInteger(column1) || column1 < 1) {
    throw new RangeError(`column must be an integer >= 1 (got ${column1})`)
  }
  let units = 0
  let column = 1
  while (units < lineText.length) {
    if (column === column1) return units
    units += unitsAt(lineText, units)
    column++
  }
  if (column === column1) return units
  throw new RangeError(`column ${column1} is past the end of a line of ${column - 1} code points`)
}

/**
 * Convert a zero-based UTF-16 offset on `lineText` (as an LSP server sends it, LSP 3.17
 * §Position) to a 1-based code-point column. `'🎉a'`: 0 → 1, 2 → 2, 3 → 3. An offset inside a
 * surrogate pair maps to that code point's column. Never throws on server data: an offset past
 * the end of the line (the file changed since the server read it) counts one column per unit.
 * @param lineText - one line without its terminator (see {@link splitLines}).
 * @param character0 - zero-based UTF-16 code-unit offset, an integer >= 0.
 * @returns the 1-based column in code points.
 * @throws RangeError when `character0` is not an integer >= 0.
 */
export function utf16ToCodePointColumn(lineText: string, character0: number): number {
  if (!Number.isInteger(character0) || character0 < 0) {
    throw new RangeError(`character must be an integer >= 0 (got ${character0})`)
  }
  let units = 0
  let column = 1
  while (units < lineText.length) {
    const width = unitsAt(lineText, units)
    if (units + width > character0) return column
    units += width
    column++
  }
  return column + (character0 - units)
}
