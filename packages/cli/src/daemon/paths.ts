import { LspError } from '@agent-lsp/lsp'
import { chmodSync, lstatSync, mkdirSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Where the host of this user lives: its socket and the lock taken to start it. The directory is
 * the user's own (mode 0700, owned by them), so no other user can reach the socket; the socket
 * itself is made 0600 as well.
 */
export interface HostPaths {
  readonly dir: string
  readonly socket: string
  /** Held (created exclusively) by the one process starting a host; see `host-lock.ts`. */
  readonly lock: string
  /** The pid of the host bound to `socket`, written once it is bound: how a wedged one is found. */
  readonly pid: string
}

/**
 * The runtime directory of the host: `$AGENT_LSP_RUNTIME_DIR` when set (tests use their own),
 * else `$XDG_RUNTIME_DIR/agent-lsp`, else `<tmpdir>/agent-lsp-<uid>`. Only computed, not created.
 */
export function hostDir(env: NodeJS.ProcessEnv): string {
  const own = env.AGENT_LSP_RUNTIME_DIR
  if (own && path.isAbsolute(own)) return own
  const xdg = env.XDG_RUNTIME_DIR
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'agent-lsp')
  return path.join(os.tmpdir(), `agent-lsp-${process.getuid?.() ?? 'user'}`)
}

/** The paths of the host in `dir`. */
export function hostPaths(dir: string): HostPaths {
  return { dir, socket: path.join(dir, 'host.sock'), lock: path.join(dir, 'host.lock'), pid: path.join(dir, 'host.pid') }
}

/**
 * Create the runtime directory (mode 0700) if needed and check it is safe: a real directory (not
 * a symlink), owned by this user, with no access for group or others.
 * @throws LspError `LSP_HOST_UNSAFE` naming the directory and what is wrong with it.
 */
export function ensureHostDir(dir: string): HostPaths {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const stat = lstatSync(dir)
  const uid = process.getuid?.()
  if (!stat.isDirectory()) throw unsafe(dir, 'it is not a directory')
  if (uid !== undefined && stat.uid !== uid) throw unsafe(dir, `it belongs to uid ${stat.uid}, not to this user (${uid})`)
  // Made by us a moment ago under a permissive umask, or by the user: tighten, never loosen.
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, stat.mode & 0o700)
  return hostPaths(dir)
}

/**
 * Check that the socket at `socket` is this user's, mode 0600 at most, before talking to it.
 * @throws LspError `LSP_HOST_UNSAFE`.
 */
export function checkSocket(socket: string): void {
  // bigint: a number stat of a socket stays in Node's shared stat buffer, and Node 20's module
  // resolution (fs.realpathSync with a cache) then stops at the first cached folder, returning
  // symlinked paths: @vscode/ripgrep found no binary beside itself. See `socketInode`.
  const stat = lstatSync(socket, { bigint: true })
  const uid = process.getuid?.()
  if (!stat.isSocket()) throw unsafe(socket, 'it is not a socket')
  if (uid !== undefined && stat.uid !== BigInt(uid)) throw unsafe(socket, `it belongs to uid ${stat.uid}, not to this user (${uid})`)
  if ((stat.mode & 0o077n) !== 0n) throw unsafe(socket, `its mode is ${(stat.mode & 0o777n).toString(8)}, not 600`)
}

/**
 * The inode of the socket (or any file) at `path`, `undefined` when it is gone. Stat with bigint
 * so that Node's shared stat buffer never holds a socket's type (see `checkSocket`).
 */
export function socketInode(path: string): bigint | undefined {
  return statSync(path, { bigint: true, throwIfNoEntry: false })?.ino
}

function unsafe(file: string, why: string): LspError {
  return new LspError('LSP_HOST_UNSAFE', `refusing the agent-lsp host at ${file}: ${why}`)
}
