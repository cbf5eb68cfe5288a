import type { LspCompletionItem, LspCompletionItemKind } from '@agent-lsp/lsp'
import { isRecord, malformed, markupText, preview } from './shapes.js'

/** LSP 3.17 `CompletionItemKind` numbers (1-based) to their names. */
const completionKinds: readonly LspCompletionItemKind[] = [
  'Text', 'Method', 'Function', 'Constructor', 'Field', 'Variable', 'Class', 'Interface', 'Module', 'Property', 'Unit',
  'Value', 'Enum', 'Keyword', 'Snippet', 'Color', 'File', 'Reference', 'Folder', 'EnumMember', 'Constant', 'Struct',
  'Event', 'Operator', 'TypeParameter',
]

/** The name of a `CompletionItemKind` number; `Unknown` for none or one this client does not know. */
export function completionKindName(kind: unknown): LspCompletionItemKind {
  return (typeof kind === 'number' && completionKinds[kind - 1]) || 'Unknown'
}

/** The raw items of a completion answer and its `isIncomplete` (LSP 3.17 §Completion Request). */
export interface RawCompletion {
  readonly isIncomplete: boolean
  /** The server's items, unchanged (resolve needs them as they were sent). */
  readonly items: readonly Record<string, unknown>[]
}

/**
 * Split a `textDocument/completion` answer (`CompletionItem[] | CompletionList | null`) into its
 * raw items, with the list's `itemDefaults` (LSP 3.17) folded into each item; `null` for `null`.
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function rawCompletion(raw: unknown, what: string): RawCompletion | null {
  if (raw === null || raw === undefined) return null
  const list = Array.isArray(raw) ? { isIncomplete: false, items: raw } : raw
  if (!isRecord(list) || !Array.isArray(list.items)) throw malformed(what, `expected CompletionItem[] or CompletionList, got ${preview(raw)}`)
  const defaults = isRecord(list.itemDefaults) ? list.itemDefaults : {}
  const items = list.items.map((item) => {
    if (!isRecord(item) || typeof item.label !== 'string') throw malformed(what, `expected CompletionItem, got ${preview(item)}`)
    const withDefaults: Record<string, unknown> = { ...item }
    for (const key of ['commitCharacters', 'insertTextFormat', 'insertTextMode', 'data'] as const) {
      if (withDefaults[key] === undefined && defaults[key] !== undefined) withDefaults[key] = defaults[key]
    }
    return withDefaults
  })
  return { isIncomplete: list.isIncomplete === true, items }
}

/**
 * Normalize one `CompletionItem` (LSP 3.17 §CompletionItem). `detail` joins the item's `detail`
 * with its `labelDetails` when the detail alone does not say it; `insertText` is the text edit's
 * `newText`, else `insertText`, else the label.
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function normalizeCompletionItem(item: Record<string, unknown>, what: string): LspCompletionItem {
  const label = item.label as string
  const labelDetails = isRecord(item.labelDetails) ? item.labelDetails : {}
  const details = [item.detail, labelDetails.detail, labelDetails.description].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  )
  const detail = details[0]
  const edit = isRecord(item.textEdit) ? item.textEdit : undefined
  const insertText = typeof edit?.newText === 'string' ? edit.newText : typeof item.insertText === 'string' ? item.insertText : label
  const documentation = markupText(item.documentation, what)
  const tags = Array.isArray(item.tags) ? item.tags : []
  return {
    label,
    kind: completionKindName(item.kind),
    ...(detail === undefined ? {} : { detail: detail.trim() }),
    ...(documentation === undefined ? {} : { documentation }),
    insertText,
    snippet: item.insertTextFormat === 2,
    sortText: typeof item.sortText === 'string' ? item.sortText : label,
    deprecated: item.deprecated === true || tags.includes(1),
  }
}

/** Whether an item lacks what `completionItem/resolve` fills in (its type or its documentation). */
export function needsResolve(item: Record<string, unknown>): boolean {
  return typeof item.detail !== 'string' || item.detail === '' || item.documentation === undefined
}

/** The text a client filters an item by (`filterText`, else the label). */
export function filterTextOf(item: Record<string, unknown>): string {
  return typeof item.filterText === 'string' ? item.filterText : (item.label as string)
}
