import type { LineReader } from '../input/file-lines.js'
import type { LocationTarget } from './location-targets.js'

// An identifier, a private name (`#count`) included; `@` for languages that allow it in names.
const identifier = /^#?[\p{L}\p{M}\p{N}_$@]+$/u

/**
 * The name of the symbol an answer is about: the text covered by the range of the first workspace
 * location whose range is on one line, when that text is an identifier. Servers answer for the
 * symbol, not for the word under the cursor (a cursor on `const` of `const shapes` asks about
 * `shapes`), so this names the header better than the cursor can.
 * @param targets - in display order; the file read is cached by `readLines`.
 * @returns the name, or `undefined` (no such location, an unreadable file, or not an identifier).
 */
export async function nameInAnswer(targets: readonly LocationTarget[], readLines: LineReader): Promise<string | undefined> {
  const first = targets.find((target) => target.kind === 'workspace' && target.end.line === target.line)
  if (first?.kind !== 'workspace') return undefined
  const lineText = (await readLines(first.absolutePath))?.[first.line]
  const text = lineText?.slice(first.character, first.end.character)
  return text !== undefined && identifier.test(text) ? text : undefined
}
