import { realpathSync } from 'node:fs'
import { extname } from 'node:path'
import { onAbort } from '@agent-lsp/abort'
import { languageOfExtension } from '@agent-lsp/keywords'
import type { LspCursorRequest } from '@agent-lsp/lsp'
import { identifierAt } from '../name.js'
import type { SearchResult } from './ripgrep.js'
import { searchWord } from './search.js'
import { fileUri, requestFilePath, sharedTexts } from './texts.js'

/** What a cross-check searches for: a word under a root, in files with these endings, up to a limit of occurrences. */
export interface WordQuestion {
  readonly name: string
  readonly root: string
  readonly endings: readonly string[]
  readonly limit: number
}

/** A search for the word at a query's cursor, begun while the server answers the query. */
export interface SearchAhead {
  /**
   * What the search begun found, when it is of `question`; `undefined` when it is of another word
   * or root, or none began (no identifier at the cursor): the caller searches itself. Rejects as
   * `searchWord` does.
   */
  resultFor(question: WordQuestion): Promise<SearchResult | undefined>
  /** Stop it if it is not done (ripgrep is killed); a no-op once it is. */
  cancel(): void
}

/**
 * Search for the identifier at `request`'s cursor (as the file is on disk) under the realpath of
 * its workspace root, two turns of the event loop from now: by then the provider has usually
 * written its request, so the search runs while the server computes the answer instead of after
 * it (ripgrep in a process of its own; the in-process search while the server's answer is on its
 * way). A search of another word than the answer names is only wasted work: {@link SearchAhead.resultFor}
 * hands it out for its own question only. `signal` (the query's) stops it, as `cancel` does.
 */
export function searchAhead(request: LspCursorRequest, endings: readonly string[], limit: number, signal: AbortSignal | undefined): SearchAhead {
  const own = new AbortController()
  const detach = signal ? onAbort(signal, () => own.abort()) : () => {}
  const begun = twoTurns().then((): { readonly question: WordQuestion; readonly result: Promise<SearchResult> } | undefined => {
    if (own.signal.aborted) return undefined
    const file = requestFilePath(request)
    const line = sharedTexts.get(fileUri(file))?.lines[request.position.line]
    const name = line === undefined ? undefined : identifierAt(line, request.position.character, languageOfExtension(extname(file).toLowerCase()))
    if (name === undefined) return undefined
    const question = { name, root: realpathSync.native(request.workspaceRoot), endings, limit }
    const result = searchWord(name, question.root, endings, limit, own.signal)
    result.then(detach, detach) // a rejection is the asker's, or dropped with the search
    return { question, result }
  })
  begun.then((search) => search ?? detach(), detach)
  return {
    async resultFor(question) {
      const search = await begun.catch(() => undefined)
      return search !== undefined && sameQuestion(search.question, question) ? search.result : undefined
    },
    cancel: () => own.abort(),
  }
}

function sameQuestion(a: WordQuestion, b: WordQuestion): boolean {
  return a.name === b.name && a.root === b.root && a.limit === b.limit && a.endings.length === b.endings.length && a.endings.every((ending, index) => ending === b.endings[index])
}

function twoTurns(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)))
}
