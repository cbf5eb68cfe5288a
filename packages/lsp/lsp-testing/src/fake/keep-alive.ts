/** How often a fake that outlives its closed stdin checks whether its client still lives, in ms. */
export const CLIENT_POLL_INTERVAL_MS = 500

/** The parent at startup; a different `process.ppid` later means the fake was orphaned. */
const startupParent = process.ppid

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Keeps the process alive after its stdin closed, until it is killed, or until it is orphaned or
 * the client's `processId` from `initialize` is gone; then exits with code 1 (the LSP rule for a
 * server whose client died, and what keeps a hung fake from outliving its test run).
 */
export function holdUntilKilled(clientProcessId: number | null, exit: (code: number) => void): void {
  setInterval(() => {
    const orphaned = process.ppid !== startupParent
    if (orphaned || (clientProcessId !== null && !isAlive(clientProcessId))) exit(1)
  }, CLIENT_POLL_INTERVAL_MS)
}
