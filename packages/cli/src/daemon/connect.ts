import { LspError } from '@agent-lsp/lsp'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { closeSync, openSync, readFileSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { MessageConnection } from 'vscode-jsonrpc/node'
import { isAlive, pidIn } from './host-lock.js'
import { checkSocket, ensureHostDir, hostDir, type HostPaths } from './paths.js'
import { helloRequest, stopRequest, type HelloResult } from './protocol.js'
import { connectSocket, jsonRpcOver } from './socket.js'

/** How long a started host may take to bind its socket (ms). */
const START_TIMEOUT_MS = 15_000
/**
 * How long a host may take to answer `hello` (ms) before its process is looked at: past it, one
 * that is stopped is wedged and killed; one that runs is busy and waited for (see `helloFrom`).
 */
const HELLO_TIMEOUT_MS = 10_000

/** How a client reaches the host. */
export interface HostClientOptions {
  /** The client's environment: where the runtime directory is; the host started inherits it. */
  readonly env: NodeJS.ProcessEnv
  /** The host's entry script (`dist/host-process.js`). */
  readonly hostScript: string
  /** `command` or `mcp`, for `status` and the operation log. */
  readonly client: string
  /** How long the host may take to answer `hello` before its process is looked at (ms); default {@link HELLO_TIMEOUT_MS}. */
  readonly helloTimeoutMs?: number
  /** Called when no host answers and this client starts one (its servers are all cold). */
  readonly onStarting?: () => void
}

/** An open connection to the host. */
export interface HostConnection {
  readonly connection: MessageConnection
  readonly hello: HelloResult
  /** Settles when the connection closes (the host exited, or {@link HostConnection.close}). */
  readonly closed: Promise<void>
  /**
   * Send a request with `send`, settling when the connection closes first too: vscode-jsonrpc
   * leaves a request pending when its socket closes.
   * @throws LspError `LSP_HOST_UNAVAILABLE` when the host closed the connection without an answer.
   */
  request<Result>(send: (connection: MessageConnection) => Promise<Result>): Promise<Result>
  close(): void
}

/**
 * Connect to this user's host, starting it when none answers (a socket left by a killed host is
 * replaced) or when the one that answers runs another build (it is stopped first).
 * @throws LspError `LSP_HOST_UNSAFE` (runtime directory or socket not this user's own),
 *   `LSP_HOST_UNAVAILABLE` (it could not be started, or does not answer).
 */
export async function connectHost(options: HostClientOptions): Promise<HostConnection> {
  const paths = ensureHostDir(hostDir(options.env))
  const build = hostBuild(options.hostScript)
  let open = await openHost(paths, options)
  if (open && open.hello.build !== build) {
    await open.request((connection) => connection.sendRequest(stopRequest)).catch(() => {})
    await open.closed
    open = undefined
  }
  if (open) return open
  options.onStarting?.()
  await startHost(paths, options)
  open = await openHost(paths, options)
  if (!open) throw unavailable('it started but its socket does not answer')
  return open
}

/**
 * Ask the host to stop, if one runs (a wedged one is killed).
 * @returns its pid, or `undefined` when none was running.
 */
export async function stopHost(env: NodeJS.ProcessEnv, options: Pick<HostClientOptions, 'helloTimeoutMs'> = {}): Promise<number | undefined> {
  const paths = ensureHostDir(hostDir(env))
  const written = pidIn(paths.pid)
  const wasAlive = written !== undefined && isAlive(written)
  const open = await openHost(paths, { client: 'stop', ...options })
  if (!open) return wasAlive && !isAlive(written) ? written : undefined
  // A host that closes the connection without answering has stopped too: its pid is the hello's.
  const { pid } = await open.request((connection) => connection.sendRequest(stopRequest)).catch(() => open.hello)
  await open.closed
  return pid
}

/**
 * Which build of the host script `script` is (its real path and identity: device, inode, size,
 * mtime, ctime, so a same-size build copied with its mtime kept is another): a client only talks
 * to a host of its own build.
 */
export function hostBuild(script: string): string {
  const real = realpathSync(script)
  const { dev, ino, size, mtimeMs, ctimeMs } = statSync(real)
  return createHash('sha256').update(`${real}\u0000${dev}:${ino}:${size}:${mtimeMs}:${ctimeMs}`).digest('hex').slice(0, 16)
}

/**
 * Connect and say hello; `undefined` when nobody answers on the socket, or when the host there
 * accepted but did not answer hello, stopped or stuck, and was killed (see `helloFrom`, {@link killWedgedHost}).
 * @throws LspError `LSP_HOST_UNSAFE`, `LSP_HOST_UNAVAILABLE` (a wedged host that could not be killed).
 */
export async function openHost(paths: HostPaths, options: Pick<HostClientOptions, 'client' | 'helloTimeoutMs'>): Promise<HostConnection | undefined> {
  try {
    checkSocket(paths.socket)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let socket
  try {
    socket = await connectSocket(paths.socket)
  } catch {
    return undefined // left by a host that is gone: the next start replaces it
  }
  const connection = jsonRpcOver(socket)
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.on('error', () => {})
  const close = (): void => {
    connection.dispose()
    socket.end()
  }
  const lost = closed.then(() => Promise.reject(unavailable('it closed the connection without answering')))
  lost.catch(() => {}) // rejected only for the requests racing it
  const request = <Result>(send: (connection: MessageConnection) => Promise<Result>): Promise<Result> => Promise.race([send(connection), lost])
  const waitMs = options.helloTimeoutMs ?? HELLO_TIMEOUT_MS
  const started = Date.now()
  try {
    const hello = await helloFrom(paths, connection.sendRequest(helloRequest, { client: options.client, pid: process.pid }), closed, waitMs)
    if (hello === 'gone') return close(), undefined
    if (hello !== 'wedged') return { connection, hello, closed, request, close }
    close()
    await killWedgedHost(paths, Date.now() - started)
    return undefined
  } catch (error) {
    close()
    if (LspError.isInstance(error)) throw error
    return undefined // closed while saying hello: stopping
  }
}

/**
 * The host's answer to `hello`, `'gone'` when it closed the connection first (vscode-jsonrpc
 * leaves the request pending then: a host SIGKILLed a moment ago closes it so, and is not wedged),
 * or `'wedged'`. Each time `waitMs` passes unanswered the host's process is looked at: one that is
 * stopped (SIGSTOP), a zombie, or not named in `host.pid` is wedged; one that runs is busy and is
 * waited for, up to {@link BUSY_HELLO_TIMEOUT_MS} in all. A busy host is never replaced, and the
 * answer also waits out this client's own stall: timers run before I/O in a turn of the event
 * loop, so a bound that passed while this process was held fired before the answer it had
 * received was read.
 */
async function helloFrom(paths: HostPaths, sent: Promise<HelloResult>, closed: Promise<void>, waitMs: number): Promise<HelloResult | 'gone' | 'wedged'> {
  const gone = closed.then(() => 'gone' as const)
  const deadline = Date.now() + Math.max(waitMs, BUSY_HELLO_TIMEOUT_MS)
  for (;;) {
    const bound = new AbortController()
    const late = sleep(waitMs, 'late' as const, { signal: bound.signal }).catch(() => 'late' as const)
    try {
      const outcome = await Promise.race([sent, gone, late])
      if (outcome !== 'late') return outcome
    } finally {
      bound.abort()
    }
    const pid = pidIn(paths.pid)
    if (pid === undefined || !runs(pid) || Date.now() >= deadline) return 'wedged'
  }
}

/**
 * How long a host whose process runs may take to answer `hello` in all (ms): longer than any of our
 * own work on its event loop should ever take; past it, it is stuck and killed.
 */
const BUSY_HELLO_TIMEOUT_MS = 60_000

/** Whether process `pid` runs or waits as a live process does (`/proc/<pid>/stat`): not stopped (T, t), not a zombie (Z, X). */
function runs(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return !['T', 't', 'Z', 'X', ''].includes(state)
  } catch {
    return false
  }
}

/**
 * Kill the host that accepted a connection on `paths.socket` but did not say hello (SIGSTOPped, or
 * its event loop stuck): the pid it wrote in `host.pid`, once `/proc` shows that pid runs our host
 * script (never another process that reused the pid). Its socket is then stale; the next start
 * replaces it.
 * @throws LspError `LSP_HOST_UNAVAILABLE` when that cannot be made sure of.
 */
async function killWedgedHost(paths: HostPaths, waitedMs: number): Promise<void> {
  const pid = pidIn(paths.pid)
  const wedged = `it accepts connections but does not answer within ${waitedMs} ms`
  if (pid === undefined || !runsHostScript(pid)) throw unavailable(`${wedged}, and no host process is named in ${paths.pid}`)
  process.kill(pid, 'SIGKILL')
  for (const deadline = Date.now() + KILL_WAIT_MS; isAlive(pid); ) {
    if (Date.now() > deadline) throw unavailable(`${wedged}; process ${pid} outlived SIGKILL`)
    await sleep(20)
  }
}

/** How long a killed wedged host may take to be gone (ms). */
const KILL_WAIT_MS = 5_000

function runsHostScript(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\u0000').some((arg) => path.basename(arg).startsWith('host-process.'))
  } catch {
    return false
  }
}

/**
 * V8's flags for the host, which lives long and holds little (a live heap of ~13 MB): a young
 * generation of 2 × 4 MB, not 2 × 16 (after queries on 1,000 files its grown new space alone held
 * 14 of 98.6 MB resident), and heap growth that favours size — 81–84 → 63–66 MB resident after
 * the same 1,000 files, warm calls through MCP within 2 % (bench part 4b, 2026-12-03).
 */
const HOST_NODE_FLAGS = ['--max-semi-space-size=4', '--optimize-for-size']

/**
 * Start a host process, detached in its own session (no terminal's signal reaches it), its stderr
 * appended to `host-errors.log` in the runtime directory; settles once it has bound the socket or
 * found another host bound to it (two commands racing start one host: see `takeLock`).
 */
async function startHost(paths: HostPaths, options: HostClientOptions): Promise<void> {
  const errors = openSync(path.join(paths.dir, 'host-errors.log'), 'a', 0o600)
  try {
    const child = spawn(process.execPath, [...HOST_NODE_FLAGS, options.hostScript], {
      cwd: paths.dir,
      detached: true,
      stdio: ['ignore', 'pipe', errors],
      env: { ...options.env, AGENT_LSP_RUNTIME_DIR: paths.dir },
    })
    const { stdout } = child
    if (!stdout) throw unavailable('its output pipe did not open')
    let said = ''
    const ended = await new Promise<string>((resolve) => {
      const timer = setTimeout(() => (child.kill('SIGKILL'), resolve(`it did not bind ${paths.socket} within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS)
      stdout.setEncoding('utf8').on('data', (text: string) => {
        said += text
        if (said.includes('\n')) clearTimeout(timer), resolve('')
      })
      child.once('exit', (code, signal) => (clearTimeout(timer), resolve(`it ${signal ? `was killed (${signal})` : `exited with status ${code}`} before binding ${paths.socket}`)))
    })
    stdout.destroy()
    child.unref()
    if (!/^(ready|running)\n/.test(said)) throw unavailable(`${ended || `it said ${JSON.stringify(said)}`}; see ${path.join(paths.dir, 'host-errors.log')}`)
  } catch (error) {
    if (LspError.isInstance(error)) throw error
    throw unavailable((error as Error).message)
  } finally {
    closeSync(errors)
  }
}

function unavailable(why: string): LspError {
  return new LspError('LSP_HOST_UNAVAILABLE', `could not reach the agent-lsp host: ${why} (--no-daemon runs without it)`)
}
