import type { LspOperation } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import type { DisabledOperations, PlannedServer } from '../config.js'

/** One seam provider of the command: the configured server, the fallbacks after it, and what config turned off. */
export interface ServedServer {
  /** The provider id: the configured server's (`python`), whichever candidate answers. */
  readonly id: string
  readonly extensionToLanguage: Readonly<Record<string, string>>
  readonly fileNameToLanguage?: Readonly<Record<string, string>>
  /** The configured server first, then its fallbacks, each with its configured server's files. */
  readonly candidates: readonly ServedCandidate[]
  readonly disabled?: DisabledOperations
}

/** A server that may answer for a {@link ServedServer}. */
export interface ServedCandidate {
  readonly config: LocalServerConfig
  /** The operations it answers, when the catalogue measured them (its own process): see `createServedProvider`. */
  readonly operations?: readonly LspOperation[]
  /** Why it cannot run, known before starting it (`pyright-langserver was not found`). */
  readonly missing?: string
}

/** The served servers of a setup's planned ones, in order. */
export function servedServers(servers: readonly PlannedServer[]): ServedServer[] {
  return servers.map((server) => ({
    id: server.config.id,
    extensionToLanguage: server.config.extensionToLanguage,
    ...(server.config.fileNameToLanguage ? { fileNameToLanguage: server.config.fileNameToLanguage } : {}),
    candidates: [server, ...(server.fallbacks ?? [])].map((candidate) => ({
      config: candidate.config,
      ...(candidate.operations ? { operations: candidate.operations } : {}),
      ...(candidate.executable.found ? {} : { missing: `${candidate.executable.command} was not found` }),
    })),
    ...(server.disabled ? { disabled: server.disabled } : {}),
  }))
}

/** A server config as served alone: no fallback, nothing turned off (a library user's list). */
export function servedAlone(config: LocalServerConfig): ServedServer {
  return { id: config.id, extensionToLanguage: config.extensionToLanguage, ...(config.fileNameToLanguage ? { fileNameToLanguage: config.fileNameToLanguage } : {}), candidates: [{ config }] }
}

/** What names a served server's processes: equal keys run the same servers (its `disabled` left out). */
export function processKey(server: ServedServer): string {
  return JSON.stringify([server.id, server.extensionToLanguage, server.fileNameToLanguage ?? {}, server.candidates])
}
