import type { LspDocumentChange, LspTextEdit } from '@agent-lsp/lsp'

/** A `DocumentChange` that edits text (LSP 3.17 §TextDocumentEdit). */
export type TextEditStep = Extract<LspDocumentChange, { kind: 'edit' }>

/**
 * `first`'s changes with the text edits of `more` added, once per range, each file's edits in
 * document order (one step per file, the file operations of `first` after them). Two edits of the
 * same range keep the first one's text.
 */
export function mergeTextEdits(first: readonly LspDocumentChange[], more: readonly TextEditStep[]): LspDocumentChange[] {
  const byUri = new Map<string, LspTextEdit[]>()
  const others: LspDocumentChange[] = []
  const add = (uri: string, text: LspTextEdit): void => {
    const list = byUri.get(uri) ?? []
    byUri.set(uri, list)
    if (!list.some((other) => sameRange(other, text))) list.push(text)
  }
  for (const step of first) {
    if (step.kind === 'edit') for (const text of step.edits) add(step.uri, text)
    else others.push(step)
  }
  for (const step of more) for (const text of step.edits) add(step.uri, text)
  const compare = (a: LspTextEdit, b: LspTextEdit): number => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character
  return [...[...byUri].map(([uri, edits]): LspDocumentChange => ({ kind: 'edit', uri, version: null, edits: edits.sort(compare) })), ...others]
}

export function sameRange(a: LspTextEdit, b: LspTextEdit): boolean {
  return a.range.start.line === b.range.start.line && a.range.start.character === b.range.start.character && a.range.end.line === b.range.end.line && a.range.end.character === b.range.end.character
}
