import { providerOf, type LspQueryRequest, type LspQueryResult, type LspService } from '@agent-lsp/lsp'
import { crossCheck, defaultCrossCheckLimits, type CrossCheckedOperation, type CrossCheckLimits } from './cross-check.js'
import { searchScope } from './scope.js'
import { searchAhead } from './search/ahead.js'
import { requestFilePath, Texts } from './search/texts.js'
import { originBody, unlistedCalls } from './outgoing.js'
import { withSpecialCalls, withSpecialReferences } from './special-methods.js'
import { URI } from 'vscode-uri'

/** Options of {@link withCrossCheck}. */
export interface CrossCheckOptions {
  /** Override some bounds of {@link defaultCrossCheckLimits}. */
  readonly limits?: Partial<CrossCheckLimits>
  /**
   * A service answering from a prebuilt index alone (its SCIP provider): an answer that came from
   * an index (`provenance.source === 'index'`) is cross-checked by asking it, not the live server
   * behind `lsp`, which may still be starting (the index answered because it was). Occurrences in
   * files it does not hold answer empty and partial, so they are left `unchecked`, named.
   */
  readonly index?: LspService
}

const checked: ReadonlySet<string> = new Set<CrossCheckedOperation>(['findReferences', 'goToImplementation', 'incomingCalls'])

/** Operations whose answer is held against the code of the file asked about (see `unlistedCalls`). */
const read: ReadonlySet<string> = new Set(['outgoingCalls'])

/**
 * `lsp` with every `findReferences`, `goToImplementation` and `incomingCalls` answer cross-checked
 * (see `crossCheck` and `LspCrossCheck`): the answer gains `crossCheck`, a `findReferences` answer
 * the places the server missed, and its `completeness` says what may still be missing. Other
 * operations, registration and disposal pass through. The cross-check's own `goToDefinition`
 * requests go to `lsp` itself, so any provider behind it serves them (an index's answer: to
 * `options.index`).
 */
export function withCrossCheck(lsp: LspService, options: CrossCheckOptions = {}): LspService {
  const limits: CrossCheckLimits = { ...defaultCrossCheckLimits, ...options.limits }
  return {
    registerProvider: (provider) => lsp.registerProvider(provider),
    providers: () => lsp.providers(),
    dispose: () => lsp.dispose(),
    async query<Request extends LspQueryRequest>(request: Request, signal?: AbortSignal) {
      if (read.has(request.operation)) {
        const result = await lsp.query(request, signal)
        const answer = result as LspQueryResult
        if (answer.kind !== 'calls') return result
        const texts = new Texts()
        const body = await originBody(lsp, answer, texts, request.workspaceRoot, signal)
        return (body === undefined ? answer : unlistedCalls(answer, body, texts)) as typeof result
      }
      if (!checked.has(request.operation) || request.filePath === null || !('position' in request)) return lsp.query(request, signal)
      const providers = lsp.providers()
      const provider = providerOf(providers, request.filePath)
      const scope = provider === undefined ? undefined : searchScope(provider, providers)
      const cursorRequest = { ...request, operation: request.operation as CrossCheckedOperation }
      const answering = lsp.query(request, signal)
      // Begun while the server answers; used if the answer names the word at the cursor.
      const ahead = scope?.familyOf(requestFilePath(cursorRequest)) === undefined ? undefined : searchAhead(cursorRequest, scope.endings, limits.maxOccurrences, signal)
      try {
        const result = await answering
        const answer = result as LspQueryResult
        if (scope === undefined || (answer.kind !== 'locations' && !(answer.kind === 'calls' && answer.direction === 'incoming'))) return result
        const asked = answer.provenance?.source === 'index' && options.index !== undefined ? options.index : lsp
        const joined = answer.kind === 'calls' ? await withSpecialCalls(asked, answer, new Texts(), request.workspaceRoot, signal) : answer
        const checked: LspQueryResult = await crossCheck(asked, cursorRequest, joined, scope, limits, signal, ahead)
        if (request.operation !== 'findReferences' || checked.kind !== 'locations') return checked as typeof result
        return withSpecialReferences(checked, checked.crossCheck?.name, URI.file(request.filePath).toString()) as typeof result
      } finally {
        ahead?.cancel()
      }
    },
  }
}
