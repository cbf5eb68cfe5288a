import { untilAborted } from '@agent-lsp/abort'
import type { LspOperation } from '@agent-lsp/lsp'
import { cancelledError } from '../process/client-errors.js'
import type { LanguageServerClient } from '../process/client.js'
import type { LocalServerConfig } from '../config.js'
import { protocol } from '../protocol.js'

const { ExecuteCommandRequest } = protocol

/** Which reports of changed packages a session has acted on, and the action under way. */
export interface PackagesSeen {
  generation: number
  pending: Promise<void> | undefined
}

/**
 * After the watched files reported a package installed or removed (`WatchedFiles.packageGeneration`
 * moved), send the server `config.onPackagesChanged` once and wait for its answer, so the query
 * that follows sees the packages as they are (tsserver reloads its projects, resolving imports
 * again). Concurrent queries share one command. A no-op for servers without it, or that do not
 * offer the command (`executeCommandProvider`); a failure of the command is not the query's.
 */
export async function actOnChangedPackages(
  client: LanguageServerClient,
  config: LocalServerConfig,
  seen: PackagesSeen,
  operation: LspOperation,
  signal: AbortSignal | undefined,
): Promise<void> {
  const action = config.onPackagesChanged
  const generation = client.watchedFiles.packageGeneration
  if (action === undefined || generation === seen.generation) return seen.pending === undefined ? undefined : untilAborted(seen.pending, signal, () => cancelledError(operation))
  seen.generation = generation
  if (!(client.capabilities.executeCommandProvider?.commands ?? []).includes(action.command)) return
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
