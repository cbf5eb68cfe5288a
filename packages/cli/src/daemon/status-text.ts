import type { HostStatus } from './status.js'

/** `12 MB`, `1.2 GB` (decimal units, as `ps` users read them). */
function bytes(value: number | null): string {
  if (value === null) return '-'
  return value >= 1e9 ? `${(value / 1e9).toFixed(1)} GB` : `${Math.round(value / 1e6)} MB`
}

/** `45 s`, `3 min 5 s`, `2 h 4 min`. */
function duration(ms: number | null): string {
  if (ms === null) return '-'
  const s = Math.floor(ms / 1000)
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`
}

/**
 * `agent-lsp status` as text: a line for the host, then one per server (workspace, server and
 * languages (and the server it stands in for, when a fallback), state (`ready (warming)` while a warm-up runs), pid, RSS, uptime, open documents, restarts) with its last error below it.
 */
export function statusText(status: HostStatus): string {
  const { host } = status
  const clients = Object.entries(host.clients).map(([kind, count]) => `${count} ${kind}`).join(', ') || 'none'
  const lines = [`agent-lsp host ${host.version}: pid ${host.pid}, up ${duration(host.uptimeMs)}, ${bytes(host.rssBytes)}, clients: ${clients}`]
  if (status.servers.length === 0) lines.push('no language servers')
  for (const server of status.servers) {
    const docs = `${server.openDocuments} open document${server.openDocuments === 1 ? '' : 's'}`
    const restarts = `${server.restarts} restart${server.restarts === 1 ? '' : 's'}`
    lines.push(
      `${server.workspace}  ${server.serverId}${server.fallbackFor === undefined ? '' : ` (fallback for ${server.fallbackFor})`} (${server.languages.join(', ')})  ${server.state}${server.warming ? ' (warming)' : ''}  pid ${server.pid ?? '-'}  ${bytes(server.rssBytes)}  up ${duration(server.uptimeMs)}  ${docs}  ${restarts}`,
    )
    if (server.lastError) lines.push(`  last error: ${server.lastError.code}: ${server.lastError.message}`)
  }
  return `${lines.join('\n')}\n`
}
