import type { LspCompleteness, LspQueryResult } from '@agent-lsp/lsp'
import { LspError } from '@agent-lsp/lsp'
import type { CancellationToken } from 'vscode-languageserver-protocol'
import type { LanguageServerClient } from '../process/client.js'
import { protocol } from '../protocol.js'
import type { LocalProviderLimits } from '../config.js'
import type { LocalProjectCheck } from '../project-check/check-config.js'

const { LSPErrorCodes } = protocol

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A result before the provider adds the root and completeness it knows. */
export type OperationAnswer = DistributiveOmit<LspQueryResult, 'resolvedWorkspaceRoot' | 'completeness'> & {
  /** Set when the operation itself knows the answer is partial (diagnostics not yet published). */
  readonly completeness?: LspCompleteness
}

/** What an operation needs: the running server, the file's URI (`null` without a file), bounds. */
export interface OperationContext {
  readonly client: LanguageServerClient
  readonly serverId: string
  readonly uri: string | null
  readonly limits: LocalProviderLimits
  readonly signal: AbortSignal | undefined
  /** Cancelled when the request's answer is no longer wanted (an early ask that did not stand, see `askEarly`). */
  readonly dropped?: CancellationToken | undefined
  /** The file's text as the server has it; `null` without a file. */
  readonly text: string | null
  /** Close and reopen the file on the server (see `OpenDocuments.reopen`); `null` without a file. */
  readonly reopen: (() => Promise<void>) | null
  /** The server root (where a project check runs) and the workspace's realpath (what its labels are relative to). */
  readonly root: string
  readonly resolvedWorkspaceRoot: string
  /** The server's project check, if it has one (see `LocalServerConfig.projectCheck`). */
  readonly projectCheck: LocalProjectCheck | undefined
  /** For tsserver's diagnostics pull and implementations: the config files of every project under the root, those asked about loaded (see `openEveryProject`). */
  readonly projects?: readonly string[]
}

/** Sends a request, re-sending it when the server answers `ContentModified`. */
export type Ask = <R>(send: () => Promise<R>) => Promise<R>

/** Re-send a request the server answered `ContentModified` (LSP 3.17 §ErrorCodes), a few times. */
export async function retryContentModified<R>(send: () => Promise<R>, retries: number): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send()
    } catch (error) {
      const modified = LspError.isInstance(error) && error.responseError?.code === LSPErrorCodes.ContentModified
      if (!modified || attempt >= retries) throw error
    }
  }
}
