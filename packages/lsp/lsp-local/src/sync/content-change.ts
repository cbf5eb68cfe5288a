import type { Range, ServerCapabilities, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol'
import { disputedLineBreak, positionAt } from '@agent-lsp/text-lines'

/**
 * How a document's change from `oldText` to `newText` is sent: to a server that takes incremental
 * changes, the one range that changed (see {@link contentChange}), or `'reopen'` (close it and
 * open it again) when that range is more than {@link REOPEN_SHARE} of a document of at least
 * {@link REOPEN_MIN_UNITS}; to others, the whole new text. Always `'reopen'` when `oldText` holds a
 * line break servers count differently from LSP (see `disputedLineBreak`): a range in LSP's lines
 * lands elsewhere in such a server's (a rename's preview left gopls holding `// notemoretgt` and
 * `var tgt`, the disk never so, until the server was stopped), and so does a whole-text change to
 * typescript-language-server, which sends tsserver the replaced range's end in LSP's lines (it kept
 * the tail past U+2028's extra line). `oldText !== newText`.
 */
export function changeToSend(oldText: string, newText: string, capabilities: Pick<ServerCapabilities, 'textDocumentSync'>): TextDocumentContentChangeEvent | 'reopen' {
  if (disputedLineBreak(oldText) !== undefined) return 'reopen'
  if (!takesIncrementalChanges(capabilities)) return { text: newText }
  const change = contentChange(oldText, newText)
  const size = Math.max(oldText.length, newText.length)
  const removed = oldText.length - newText.length + change.text.length
  return size >= REOPEN_MIN_UNITS && Math.max(removed, change.text.length) > size * REOPEN_SHARE ? 'reopen' : change
}

/**
 * A document of at least this many UTF-16 units (~1 MB) whose change replaces more than a
 * {@link REOPEN_SHARE} of it is closed and opened again: tsserver re-parses an incremental change
 * in time that grows faster than its size (a 4 MB file, 1.9 MB of it replaced: 7.7 s; all of it,
 * as a whole-text change is: 60–87 s), and parses an opened document afresh (4 MB: 3.6 s).
 */
const REOPEN_MIN_UNITS = 1_000_000
const REOPEN_SHARE = 1 / 4

/** One incremental change (LSP 3.17 §TextDocumentContentChangeEvent): `range` of the old text replaced by `text`. */
export interface RangeChange {
  readonly range: Range
  readonly text: string
}

/**
 * The one change that turns `oldText` into `newText`: the range between their common prefix and
 * common suffix (zero-based lines, UTF-16 characters; lines end at `\r\n`, `\n` or `\r`), and what
 * `newText` holds there. The range never ends or starts between `\r` and `\n` nor inside a
 * surrogate pair. Linear in the texts' length (a 10 MB text: tens of ms); `oldText !== newText`.
 */
export function contentChange(oldText: string, newText: string): RangeChange {
  const shorter = Math.min(oldText.length, newText.length)
  let prefix = 0
  while (prefix < shorter && oldText.charCodeAt(prefix) === newText.charCodeAt(prefix)) prefix++
  let suffix = 0
  while (suffix < shorter - prefix && oldText.charCodeAt(oldText.length - 1 - suffix) === newText.charCodeAt(newText.length - 1 - suffix)) suffix++
  // A start just after `\r` (maybe of `\r\n`) or a high surrogate moves back one unit.
  while (prefix > 0 && (oldText.charCodeAt(prefix - 1) === CR || isHighSurrogate(oldText.charCodeAt(prefix - 1)))) prefix--
  // An end between `\r` and `\n`, or inside a pair, moves on one unit.
  while (suffix > 0 && splits(oldText, oldText.length - suffix)) suffix--
  const end = oldText.length - suffix
  return { range: { start: positionAt(oldText, prefix), end: positionAt(oldText, end) }, text: newText.slice(prefix, newText.length - suffix) }
}

/**
 * Whether the server takes incremental changes (`TextDocumentSyncKind.Incremental`, 2) rather than
 * only whole texts (`Full`, 1) or none (LSP 3.17 §Text Document Synchronization).
 */
export function takesIncrementalChanges(capabilities: Pick<ServerCapabilities, 'textDocumentSync'>): boolean {
  const sync = capabilities.textDocumentSync
  return (typeof sync === 'number' ? sync : sync?.change) === INCREMENTAL
}

const INCREMENTAL = 2
const CR = 13
const LF = 10

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff
}

/** Whether offset `at` of `text` lies between `\r` and `\n`, or between the halves of a surrogate pair. */
function splits(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1)
  const after = text.charCodeAt(at)
  return (before === CR && after === LF) || (isHighSurrogate(before) && isLowSurrogate(after))
}
