import { chmodSync, unlinkSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { createMessageConnection, SocketMessageReader, SocketMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node'
import { LspError } from '@agent-lsp/lsp'
import { HostPool } from './host-pool.js'
import { enforceBudget, type HostBudget } from './host-budget.js'
import { pidIn, takeLock } from './host-lock.js'
import { socketInode, type HostPaths } from './paths.js'
import { helloRequest, queryRequest, readyRequest, statusRequest, stopRequest, toResponseError, warmRequest } from './protocol.js'
import { readyIn, serverRows, type HostStatus, type StatusSource } from './status.js'
import { socketAnswers } from './socket.js'
import { loggedQuery } from '../oplog/logged-provider.js'
import { HostLogs } from './host-logs.js'

/** What the host is and how long it waits with no client. */
export interface HostServerOptions {
  readonly paths: HostPaths
  /** With no client connected and no query in flight for this long (ms), the host stops. */
  readonly idleMs: number
  readonly version: string
  readonly build: string
  /** Bounds across every workspace (see `enforceBudget`); none when absent. */
  readonly budget?: HostBudget
  /** The host's operation log (`$AGENT_LSP_LOG` as it started, absolute): every client's queries. */
  readonly log?: string
}

/** A started host: `stop()` ends it as `agent-lsp stop` does; `stopped` settles once it has. */
export interface HostServer {
  readonly pool: HostPool
  stop(): Promise<void>
  readonly stopped: Promise<void>
}

/**
 * Start the host on `paths.socket`, unless one already answers there (then `undefined`): under
 * the start lock, a socket nobody answers on (left by a killed host) is removed, and the new one
 * is bound with mode 0600 (umask 077 while binding; the directory is 0700 already).
 */
export async function startHostServer(options: HostServerOptions): Promise<HostServer | undefined> {
  const { paths } = options
  const release = await takeLock(paths.lock)
  let server: net.Server
  let inode: bigint | undefined
  try {
    if (await socketAnswers(paths.socket)) return undefined
    removeQuietly(paths.socket)
    server = net.createServer()
    const umask = process.umask(0o077)
    try {
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(paths.socket, () => resolve()))
    } finally {
      process.umask(umask)
    }
    chmodSync(paths.socket, 0o600)
    inode = socketInode(paths.socket)
    writeFileSync(paths.pid, String(process.pid), { mode: 0o600 })
  } finally {
    release()
  }
  return serve(server, inode, options)
}

function serve(server: net.Server, inode: bigint | undefined, options: HostServerOptions): HostServer {
  const pool = new HostPool()
  const connections = new Set<MessageConnection>()
  /** The kind each connection said it is in its hello (`command`, `mcp`), and its pid. */
  const kinds = new Map<MessageConnection, string>()
  const pids = new Map<MessageConnection, number>()
  const logs = new HostLogs(options.log)
  const startedAt = Date.now()
  const sources = (): StatusSource[] =>
    pool.entries().map((entry) => ({
      workspaceRoot: entry.workspaceRoot,
      extensionToLanguage: entry.config.extensionToLanguage,
      ...(entry.slot === entry.config.id ? {} : { fallbackFor: entry.slot }),
      warming: pool.warming(entry),
      status: () => entry.provider.status(),
    }))
  const status = (): HostStatus => {
    const clients: Record<string, number> = {}
    for (const kind of kinds.values()) clients[kind] = (clients[kind] ?? 0) + 1
    const host = { pid: process.pid, version: options.version, uptimeMs: Date.now() - startedAt, rssBytes: process.memoryUsage.rss(), clients }
    return { host, servers: serverRows(sources()) }
  }
  let idleTimer: NodeJS.Timeout | undefined
  const { budget } = options
  const budgetTimer = budget === undefined ? undefined : setInterval(() => enforceBudget(pool.entries().map((entry) => entry.provider), budget), budget.checkMs)
  budgetTimer?.unref()
  let stopping: Promise<void> | undefined
  /** Every connection's queries in flight. */
  const queries = new Set<AbortController>()
  let markStopped = (): void => {}
  const stopped = new Promise<void>((resolve) => (markStopped = resolve))

  const armIdle = (): void => {
    clearTimeout(idleTimer)
    if (connections.size === 0 && pool.inFlight() === 0 && !stopping) idleTimer = setTimeout(() => void stop(), options.idleMs)
  }
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      clearTimeout(idleTimer)
      clearInterval(budgetTimer)
      // First, so that a host started after this one never loses its socket to our cleanup.
      if (inode !== undefined && socketInode(options.paths.socket) === inode) removeQuietly(options.paths.socket)
      if (pidIn(options.paths.pid) === process.pid) removeQuietly(options.paths.pid)
      server.close()
      // The queries in flight end now, answered as stopped (see the query handler).
      for (const controller of queries) controller.abort()
      await pool.disposeAll()
      logs.close()
      for (const connection of connections) connection.dispose()
      markStopped()
    })())

  server.on('connection', (socket) => {
    socket.on('error', () => {}) // a client gone mid-write: its connection closes below
    const connection = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket))
    const inFlight = new Set<AbortController>()
    connections.add(connection)
    clearTimeout(idleTimer)
    connection.onRequest(helloRequest, ({ client, pid }) => {
      kinds.set(connection, client)
      pids.set(connection, pid)
      return { version: options.version, build: options.build, pid: process.pid }
    })
    connection.onRequest(statusRequest, status)
    connection.onRequest(readyRequest, ({ serverId, workspace }) => readyIn(sources(), serverId, workspace))
    connection.onRequest(queryRequest, async ({ server: config, slot, request, log }, token) => {
      const controller = new AbortController()
      inFlight.add(controller)
      queries.add(controller)
      const listener = token.onCancellationRequested(() => controller.abort())
      try {
        const client = { kind: kinds.get(connection) ?? 'unknown', pid: pids.get(connection) ?? 0 }
        const query = loggedQuery((asked, signal) => pool.query(config, asked, signal!, connection, slot), config.id, client, () => logs.for(log))
        return await query(request, controller.signal)
      } catch (error) {
        // Stopped on purpose: a client must not take this for a crash and start a new host.
        if (stopping) throw toResponseError(new LspError('LSP_DISPOSED', `the agent-lsp host was stopped (agent-lsp stop) while it answered ${request.operation}; ask again to start a new one`))
        throw toResponseError(error)
      } finally {
        listener.dispose()
        inFlight.delete(controller)
        queries.delete(controller)
        armIdle()
      }
    })
    connection.onRequest(warmRequest, ({ server: config, slot, request, log }) => {
      if (stopping) return { started: false }
      const client = { kind: kinds.get(connection) ?? 'unknown', pid: pids.get(connection) ?? 0 }
      const warmUp = pool.warm(config, request, slot)
      if (warmUp === undefined) return { started: false }
      // Nobody's answer: logged as the client's query, its failure left to the next query to meet.
      void loggedQuery(() => warmUp, config.id, client, () => logs.for(log))(request)
        .catch(() => {})
        .finally(armIdle)
      return { started: true }
    })
    connection.onRequest(stopRequest, () => {
      setImmediate(() => void stop())
      return { pid: process.pid }
    })
    connection.onClose(() => {
      // A client that went away cancels what it asked: its server requests get $/cancelRequest.
      for (const controller of inFlight) controller.abort()
      connections.delete(connection)
      kinds.delete(connection)
      pids.delete(connection)
      pool.release(connection)
      armIdle()
    })
    socket.once('close', () => connection.dispose())
    connection.listen()
  })
  armIdle()
  return { pool, stop, stopped }
}


function removeQuietly(file: string): void {
  try {
    unlinkSync(file)
  } catch {
    // already gone
  }
}
