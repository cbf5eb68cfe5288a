import { realpathSync } from 'node:fs'
import type { LspDocumentChange } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { sameRange, type TextEditStep } from './merge-edits.js'

/**
 * `changes` with each text edit aimed at the file it reaches through symlinks: a server lists one
 * file under each path that names it (tsserver: `src/util.ts`, a link, and `shared/util.ts`, its
 * target), and writing the link's path replaced the link with a copy while the target was edited
 * too. The step of a file named by another path than an earlier step of the same file takes the
 * edits it adds to that step (an edit both give, once: both were computed on the same text); steps
 * under one path stay apart, in order, as LSP applies them. A path that does not resolve stays as it is.
 */
export function onRealFiles(changes: readonly LspDocumentChange[]): LspDocumentChange[] {
  const out: LspDocumentChange[] = []
  /** Per output step of a file reached through another path: the path the server gave first. */
  const given = new Map<TextEditStep, string>()
  for (const change of changes) {
    if (change.kind !== 'edit') {
      out.push(change)
      continue
    }
    const uri = realUri(change.uri)
    const earlier = out.findLast((step): step is TextEditStep => step.kind === 'edit' && step.uri === uri)
    const earlierGiven = earlier === undefined ? undefined : (given.get(earlier) ?? earlier.uri)
    if (earlier !== undefined && earlierGiven !== change.uri) {
      const added = change.edits.filter((text) => !earlier.edits.some((other) => sameRange(other, text)))
      const merged: TextEditStep = { ...earlier, edits: [...earlier.edits, ...added].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character) }
      out[out.indexOf(earlier)] = merged
      given.set(merged, earlierGiven!)
      continue
    }
    const step: TextEditStep = uri === change.uri ? change : { ...change, uri }
    if (uri !== change.uri) given.set(step, change.uri)
    out.push(step)
  }
  return out
}

/** The `file:` URI of the file `uri` reaches through symlinks (itself when it does not resolve, or is not a file URI). */
function realUri(uri: string): string {
  const parsed = URI.parse(uri)
  if (parsed.scheme !== 'file') return uri
  try {
    const real = realpathSync.native(parsed.fsPath)
    return real === parsed.fsPath ? uri : URI.file(real).toString()
  } catch {
    return uri
  }
}
