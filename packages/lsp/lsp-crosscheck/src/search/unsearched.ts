import { openSync, readSync, closeSync, type BigIntStats } from 'node:fs'
import { identityOf, sameIdentity, type Identity } from './identity.js'
import { rgWord } from './ripgrep-scope.js'

/**
 * A file the search left out though it may name the word (see `LspUnsearchedFile`): over the size
 * bound, binary (a NUL byte), or unreadable (a folder's path when listing it failed).
 */
export interface Unsearched {
  /** Absolute path. */
  readonly path: string
  readonly reason: 'too-large' | 'binary' | 'unreadable'
  /** Size in bytes; `null` when not known. */
  readonly bytes: number | null
}

/**
 * Bytes of files over the size bound looked at per search for the word: the typescript package's
 * typescript.js and _tsc.js (14.6 MiB, the word absent) took 9 ms quiet, median 22 ms at load 8 on
 * 2 cores (page cache warm; see the note 2026-12-03-unsearched-files). The files past it are listed
 * unread. A verdict is kept per file and word, so a name asked again reads nothing.
 */
export const MAX_LOOKED_AT_BYTES = 32 * 1024 * 1024

/** Chunks a large file is read in (never whole): the word is looked for across their seams. */
const CHUNK_BYTES = 1024 * 1024


/**
 * The files over the size bound among `large` (in path order) that may name `word`: those whose
 * bytes hold it as a whole word (`rg -w -F` over the bytes, a NUL no stop), and those past
 * {@link MAX_LOOKED_AT_BYTES} in all, not looked at. An unreadable one is `unreadable`. Read in
 * chunks of 1 MiB; each verdict kept while the file's identity holds.
 */
export function largeNaming(word: string, large: readonly { readonly path: string; readonly stats: BigIntStats }[]): Unsearched[] {
  const found: Unsearched[] = []
  let looked = 0
  for (const { path, stats } of large) {
    const bytes = Number(stats.size)
    looked += bytes
    const names = looked > MAX_LOOKED_AT_BYTES ? true : namesWord(word, path, stats)
    if (names === 'unreadable') found.push({ path, reason: 'unreadable', bytes })
    else if (names) found.push({ path, reason: 'too-large', bytes })
  }
  return found
}

/** Verdicts by `path\0word`, the least recently used let go past {@link MAX_VERDICTS}. */
const verdicts = new Map<string, { readonly identity: Identity; readonly names: boolean }>()
const MAX_VERDICTS = 1_024

function namesWord(word: string, path: string, stats: BigIntStats): boolean | 'unreadable' {
  const key = `${path}\0${word}`
  const kept = verdicts.get(key)
  if (kept !== undefined && sameIdentity(kept.identity, stats)) return kept.names
  let names: boolean
  try {
    names = scanFile(path, Buffer.from(word, 'utf8'))
  } catch {
    return 'unreadable'
  }
  verdicts.delete(key)
  verdicts.set(key, { identity: identityOf(stats), names })
  for (const oldest of verdicts.keys()) {
    if (verdicts.size <= MAX_VERDICTS) break
    verdicts.delete(oldest)
  }
  return names
}

/** Whether the file's bytes hold `word` with no word character next to it (UTF-8 decoded around each match). */
function scanFile(path: string, word: Buffer): boolean {
  const fd = openSync(path, 'r')
  try {
    // Each chunk keeps the previous one's last bytes: a match across the seam, and the code point before it.
    const keep = word.length + 8
    const buffer = Buffer.alloc(CHUNK_BYTES + keep)
    let held = 0
    // Where the matches not yet decided start: those the previous chunk left (the ones before were decided there).
    let start = 0
    for (;;) {
      const read = readSync(fd, buffer, held, CHUNK_BYTES, null)
      const end = held + read
      const last = read === 0
      for (let at = buffer.indexOf(word, start); at !== -1 && at < end; at = buffer.indexOf(word, at + 1)) {
        if (at + word.length > end) break
        // Near the end of a chunk the next code point may not be read yet: decided with the next chunk.
        if (!last && at + word.length + 4 > end) break
        if (wholeAt(buffer, at, word.length, end)) return true
      }
      if (last) return false
      const from = Math.max(0, end - keep)
      buffer.copy(buffer, 0, from, end)
      held = end - from
      start = Math.max(0, held - word.length - 3)
      buffer.fill(0, held)
    }
  } finally {
    closeSync(fd)
  }
}

function wholeAt(buffer: Buffer, at: number, length: number, end: number): boolean {
  const before = buffer.subarray(Math.max(0, at - 4), at).toString('utf8')
  const after = buffer.subarray(at + length, Math.min(end, at + length + 4)).toString('utf8')
  const previous = [...before].at(-1) ?? ''
  const next = [...after][0] ?? ''
  return !rgWord.test(previous === '\ufffd' ? '' : previous) && !rgWord.test(next === '\ufffd' ? '' : next)
}

/** Ripgrep's `--sort path` order: folder by folder, names compared as UTF-8 bytes. */
export function byPath(a: Unsearched, b: Unsearched): number {
  const left = a.path.split('/')
  const right = b.path.split('/')
  for (let k = 0; k < Math.min(left.length, right.length); k++) {
    if (left[k] !== right[k]) return Buffer.compare(Buffer.from(left[k]!), Buffer.from(right[k]!))
  }
  return left.length - right.length
}
