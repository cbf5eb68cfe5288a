import { existsSync } from 'node:fs'
import type { Occurrence, SearchResult } from './ripgrep.js'
import { identifierPart } from './identifier-part.js'
import { rgWord } from './ripgrep-scope.js'
import type { Text, TextCache } from './texts.js'
import type { Unsearched } from './unsearched.js'
import type { WalkedFile } from './walk.js'

// `rg -w`: no word character (`rgWord`) on either side of the match… and then, as `occurrencesIn`
// filters ripgrep's matches, no identifier character either (see `identifierPart`).

/** Bytes ripgrep reads first; a NUL byte in them makes it skip the file (a binary file). */
const FIRST_READ_BYTES = 64 * 1024

/**
 * Every whole-word, case-sensitive occurrence of `name` in `files` (in their order), as ripgrep
 * and `occurrencesIn` find them: lines end at `\n` only (a lone `\r` is inside a line, as ripgrep
 * counts), characters in UTF-16 units from the line's start, texts from `texts` (read once while
 * their identity holds). A file with a NUL byte no larger than ripgrep's first read has no
 * occurrences (binary), as ripgrep decides; it is `unsearched` (`binary`) when the word is whole in
 * it, and so is a file that exists but cannot be read (`unreadable`). Past `limit` the files are
 * still looked at for those.
 * @returns `undefined` when a file is one whose ripgrep answer this does not reproduce (a NUL byte
 *   past the first 64 KiB, bytes that are not UTF-8, a UTF-16 byte order mark, which all decode
 *   to U+FFFD or NUL here): the caller then asks ripgrep.
 */
export function searchTexts(name: string, files: readonly WalkedFile[], limit: number, texts: TextCache): SearchResult | undefined {
  const kept = files.map((file) => texts.withStats(file.path, file.stats))
  // The same texts (the same objects, so unchanged files) in the same order: the same answer.
  const memo = memos.get(texts) ?? new Map<string, Memo>()
  memos.set(texts, memo)
  const key = `${limit}\0${name}`
  const last = memo.get(key)
  if (last && last.texts.length === kept.length && last.texts.every((text, k) => text === kept[k])) return last.result
  const result = scan(name, files, kept, limit)
  memo.delete(key)
  if (result !== undefined) memo.set(key, { texts: kept, result })
  for (const oldest of memo.keys()) {
    if (memo.size <= MEMO_NAMES) break
    memo.delete(oldest)
  }
  return result
}

/** Names whose last answer is kept per text cache (a model asks again about the names it works on). */
const MEMO_NAMES = 16
interface Memo {
  readonly texts: readonly (Text | undefined)[]
  readonly result: SearchResult
}
const memos = new WeakMap<TextCache, Map<string, Memo>>()

function scan(name: string, files: readonly WalkedFile[], texts: readonly (Text | undefined)[], limit: number): SearchResult | undefined {
  const occurrences: Occurrence[] = []
  const found = new Map<string, Text>()
  const unsearched: Unsearched[] = []
  let truncated = false
  for (const [index, file] of files.entries()) {
    const kept = texts[index]
    const text = kept?.text
    if (text === undefined && existsSync(file.path)) unsearched.push({ path: file.path, reason: 'unreadable', bytes: null })
    if (text === undefined || text.indexOf(name) === -1) continue
    const kind = kindOf(kept!, file.stats.size)
    if (kind === 'binary') {
      if (wholeIn(text, name)) unsearched.push({ path: file.path, reason: 'binary', bytes: Number(file.stats.size) })
      continue
    }
    if (truncated) continue // past the cut, nothing more ripgrep would be asked for
    if (kind === 'unmodelled') return undefined
    const identifier = identifierPart(file.path)
    let lineStart = 0
    let line = 0
    for (let at = text.indexOf(name); at !== -1; ) {
      const end = at + name.length
      if (rgWord.test(codePointBefore(text, at)) || rgWord.test(codePointAt(text, end))) {
        at = text.indexOf(name, at + 1)
        continue
      }
      if (!identifier.test(codePointBefore(text, at)) && !identifier.test(codePointAt(text, end))) {
        for (let next = text.indexOf('\n', lineStart); next !== -1 && next < at; next = text.indexOf('\n', lineStart)) {
          lineStart = next + 1
          line++
        }
        if (occurrences.length >= limit) {
          truncated = true
          break
        }
        occurrences.push({ path: file.path, line, character: at - lineStart })
        found.set(file.path, kept!)
      }
      at = text.indexOf(name, end)
    }
  }
  return { occurrences, truncated, texts: found, unsearched }
}

/** Whether `name` occurs in `text` with no word character (`rg -w`) next to it. */
function wholeIn(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    if (!rgWord.test(codePointBefore(text, at)) && !rgWord.test(codePointAt(text, at + name.length))) return true
  }
  return false
}

const kinds = new WeakMap<object, 'text' | 'binary' | 'unmodelled'>()

/** What ripgrep makes of a file's text, decided once per kept text. */
function kindOf(kept: { readonly text: string }, size: bigint): 'text' | 'binary' | 'unmodelled' {
  let kind = kinds.get(kept)
  if (kind === undefined) {
    const { text } = kept
    // A UTF-16 byte order mark (ripgrep transcodes the file) or bytes that are not UTF-8 (ripgrep's
    // JSON gives such a line as bytes, which `occurrencesIn` skips) decode to U+FFFD here.
    if (text.startsWith('\ufffd\ufffd')) kind = 'unmodelled'
    else if (text.includes('\0')) kind = size <= BigInt(FIRST_READ_BYTES) ? 'binary' : 'unmodelled'
    else kind = text.includes('\ufffd') ? 'unmodelled' : 'text'
    kinds.set(kept, kind)
  }
  return kind
}

function codePointBefore(text: string, at: number): string {
  if (at === 0) return ''
  const low = text.charCodeAt(at - 1)
  if (low >= 0xdc00 && low <= 0xdfff && at >= 2) {
    const high = text.charCodeAt(at - 2)
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(at - 2, at)
  }
  return text[at - 1]!
}

function codePointAt(text: string, at: number): string {
  const point = text.codePointAt(at)
  return point === undefined ? '' : String.fromCodePoint(point)
}
