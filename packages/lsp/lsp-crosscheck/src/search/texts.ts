import { readFileSync } from 'node:fs'
import { URI } from 'vscode-uri'

/** A document's text and its lines, read once per cross-check. */
export interface Text {
  readonly text: string
  readonly lines: readonly string[]
  /** UTF-16 offset of the start of each line. */
  readonly lineStarts: readonly number[]
}

/** Reads `file:` documents once each (synchronously: a few files per answer); `undefined` when unreadable. */
export class Texts {
  readonly #cache = new Map<string, Text | undefined>()

  get(uri: string): Text | undefined {
    if (!this.#cache.has(uri)) this.#cache.set(uri, read(uri))
    return this.#cache.get(uri)
  }

  lines(uri: string): readonly string[] | undefined {
    return this.get(uri)?.lines
  }
}

function read(uri: string): Text | undefined {
  let text: string
  try {
    const parsed = URI.parse(uri)
    if (parsed.scheme !== 'file') return undefined
    text = readFileSync(parsed.fsPath, 'utf8')
    // A leading byte order mark is not text positions count (docs/lsp.md, "Coordinates"; ripgrep drops it too).
    if (text.startsWith('\ufeff')) text = text.slice(1)
  } catch {
    return undefined
  }
  const lines: string[] = []
  const lineStarts: number[] = []
  const breaks = /\r\n|\r|\n/g
  let start = 0
  for (let match = breaks.exec(text); match !== null; match = breaks.exec(text)) {
    lines.push(text.slice(start, match.index))
    lineStarts.push(start)
    start = match.index + match[0].length
  }
  lines.push(text.slice(start))
  lineStarts.push(start)
  return { text, lines, lineStarts }
}

/** The canonical `file:` URI of an absolute path, as the seam's locations spell it. */
export function fileUri(path: string): string {
  return URI.file(path).toString()
}

/** The absolute path of a `file:` URI. */
export function uriPath(uri: string): string {
  return URI.parse(uri).fsPath
}
