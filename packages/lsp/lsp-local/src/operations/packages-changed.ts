import { basename } from 'node:path'
import { untilAborted } from '@agent-lsp/abort'
import type { LspOperation } from '@agent-lsp/lsp'
import { cancelledError } from '../process/client-errors.js'
import type { LanguageServerClient } from '../process/client.js'
import type { LocalServerConfig } from '../config.js'
import { protocol } from '../protocol.js'
import type { WatchedFiles } from '../sync/watched-files.js'

const { ExecuteCommandRequest } = protocol

/** Which reports of changed packages (and config files) a session has acted on, and the action under way. */
export interface PackagesSeen {
  generation: number
  /** Looks that found one of `onPackagesChanged.configFiles` created, changed or deleted. */
  configChanges: number
  pending: Promise<void> | undefined
}

/** A session's {@link PackagesSeen}, counting the looks that found one of the server's config files changed. */
export function packagesSeen(watchedFiles: Pick<WatchedFiles, 'onLook'>, config: LocalServerConfig): PackagesSeen {
  const seen: PackagesSeen = { generation: 0, configChanges: 0, pending: undefined }
  const names = config.onPackagesChanged?.configFiles ?? []
  if (names.length > 0) {
    watchedFiles.onLook((changes) => {
      if (changes.some((change) => names.includes(basename(change.path)))) seen.configChanges++
    })
  }
  return seen
}

/**
 * After the watched files reported a package installed, updated or removed (`WatchedFiles.packageGeneration`
 * moved), or one of the server's config files changed (`configFiles`), send the server `config.onPackagesChanged` once and wait for its answer, so the query
 * that follows sees the packages as they are (tsserver reloads its projects, resolving imports
 * again; pyright restarts, and readiness waits for its ready line again when `reloads`). Concurrent
 * queries share one command. A no-op for servers without one. The command is sent whether or not
 * the server lists it (pyright 1.1.414 lists no command and runs `pyright.restartserver`); a
 * failure of it is not the query's.
 */
export async function actOnChangedPackages(
  client: LanguageServerClient,
  config: LocalServerConfig,
  seen: PackagesSeen,
  operation: LspOperation,
  signal: AbortSignal | undefined,
): Promise<void> {
  const action = config.onPackagesChanged
  const generation = client.watchedFiles.packageGeneration + seen.configChanges
  if (action === undefined || generation === seen.generation) return seen.pending === undefined ? undefined : untilAborted(seen.pending, signal, () => cancelledError(operation))
  seen.generation = generation
  // A server that says in its log when its workspace is loaded (pyright) says it again after a restart.
  if (action.reloads === true) client.readiness.reloading()
  const sent = client
    .request(ExecuteCommandRequest.type, { command: action.command, arguments: [...(action.arguments ?? [])] })
    .then(
      () => undefined,
      () => undefined, // the server could not act on it: the query goes on with what it has
    )
    .finally(() => {
      if (seen.pending === sent) seen.pending = undefined
    })
  seen.pending = sent
  await untilAborted(sent, signal, () => cancelledError(operation))
}
