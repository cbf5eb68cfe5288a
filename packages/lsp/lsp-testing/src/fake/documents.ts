import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol'
import type { FakeDocuments, FakeDocumentState } from './protocol.js'

/**
 * String index (UTF-16 code units) of a wire position in `text`: `line` is zero-based, `character`
 * counts UTF-16 code units; both are clamped to the text; lines end at `\n`, `\r\n` or `\r`.
 */
export function offsetAt(text: string, position: Position): number {
  let lineStart = 0
  for (let line = 0; line < position.line; line++) {
    const next = nextLineStart(text, lineStart)
    if (next === undefined) return text.length
    lineStart = next
  }
  const lineEnd = endOfLine(text, lineStart)
  return Math.min(lineStart + Math.max(position.character, 0), lineEnd)
}

function endOfLine(text: string, from: number): number {
  let index = from
  while (index < text.length && text[index] !== '\n' && text[index] !== '\r') index++
  return index
}

function nextLineStart(text: string, from: number): number | undefined {
  const end = endOfLine(text, from)
  if (end === text.length) return undefined
  return text.startsWith('\r\n', end) ? end + 2 : end + 1
}

/** Applies `didChange` content changes in order: ranged ones splice, rangeless ones replace. */
export function applyContentChanges(
  text: string,
  changes: readonly TextDocumentContentChangeEvent[],
): string {
  let result = text
  for (const change of changes) {
    if ('range' in change) {
      const start = offsetAt(result, change.range.start)
      const end = Math.max(start, offsetAt(result, change.range.end))
      result = result.slice(0, start) + change.text + result.slice(end)
    } else {
      result = change.text
    }
  }
  return result
}

/** The documents the client synchronized, by URI, as the latest notifications left them. */
export class DocumentStore {
  readonly #documents = new Map<string, FakeDocumentState>()

  open(uri: string, languageId: string, version: number, text: string): void {
    this.#documents.set(uri, { languageId, version, text, open: true })
  }

  /** A change for a document never opened is kept too (`open: false`), so a test can see it. */
  change(uri: string, version: number, changes: readonly TextDocumentContentChangeEvent[]): void {
    const current = this.#documents.get(uri) ?? { languageId: '', version, text: '', open: false }
    const text = applyContentChanges(current.text, changes)
    this.#documents.set(uri, { ...current, version, text })
  }

  close(uri: string): void {
    const current = this.#documents.get(uri)
    if (current !== undefined) this.#documents.set(uri, { ...current, open: false })
  }

  snapshot(): FakeDocuments {
    return Object.fromEntries(this.#documents)
  }
}
