import { LspError, lspProviderId, type LspProvider, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import type { LocalServerConfig, LocalServerStatus } from '@agent-lsp/lsp-local'
import type { DisabledOperations } from '../config.js'
import type { ServedServer } from './served-server.js'

/** Failures after which the next candidate is tried: the server is not installed, or did not start. */
const NOT_STARTED = new Set(['LSP_SERVER_NOT_FOUND', 'LSP_SERVER_START_FAILED'])

/** What runs one candidate server: a local provider, or the shared host's. */
export interface ServerBackend {
  /** As `LspProvider.query`; rejects with `LspError` only. */
  query(request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult>
  /**
   * Have its server answer `request` in the background, for no caller (a warm-up: its project
   * loaded before a query needs it), where it outlives this process (the shared host's). Settles
   * once handed over, not when answered; never rejects (a failure is the next query's to report).
   */
  warm?(request: LspProviderQuery): Promise<void>
  /** Stop its servers. Never rejects. */
  dispose(): Promise<void>
  /** Its servers, when it runs them in this process. */
  status?(): LocalServerStatus[]
}

/** Make the backend of `config`, answering for the served server `slot` (its provider id). */
export type BackendFactory = (config: LocalServerConfig, slot: string) => ServerBackend

/** A served server's seam provider; `dispose()` waits for its queries in flight, then stops its servers. */
export interface ServedProvider extends LspProvider {
  /** The candidate answering now (its config id), and the backend running it, once made. */
  serving(): { readonly server: string; readonly backend: ServerBackend | undefined }
  /** Take another config's `disabledOperations` (its servers unchanged). */
  setDisabled(disabled: DisabledOperations | undefined): void
  dispose(): Promise<void>
}

/**
 * The provider of `served`: queries go to its first candidate that is not known to be missing;
 * when that one turns out not installed or not starting (`LSP_SERVER_NOT_FOUND`,
 * `LSP_SERVER_START_FAILED`), to the next, which then keeps answering. An answer from a candidate
 * after the first carries `fallback` (which server, in place of which, why); when none can run,
 * the last one's error says why each before it did not. An operation in
 * `disabled` rejects with `LSP_UNSUPPORTED_OPERATION` naming the setting, asking no server. So
 * does a workspace-wide query without a file (the seam asks every provider, and leaves out those
 * that refuse) that the candidate's measured operations leave out: the JSON, YAML or TOML server
 * would otherwise start only to say it has no workspace symbols.
 */
export function createServedProvider(served: ServedServer, make: BackendFactory): ServedProvider {
  const { candidates } = served
  let disabled = served.disabled
  const skipped: string[] = []
  let index = 0
  while (index < candidates.length - 1 && candidates[index]!.missing !== undefined) skipped.push(candidates[index++]!.missing!)
  let backend: ServerBackend | undefined
  const retired: Promise<void>[] = []
  const inFlight = new Set<Promise<unknown>>()

  const answer = async (request: LspProviderQuery, signal?: AbortSignal): Promise<LspQueryResult> => {
    for (;;) {
      const at = index
      const known = candidates[at]!.operations
      // Asked of every language, a server that cannot answer has nothing to miss, except workspace
      // diagnostics: its files there are unchecked, which its provider says (unasked, they were "No diagnostics").
      if (request.filePath === null && known !== undefined && !known.includes(request.operation) && request.operation !== 'workspaceDiagnostics') {
        throw new LspError('LSP_UNSUPPORTED_OPERATION', `language server "${candidates[at]!.config.id}" does not support ${request.operation} (not among its measured operations)`)
      }
      const current = (backend ??= make(candidates[at]!.config, served.id))
      try {
        const result = await current.query(request, signal)
        return at === 0 ? result : { ...result, fallback: { server: candidates[at]!.config.id, insteadOf: served.id, reason: skipped.slice(0, at).join('; ') } }
      } catch (error) {
        if (!LspError.isInstance(error) || !NOT_STARTED.has(error.code)) throw error
        if (at === candidates.length - 1) {
          // None could run: say what each before it lacked, not only the last fallback's failure.
          if (at === 0) throw error
          throw new LspError(error.code, `${error.message} (tried in place of ${served.id}: ${skipped.slice(0, at).join('; ')})`, { cause: error })
        }
        if (index === at) {
          // Concurrent queries that failed on the same candidate move on once.
          skipped[at] = firstLine(error.message)
          index = at + 1
          backend = undefined
          retired.push(current.dispose())
        }
      }
    }
  }

  return {
    id: lspProviderId(served.id),
    extensionToLanguage: served.extensionToLanguage,
    ...(served.fileNameToLanguage ? { fileNameToLanguage: served.fileNameToLanguage } : {}),
    query(request, signal) {
      if (disabled?.operations.includes(request.operation)) {
        const message = `${request.operation} is turned off for ${served.id} by ${disabled.setting}; remove it there to ask the server`
        return Promise.reject(new LspError('LSP_UNSUPPORTED_OPERATION', message))
      }
      const asked = answer(request, signal)
      inFlight.add(asked)
      void asked.then(
        () => inFlight.delete(asked),
        () => inFlight.delete(asked),
      )
      return asked
    },
    serving: () => ({ server: candidates[index]!.config.id, backend }),
    setDisabled(next) {
      disabled = next
    },
    async dispose() {
      await Promise.allSettled([...inFlight])
      await Promise.all([backend?.dispose(), ...retired])
      backend = undefined
    },
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0]!
}
