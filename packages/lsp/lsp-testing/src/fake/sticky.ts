import { spawn } from 'node:child_process'
import type { LogSink } from './log.js'

/**
 * How long a `sticky` fake and its helper live at most, in ms, so that a failing test (a host
 * that did not kill them) cannot leak them for longer than a test run.
 */
export const STICKY_LIFETIME_MS = 120_000

/** The signals a sticky fake and its helper ignore. */
export const IGNORED_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const

/** The helper child's program: ignore the signals, say so on stdout, live its lifetime. */
const helperProgram = `
for (const signal of ${JSON.stringify(IGNORED_SIGNALS)}) process.on(signal, () => {})
process.stdout.end('armed')
setTimeout(() => {}, ${STICKY_LIFETIME_MS})
`

/**
 * Makes this process sticky: it ignores SIGTERM, SIGINT and SIGHUP (only SIGKILL ends it), starts a
 * helper child that does the same (in this process's group), and once the helper has armed its
 * handlers logs both pids (`direction: 'process'`) and resolves. Exits with code 1 after
 * {@link STICKY_LIFETIME_MS} at the latest. The server itself ignores stdin EOF and `exit` (see
 * `startFakeServer`).
 */
export async function becomeSticky(sink: LogSink, exit: (code: number) => void): Promise<void> {
  for (const signal of IGNORED_SIGNALS) process.on(signal, () => {})
  setTimeout(() => exit(1), STICKY_LIFETIME_MS)
  const helper = spawn(process.execPath, ['-e', helperProgram], { stdio: ['ignore', 'pipe', 'ignore'] })
  await new Promise<void>((resolve, reject) => {
    helper.once('error', reject)
    helper.stdout?.once('end', resolve)
    helper.stdout?.resume()
  })
  if (helper.pid === undefined) throw new Error('the sticky helper did not start')
  sink({ direction: 'process', pid: process.pid, helperPid: helper.pid })
}
