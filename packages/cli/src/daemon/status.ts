import { groupRssBytes, type LocalServerStatus } from '@agent-lsp/lsp-local/config'
import { readyInHost } from '../sources/live-ready.js'

/** One server of the host, as `agent-lsp status` and the MCP status resource show it. */
export interface ServerStatusRow extends LocalServerStatus {
  /** The workspace root (realpath) whose clients it answers. */
  readonly workspace: string
  /** The LSP language ids it serves (`typescript`, `javascriptreact`, …), sorted. */
  readonly languages: readonly string[]
  /** The configured server it answers in place of, when it is a fallback (`python` for pylsp). */
  readonly fallbackFor?: string
  /** Resident memory of its process group (bytes); `null` when no process runs. */
  readonly rssBytes: number | null
  /** How long its process has run (ms); `null` when none runs. */
  readonly uptimeMs: number | null
  /**
   * `true` while a warm-up (`agent-lsp/warm`) runs on it: `ready` as a process, but its project may
   * still be loading (typescript-language-server loads it on its first request), so a query would
   * wait for that; `--source auto` answers from the index meanwhile. Absent otherwise.
   */
  readonly warming?: true
}

/** The host itself and its servers. */
export interface HostStatus {
  readonly host: {
    readonly pid: number
    readonly version: string
    readonly uptimeMs: number
    readonly rssBytes: number
    /** Clients connected now, by kind (`command`, `mcp`). */
    readonly clients: Readonly<Record<string, number>>
  }
  readonly servers: readonly ServerStatusRow[]
}

/** A provider of the host, as status reads it. */
export interface StatusSource {
  /** The workspace its clients ask about; default: each server's own root. */
  readonly workspaceRoot?: string
  readonly extensionToLanguage: Readonly<Record<string, string>>
  /** The configured server it answers in place of, when it is a fallback. */
  readonly fallbackFor?: string
  /** Whether a warm-up runs on its servers now (see `ServerStatusRow.warming`). */
  readonly warming?: boolean
  status(): LocalServerStatus[]
}

/** The rows of `sources`' servers, now (RSS sampled from `/proc`). */
export function serverRows(sources: readonly StatusSource[], now = Date.now()): ServerStatusRow[] {
  return sources.flatMap((source) =>
    source.status().map((server) => ({
      workspace: source.workspaceRoot ?? server.root,
      languages: [...new Set(Object.values(source.extensionToLanguage))].sort(),
      ...(source.fallbackFor === undefined ? {} : { fallbackFor: source.fallbackFor }),
      ...server,
      rssBytes: server.pid === null ? null : groupRssBytes(server.pid),
      uptimeMs: server.startedAt === null ? null : now - server.startedAt,
      ...(source.warming ? { warming: true as const } : {}),
    })),
  )
}

/**
 * Whether the server `serverId` of `workspace` (a realpath) is ready in `sources` (see
 * `readyInHost`), from their states alone: no memory sampled, as `agent-lsp/ready` answers.
 */
export function readyIn(sources: readonly StatusSource[], serverId: string, workspace: string): boolean {
  const rows = sources.flatMap((source) =>
    source.status().map((server) => ({ serverId: server.serverId, workspace: source.workspaceRoot ?? server.root, state: server.state, ...(source.warming ? { warming: true as const } : {}) })),
  )
  return readyInHost(rows, serverId, workspace)
}
