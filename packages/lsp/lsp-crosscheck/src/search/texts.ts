import { readFileSync, statSync, type BigIntStats } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { lineStarts, positionAt, splitLines } from '@agent-lsp/text-lines'
import { URI } from 'vscode-uri'
import { identityOf, RACY_WINDOW_MS, sameIdentity, type Identity } from './identity.js'

/** A document's text and its lines, read once per cross-check. */
export interface Text {
  readonly text: string
  readonly lines: readonly string[]
  /** UTF-16 offset of the start of each line (see `lineStarts`). */
  readonly lineStarts: ArrayLike<number>
}

/**
 * A search's place (a zero-based line where lines end at `\n` only, as ripgrep counts them, and a
 * UTF-16 character) on the lines LSP counts, where a lone `\r` ends a line too (LSP 3.17 §Text
 * Documents): the same place unless `text` holds a lone `\r` (old Mac line endings).
 */
export function lspPositionOf(text: Text | undefined, line: number, character: number): { line: number; character: number } {
  if (text === undefined || !hasLoneCr(text)) return { line, character }
  let start = 0
  for (let n = 0; n < line; n++) {
    const next = text.text.indexOf('\n', start)
    if (next === -1) return { line, character }
    start = next + 1
  }
  return positionAt(text.text, start + character)
}

const loneCr = new WeakMap<Text, boolean>()
function hasLoneCr(text: Text): boolean {
  let lone = loneCr.get(text)
  if (lone === undefined) {
    lone = text.text.includes('\r') && /\r(?!\n)/.test(text.text)
    loneCr.set(text, lone)
  }
  return lone
}

/**
 * Reads `file:` documents once each per cross-check (synchronously: a few files per answer);
 * `undefined` when unreadable. Texts are kept across cross-checks while a file's identity (device,
 * inode, size, modification and change times) stays the same, so a warm query re-reads and
 * re-scans nothing (see {@link TextCache}).
 */
export class Texts {
  readonly #cache = new Map<string, Text | undefined>()

  constructor(private readonly shared: TextCache = sharedTexts) {}

  get(uri: string): Text | undefined {
    if (!this.#cache.has(uri)) this.#cache.set(uri, this.shared.get(uri))
    return this.#cache.get(uri)
  }

  lines(uri: string): readonly string[] | undefined {
    return this.get(uri)?.lines
  }

  /** Take `text` as the document at `uri` for this cross-check (the search just read it, by identity). */
  seed(uri: string, text: Text): void {
    this.#cache.set(uri, text)
  }
}

/**
 * Document texts by path and file identity, the least recently used dropped past `maxChars`
 * UTF-16 units in all: one `stat` per read when the file is unchanged.
 */
export class TextCache {
  /** In least- to most-recently-used order (a Map keeps insertion order). */
  readonly #entries = new Map<string, { readonly identity: Identity; readonly text: Text }>()
  #chars = 0

  /**
   * @param maxChars - UTF-16 units kept in all.
   * @param racyWindowMs - a text changed within this many milliseconds of its read is read again next time.
   */
  constructor(
    private readonly maxChars: number,
    private readonly racyWindowMs = RACY_WINDOW_MS,
  ) {}

  get(uri: string): Text | undefined {
    let path: string
    let stats: BigIntStats
    try {
      const parsed = URI.parse(uri)
      if (parsed.scheme !== 'file') return undefined
      path = parsed.fsPath
      stats = statSync(path, { bigint: true })
    } catch {
      return undefined
    }
    return this.withStats(path, stats)
  }

  /**
   * The text of the file at absolute `path` whose `stat` (bigint) is `stats`, read when its identity
   * differs from the kept one's, or when it was changed within the racy window (1 s) of being read
   * (a rewrite of the same size in the same clock tick keeps the identity).
   */
  withStats(path: string, stats: BigIntStats): Text | undefined {
    const cached = this.#entries.get(path)
    if (cached && sameIdentity(cached.identity, stats)) {
      // Most recently used: moved to the end of the map's order.
      this.#entries.delete(path)
      this.#entries.set(path, cached)
      return cached.text
    }
    if (cached) this.#drop(path, cached.text)
    const text = read(path)
    if (text !== undefined) this.#keep(path, { identity: identityOf(stats, this.racyWindowMs), text })
    return text
  }

  #keep(path: string, entry: { readonly identity: Identity; readonly text: Text }): void {
    this.#entries.set(path, entry)
    this.#chars += entry.text.text.length
    for (const [oldest, { text }] of this.#entries) {
      if (this.#chars <= this.maxChars || oldest === path) break
      this.#drop(oldest, text)
    }
  }

  #drop(path: string, text: Text): void {
    this.#entries.delete(path)
    this.#chars -= text.text.length
  }
}

/** 8 M UTF-16 units: about 16 MB of source, a few thousand files. */
export const sharedTexts = new TextCache(8 * 1024 * 1024)

function read(path: string): Text | undefined {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
    // A leading byte order mark is not text positions count (docs/lsp.md, "Coordinates"; ripgrep drops it too).
    if (text.startsWith('\ufeff')) text = text.slice(1)
  } catch {
    return undefined
  }
  return new FileText(text)
}

/** A text whose lines are split on first use: most texts the search keeps are never asked for a line. */
class FileText implements Text {
  #lines: string[] | undefined
  #lineStarts: Uint32Array | undefined

  constructor(readonly text: string) {}

  get lines(): readonly string[] {
    this.#lines ??= splitLines(this.text)
    return this.#lines
  }

  get lineStarts(): ArrayLike<number> {
    this.#lineStarts ??= lineStarts(this.text)
    return this.#lineStarts
  }
}

/** The canonical `file:` URI of an absolute path, as the seam's locations spell it. */
export function fileUri(path: string): string {
  let uri = uris.get(path)
  if (uri === undefined) {
    if (uris.size >= MAX_URIS) uris.clear()
    uri = URI.file(path).toString()
    uris.set(path, uri)
  }
  return uri
}

/** Paths whose URI is kept: one per occurrence was `URI.file(…).toString()`, 26% of a warm check's own time. */
const MAX_URIS = 20_000
const uris = new Map<string, string>()

/** The absolute path of a `file:` URI. */
export function uriPath(uri: string): string {
  return URI.parse(uri).fsPath
}

/** The absolute path of a request's file: `filePath` as given when absolute, else under `workspaceRoot` (as the seam resolves it). */
export function requestFilePath(request: { readonly filePath: string; readonly workspaceRoot: string }): string {
  return isAbsolute(request.filePath) ? request.filePath : join(request.workspaceRoot, request.filePath)
}
