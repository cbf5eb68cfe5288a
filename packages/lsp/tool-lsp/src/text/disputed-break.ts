import { extname } from 'node:path'
import { disputedLineBreak, splitLines, type DisputedLineBreak } from '@agent-lsp/text-lines'

/** A line break servers count otherwise than LSP, as a reader finds it. */
export interface DisputedBreak {
  readonly name: 'CR' | 'U+2028' | 'U+2029'
  /** `a lone CR`, `a U+2028`. */
  readonly label: string
  /** 1-based line (LSP lines) and code-point column, `5:8`; a leading byte order mark is no column. */
  readonly at: string
}

/**
 * The line breaks the server of a file counts otherwise than LSP, by its extension: gopls only
 * `\n` (a lone CR), tsserver also U+2028 and U+2029; pyright counts as LSP does (the fifteenth
 * trial: its answers and edits were exact, yet said misplaced and refused). Another language's
 * server is not known to: every one is looked for.
 */
function disputedBy(path: string): DisputedLineBreak['name'][] {
  const extension = extname(path).toLowerCase()
  if (extension === '.go') return ['CR']
  if (/^\.(?:[cm]?[jt]sx?)$/.test(extension)) return ['U+2028', 'U+2029']
  if (extension === '.py' || extension === '.pyi') return []
  return ['CR', 'U+2028', 'U+2029']
}

/** The first line break of `text`, the file at `path`, its server counts otherwise than LSP (see `disputedLineBreak`, {@link disputedBy}), or `undefined`. */
export function disputedBreakAt(text: string, path: string): DisputedBreak | undefined {
  const found = disputedLineBreak(text, disputedBy(path))
  if (found === undefined) return undefined
  const lines = splitLines(text.slice(0, found.offset))
  const column = [...lines[lines.length - 1]!].length + 1 - (lines.length === 1 && text.startsWith('\ufeff') ? 1 : 0)
  return { name: found.name, label: found.name === 'CR' ? 'a lone CR' : `a ${found.name}`, at: `${lines.length}:${column}` }
}
