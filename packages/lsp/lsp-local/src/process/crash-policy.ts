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
  return slidingWindow(maxCrashes, windowMs, 'crashed')
}

/**
 * The same rule for a server over its memory cap (the times are when it was found over it):
 * restart it, unless this is the `maxTimes`-th time within the last `windowMs` (3 in 10 min by
 * default), when it is stopped instead.
 */
export function slidingWindowMemoryPolicy(maxTimes = 3, windowMs = 10 * 60_000): CrashPolicy {
  return slidingWindow(maxTimes - 1, windowMs, 'went over its memory cap')
}

function slidingWindow(allowed: number, windowMs: number, what: string): CrashPolicy {
  return (times, now) => {
    const recent = times.filter((time) => now - time <= windowMs).length
    if (recent <= allowed) return { restart: true }
    const minutes = windowMs / 60_000
    return { restart: false, reason: `it ${what} ${recent} ${recent === 1 ? 'time' : 'times'} in the last ${minutes >= 1 ? `${minutes} min` : `${windowMs / 1000} s`}; not restarting it` }
  }
}
