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
 * @param preferred - the word at the cursor: taken when one of the first rows reads so.
 * @returns the name, or `undefined` (no such location, an unreadable file, or not an identifier).
 */
export async function nameInAnswer(targets: readonly LocationTarget[], readLines: LineReader, preferred?: string): Promise<string | undefined> {
  let first: string | undefined
  let read = 0
  for (const target of targets) {
    if (target.kind !== 'workspace' || target.end.line !== target.line) continue
    const text = (await readLines(target.absolutePath))?.[target.line]?.slice(target.character, target.end.character)
    if (text === undefined || !identifier.test(text)) continue
    // The word asked about, when a row names the symbol so: the first may be an alias (`Uri` of `URI as Uri`).
    if (preferred === undefined || text === preferred) return text
    first ??= text
    if (++read >= MAX_NAMES) break
  }
  return first
}

/** Rows read for the word asked about before the first row's name is taken. */
const MAX_NAMES = 20
