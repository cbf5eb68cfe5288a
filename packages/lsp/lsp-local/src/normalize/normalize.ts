import { compareLocations, type LspHover, type LspLocation, type LspRange } from '@agent-lsp/lsp'
import { copyRange, isRange, isRecord, malformed, preview } from './shapes.js'
import { canonicalUri } from './uri.js'

/**
 * Normalize a `textDocument/definition`-family answer (`Location | Location[] | LocationLink[] |
 * null`, LSP 3.17 §Goto Definition) into canonical, deduplicated locations sorted by URI then
 * range. A `LocationLink` contributes its `targetSelectionRange` (the name, not the whole
 * declaration). Positions stay zero-based UTF-16.
 * @param what - `server method`, quoted in the error.
 * @throws LspError `LSP_MALFORMED_RESPONSE` for any other shape.
 */
export function normalizeLocations(raw: unknown, what: string): LspLocation[] {
  if (raw === null || raw === undefined) return []
  const items = Array.isArray(raw) ? raw : [raw]
  const byKey = new Map<string, LspLocation>()
  for (const item of items) {
    const location = toLocation(item, what)
    byKey.set(`${location.uri}#${rangeKey(location.range)}`, location)
  }
  return [...byKey.values()].sort(compareLocations)
}

function toLocation(item: unknown, what: string): LspLocation {
  if (isRecord(item)) {
    if (typeof item.targetUri === 'string' && isRange(item.targetSelectionRange)) {
      return { uri: canonicalUri(item.targetUri), range: copyRange(item.targetSelectionRange) }
    }
    if (typeof item.uri === 'string' && isRange(item.range)) {
      return { uri: canonicalUri(item.uri), range: copyRange(item.range) }
    }
  }
  throw malformed(what, `expected Location or LocationLink, got ${preview(item)}`)
}

/**
 * Normalize a `textDocument/hover` answer (LSP 3.17 §Hover): `MarkupContent`, `MarkedString`
 * (`string` markdown or `{ language, value }`, rendered as a fenced block) or an array of
 * `MarkedString`, joined by blank lines with empty parts dropped. Empty content is `null`.
 * @throws LspError `LSP_MALFORMED_RESPONSE` for any other shape.
 */
export function normalizeHover(raw: unknown, what: string): LspHover | null {
  if (raw === null || raw === undefined) return null
  if (!isRecord(raw) || !('contents' in raw)) throw malformed(what, `expected Hover, got ${preview(raw)}`)
  const parts = (Array.isArray(raw.contents) ? raw.contents : [raw.contents]).map((part) => hoverPart(part, what))
  const contents = parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join('\n\n')
  if (contents === '') return null
  if (raw.range !== undefined && !isRange(raw.range)) throw malformed(what, `hover range is not a Range: ${preview(raw.range)}`)
  return raw.range === undefined ? { contents } : { contents, range: copyRange(raw.range) }
}

function hoverPart(part: unknown, what: string): string {
  if (typeof part === 'string') return part
  if (isRecord(part) && typeof part.value === 'string') {
    if (typeof part.language === 'string') return part.value.trim() === '' ? '' : `\`\`\`${part.language}\n${part.value}\n\`\`\``
    if (part.kind === 'markdown' || part.kind === 'plaintext') return part.value
  }
  throw malformed(what, `hover contents is not MarkupContent or MarkedString: ${preview(part)}`)
}

/** A range as a key: `line:character-line:character` (zero-based, UTF-16). */
export function rangeKey(range: LspRange): string {
  return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`
}


