import { untilAborted } from '@agent-lsp/abort'
import type { LspDocumentChange, LspTextEdit, LspWorkspaceEdit } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import type { EditFlowContext } from './edit-context.js'
import { mergeTextEdits, sameRange, type TextEditStep } from './merge-edits.js'

/**
 * A rename carried through the re-exports that keep the old public name. tsserver renames with
 * prefix and suffix text (so shorthand properties and destructuring stay correct), which turns a
 * re-export `export { Cart } from './cart'` into `export { Basket as Cart }`: the code compiles,
 * but every importer still says `Cart`. For each such alias the rename is asked again at the
 * alias (on the files as they are), and the two answers merged: the specifier becomes
 * `Basket` and the importers are renamed too. An alias whose second rename does not answer as
 * expected stays as the server wrote it.
 */
export async function renameThroughAliases(context: EditFlowContext, edit: LspWorkspaceEdit, oldName: string, newName: string): Promise<LspWorkspaceEdit> {
  const alias = `${newName} as ${oldName}`
  let changes: LspDocumentChange[] = [...edit.changes]
  for (const change of edit.changes) {
    if (change.kind !== 'edit') continue
    for (const text of change.edits) {
      if (text.newText !== alias) continue
      const second = await secondRename(context, change.uri, text, newName)
      if (second === undefined) continue
      const specifier = second.find((step) => step.uri === change.uri && step.edits.some((other) => sameRange(other, text) && other.newText === `${oldName} as ${newName}`))
      if (specifier === undefined) continue
      changes = merge(changes, second, change.uri, text, newName)
    }
  }
  return { changes }
}

async function secondRename(context: EditFlowContext, uri: string, at: LspTextEdit, newName: string): Promise<readonly TextEditStep[] | undefined> {
  try {
    const request = { operation: 'rename', filePath: URI.parse(uri).fsPath, position: at.range.start, newName, workspaceRoot: context.workspaceRoot } as const
    const result = await untilAborted(context.ctx.lsp.query(request, context.signal), context.signal)
    const steps = result.edit?.changes ?? []
    return steps.every((step): step is TextEditStep => step.kind === 'edit') ? steps : undefined
  } catch (error) {
    if (context.signal.aborted) throw error
    return undefined
  }
}

/** The first rename's steps with the alias collapsed to `newName` and the second's other text edits added (once each). */
function merge(first: readonly LspDocumentChange[], second: readonly TextEditStep[], aliasUri: string, alias: LspTextEdit, newName: string): LspDocumentChange[] {
  const collapsed = first.map((step): LspDocumentChange => (step.kind === 'edit' && step.uri === aliasUri ? { ...step, edits: step.edits.map((text) => (sameRange(text, alias) ? { range: text.range, newText: newName } : text)) } : step))
  return mergeTextEdits(collapsed, second)
}
