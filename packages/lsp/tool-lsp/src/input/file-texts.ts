import type { Stats } from 'node:fs'
import type { DisputedBreak } from '../text/disputed-break.js'

/** A regular file's lines as read, with its real path (for confinement) and reader line count. */
export interface FileText {
  /** Its real path when it was read (symlinks resolved). */
  readonly realPath: string
  /** Its LSP lines (see `splitLines`). */
  readonly lines: readonly string[]
  /** How many lines a reader sees (see `visibleLineCount`). */
  readonly lineCount: number
  /** Its first line break servers count otherwise than LSP (see `disputedBreakAt`), found as it was read. */
  readonly disputed?: DisputedBreak
}

/** What says a file is unchanged: the inode and what any write to it moves. */
export interface FileIdentity {
  readonly dev: number
  readonly ino: number
  readonly size: number
  /** Last write and last inode change, milliseconds since the epoch (sub-millisecond fractions kept). */
  readonly mtimeMs: number
  readonly ctimeMs: number
}

/** The identity of a `stat` result. */
export function identityOf(stats: Stats): FileIdentity {
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs }
}

/**
 * A file written this close (milliseconds) before it was read may be written again with the same
 * size inside the same timestamp tick (Linux stamps files from a coarse clock, 1-10 ms a tick),
 * so its identity would not change: such a text is not trusted (the "racy" entries of git's index).
 */
export const RACY_WINDOW_MS = 1_000

/** Bounds of a {@link FileTexts}: files held, their text in UTF-16 code units, and the racy window. */
export interface FileTextLimits {
  readonly maxFiles: number
  readonly maxCodeUnits: number
  /** Milliseconds, see {@link RACY_WINDOW_MS}. */
  readonly racyWindowMs: number
}

/** Enough for every file of a large answer, and a 10 MB file beside them. */
export const defaultFileTextLimits: FileTextLimits = { maxFiles: 512, maxCodeUnits: 48 * 1024 * 1024, racyWindowMs: RACY_WINDOW_MS }

interface Entry {
  readonly identity: FileIdentity
  /** `Date.now()` just before the `stat` that gave `identity`, ms. */
  readonly statAtMs: number
  readonly text: FileText
  readonly codeUnits: number
}

/**
 * File texts kept between queries and reused while the file's identity (device, inode, size,
 * mtime, ctime) is the one it had when read, so a warm query reads no file it read before: the
 * caller `stat`s, asks {@link get}, and reads only on a miss. Least recently used entries leave
 * past the limits. A file changed less than {@link RACY_WINDOW_MS} before it was read is read
 * again next time.
 */
export class FileTexts {
  readonly #entries = new Map<string, Entry>()
  #codeUnits = 0
  /**
   * Real paths of workspace roots, each with the root directory's identity when resolved
   * (`dev:ino:ctimeMs`; renaming a directory, or a link on the way, changes its ctime or inode).
   */
  readonly roots = new Map<string, { readonly key: string; readonly real: string }>()

  constructor(readonly limits: FileTextLimits = defaultFileTextLimits) {}

  /** The text stored for `absolutePath` if the file still has `identity` and was not racy; refreshes its recency. */
  get(absolutePath: string, identity: FileIdentity): FileText | undefined {
    const entry = this.#entries.get(absolutePath)
    if (entry === undefined) return undefined
    if (!sameIdentity(entry.identity, identity) || this.#isRacy(entry)) {
      this.#drop(absolutePath, entry)
      return undefined
    }
    this.#entries.delete(absolutePath)
    this.#entries.set(absolutePath, entry)
    return entry.text
  }

  /**
   * Keep `text`, read after a `stat` (taken at `statAtMs`, `Date.now()`) that gave `identity`.
   * A text larger than the whole budget is not kept.
   */
  set(absolutePath: string, identity: FileIdentity, statAtMs: number, text: FileText): void {
    const old = this.#entries.get(absolutePath)
    if (old !== undefined) this.#drop(absolutePath, old)
    const codeUnits = text.lines.reduce((sum, line) => sum + line.length + 1, 0)
    if (codeUnits > this.limits.maxCodeUnits) return
    this.#entries.set(absolutePath, { identity, statAtMs, text, codeUnits })
    this.#codeUnits += codeUnits
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.limits.maxFiles && this.#codeUnits <= this.limits.maxCodeUnits) break
      this.#drop(key, entry)
    }
  }

  /** Files held now. */
  get size(): number {
    return this.#entries.size
  }

  // A write stamps both times; a `utimes` after a write (tar, rsync -t) only the ctime stays recent.
  #isRacy(entry: Entry): boolean {
    return Math.max(entry.identity.mtimeMs, entry.identity.ctimeMs) > entry.statAtMs - this.limits.racyWindowMs
  }

  #drop(absolutePath: string, entry: Entry): void {
    this.#entries.delete(absolutePath)
    this.#codeUnits -= entry.codeUnits
  }
}

function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs
}

// One store per service: the tool and `runLspQuery` over the same `ctx.lsp` share what they read.
const byOwner = new WeakMap<object, FileTexts>()

/** The file texts kept for `owner` (a tool's `ctx.lsp`), made on first use. */
export function fileTextsOf(owner: object): FileTexts {
  let texts = byOwner.get(owner)
  if (texts === undefined) {
    texts = new FileTexts()
    byOwner.set(owner, texts)
  }
  return texts
}
