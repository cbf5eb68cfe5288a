import type { ChildProcess } from 'node:child_process'

/**
 * Every language server process still running. If the host goes without disposing (an uncaught
 * error, `process.exit`, SIGINT, SIGTERM, SIGHUP), they are killed on the way out: a language
 * server never outlives its host.
 */
const liveChildren = new Set<ChildProcess>()

/** Signals whose default action ends the host; each kills the servers first. */
const fatalSignals: readonly NodeJS.Signals[] = process.platform === 'win32' ? [] : ['SIGINT', 'SIGTERM', 'SIGHUP']

/**
 * Kill a server and everything it started (tsserver, workers): each server leads its own process
 * group, so the group goes at once, with SIGKILL (it cannot be ignored). Falls back to the process
 * alone where groups do not exist. Synchronous, so an exit hook can call it.
 */
export function killProcessGroup(child: ChildProcess): void {
  if (child.pid === undefined) return
  try {
    process.kill(process.platform === 'win32' ? child.pid : -child.pid, 'SIGKILL')
  } catch {
    child.kill('SIGKILL') // the group is already gone, or this platform has none
  }
}

function killAll(): void {
  for (const child of liveChildren) killProcessGroup(child)
}

/** Marks our signal listeners, so that two copies of this module do not wait for each other. */
const reaperMark = Symbol.for('@agent-lsp/lsp-local/reaper')

/** Whether the host listens to `signal` itself (listeners that are no copy of ours). */
function hostListens(signal: NodeJS.Signals): boolean {
  return process.listeners(signal).some((listener) => !(reaperMark in listener))
}

/**
 * On a fatal signal nobody else listens to (so Node's default would end the host without an
 * `exit` event): kill every server, then let the signal take the host as it would have. When the
 * host has its own listener it decides; if it then exits, the `exit` hook still kills them.
 */
function onFatalSignal(signal: NodeJS.Signals): void {
  if (hostListens(signal)) return
  killAll()
  unhook()
  // Another copy of this module still listening runs in this same emit, kills its servers and
  // re-raises too; the last re-raise, with no listener left, meets Node's default and ends the host.
  process.kill(process.pid, signal)
}
Object.defineProperty(onFatalSignal, reaperMark, { value: true })

function hook(): void {
  process.on('exit', killAll)
  for (const signal of fatalSignals) process.on(signal, onFatalSignal)
}

function unhook(): void {
  process.removeListener('exit', killAll)
  for (const signal of fatalSignals) process.removeListener(signal, onFatalSignal)
}

/**
 * Track a spawned server until {@link forget}: the host's exit hooks are installed while at least
 * one server lives (and removed after the last, so an idle host keeps Node's defaults).
 */
export function track(child: ChildProcess): void {
  if (liveChildren.size === 0) hook()
  liveChildren.add(child)
}

/** Stop tracking a server that is gone (exited, or never started). */
export function forget(child: ChildProcess): void {
  if (liveChildren.delete(child) && liveChildren.size === 0) unhook()
}
