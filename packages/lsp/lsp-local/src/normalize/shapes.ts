import { LspError, type LspRange } from '@agent-lsp/lsp'

/** Shape checks shared by the normalizers: servers' answers are untrusted JSON. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isIndex(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0
}

function isPosition(value: unknown): value is { line: number; character: number } {
  return isRecord(value) && isIndex(value.line) && isIndex(value.character)
}

export function isRange(value: unknown): value is LspRange {
  return isRecord(value) && isPosition(value.start) && isPosition(value.end)
}

/** A fresh range holding only the fields the seam defines. */
export function copyRange(range: LspRange): LspRange {
  return {
    start: { line: range.start.line, character: range.start.character },
    end: { line: range.end.line, character: range.end.character },
  }
}

/** `LSP_MALFORMED_RESPONSE` naming where the answer came from (`typescript textDocument/hover`). */
export function malformed(what: string, detail: string): LspError {
  return new LspError('LSP_MALFORMED_RESPONSE', `${what} answered a malformed result: ${detail}`)
}

/** A short JSON rendering of a bad value, for messages. */
export function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 80 ? `${text.slice(0, 79)}…` : text
}

/** `MarkupContent` or a plain string (documentation fields), as text; `undefined` when empty. */
export function markupText(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined
  const text = typeof value === 'string' ? value : isRecord(value) && typeof value.value === 'string' ? value.value : undefined
  if (text === undefined) throw malformed(what, `expected a string or MarkupContent, got ${preview(value)}`)
  return text.trim() === '' ? undefined : text
}
