import { PositionEncoding } from '@c4312/scip/scip_pb.js'
import type { LspRange } from '@agent-lsp/lsp'

/**
 * A SCIP occurrence range (`[line, start, end]` on one line, or `[startLine, start, endLine, end]`,
 * zero-based, half-open) as the seam's range, or `undefined` when it has another length. Characters
 * are converted to UTF-16 with `lineText` when the document's encoding is UTF-8 or UTF-32
 * (`PositionEncoding`); scip-typescript and scip-python leave it unspecified and count UTF-16 code
 * units, as TypeScript and pyright do, so unspecified means UTF-16.
 */
export function scipRange(range: readonly number[], encoding: PositionEncoding = PositionEncoding.UnspecifiedPositionEncoding, lineText?: (line: number) => string): LspRange | undefined {
  if (range.length !== 3 && range.length !== 4) return undefined
  const [startLine, startCharacter, a, b] = range as [number, number, number, number?]
  const endLine = b === undefined ? startLine : a
  const endCharacter = b === undefined ? a : b
  const convert = (line: number, character: number) => toUtf16(character, encoding, lineText?.(line))
  return {
    start: { line: startLine, character: convert(startLine, startCharacter) },
    end: { line: endLine, character: convert(endLine, endCharacter) },
  }
}

/** A character offset in `encoding` as UTF-16 code units of `line` (unchanged without the line's text). */
function toUtf16(character: number, encoding: PositionEncoding, line: string | undefined): number {
  if (line === undefined) return character
  if (encoding === PositionEncoding.UTF8CodeUnitOffsetFromLineStart) {
    const bytes = Buffer.from(line, 'utf8').subarray(0, character)
    return bytes.toString('utf8').length
  }
  if (encoding === PositionEncoding.UTF32CodeUnitOffsetFromLineStart) {
    return [...line].slice(0, character).join('').length
  }
  return character
}

/** Whether the document's characters need its text to become UTF-16. */
export function needsText(encoding: PositionEncoding): boolean {
  return encoding === PositionEncoding.UTF8CodeUnitOffsetFromLineStart || encoding === PositionEncoding.UTF32CodeUnitOffsetFromLineStart
}
