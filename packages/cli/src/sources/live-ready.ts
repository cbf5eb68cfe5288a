import { isEmptyResult, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import type { ServerBackend } from '../serving/served-provider.js'

/** States in which a server's answer would wait for it (see `LocalServerState`). */
const NOT_READY = new Set(['starting', 'indexing', 'restarting'])

/**
 * Whether a live backend of this process is ready for `request`: it answered a query of the same
 * workspace root (typescript-language-server loads its project on the first request, so its state
 * alone says `ready` too soon) and none of its servers is starting, indexing or restarting now.
 */
export function answeredInProcess(answered: ReadonlySet<string>, live: ServerBackend | undefined, request: LspProviderQuery): boolean {
  return answered.has(request.workspaceRoot) && (live?.status?.() ?? []).every((server) => !NOT_READY.has(server.state))
}

/**
 * Whether the shared host's rows say the server `serverId` of `workspace` (a realpath) is ready:
 * it runs there, is `ready` (the host keeps it warm for every client) and no warm-up runs on it
 * (its project may still be loading: a query would wait for it).
 */
export function readyInHost(rows: readonly { readonly serverId: string; readonly workspace: string; readonly state: string; readonly warming?: true }[], serverId: string, workspace: string): boolean {
  const own = rows.filter((row) => row.serverId === serverId && row.workspace === workspace)
  return own.length > 0 && own.every((row) => row.state === 'ready' && row.warming === undefined)
}

/**
 * Whether an index answer is not one to give: the asked file is not in the index, or it changed
 * since the build and nothing was answered (`partial`/`unconfigured` or `stale`, empty), or some
 * of its rows are in files changed since the build (`provenance.staleUris`: they may have moved).
 * An answer whose rows are all in unchanged files stays, `partial`/`stale` when files it depends
 * on changed (what was written there since is missing).
 */
export function unanswered(result: LspQueryResult): boolean {
  if ((result.provenance?.staleUris.length ?? 0) > 0) return true
  if (result.completeness.state === 'complete') return false
  if (result.completeness.reason === 'unconfigured') return true
  return result.completeness.reason === 'stale' && isEmptyResult(result)
}
