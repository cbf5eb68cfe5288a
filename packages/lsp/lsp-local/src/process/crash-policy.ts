/**
 * Whether to restart a server after it crashed, given when it crashed before. A small function so
 * that a harness can inject its own, and it can be tested without processes.
 * @param crashes - times of its crashes (ms since the epoch), oldest first, the latest included.
 * @param now - the current time, ms since the epoch.
 * @returns `restart`, or `give up` with the reason shown to the caller.
 */
export type CrashPolicy = (crashes: readonly number[], now: number) => { readonly restart: true } | { readonly restart: false; readonly reason: string }

/**
 * Restart after a crash unless the server crashed more than `maxCrashes` times within the last
 * `windowMs` (as vscode-languageclient does: 5 in 3 minutes by default).
 */
export function slidingWindowCrashPolicy(maxCrashes = 5, windowMs = 3 * 60_000): CrashPolicy {
  return (crashes, now) => {
    const recent = crashes.filter((time) => now - time <= windowMs).length
    if (recent <= maxCrashes) return { restart: true }
    const minutes = windowMs / 60_000
    return { restart: false, reason: `it crashed ${recent} ${recent === 1 ? 'time' : 'times'} in the last ${minutes >= 1 ? `${minutes} min` : `${windowMs / 1000} s`}; not restarting it` }
  }
}
