import type { BigIntStats } from 'node:fs'

/** A file's or folder's identity: device, inode, size, modification and change times (ns). */
export interface Identity {
  readonly dev: bigint
  readonly ino: bigint
  readonly size: bigint
  readonly mtimeNs: bigint
  readonly ctimeNs: bigint
}

/** The identity of `stats`; {@link NO_IDENTITY} (matching none) when changed within the racy window. */
export function identityOf(stats: BigIntStats, windowMs = RACY_WINDOW_MS): Identity {
  if (racy(stats, windowMs)) return NO_IDENTITY
  return { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs }
}

/** An identity no file has: what was read within the racy window is read again. */
export const NO_IDENTITY: Identity = { dev: -1n, ino: -1n, size: -1n, mtimeNs: -1n, ctimeNs: -1n }

/** Whether `stats` are those of `identity` (field by field: no string is built per file). */
export function sameIdentity(identity: Identity | undefined, stats: BigIntStats): boolean {
  return identity !== undefined && identity.ino === stats.ino && identity.mtimeNs === stats.mtimeNs && identity.size === stats.size && identity.ctimeNs === stats.ctimeNs && identity.dev === stats.dev
}

/**
 * Milliseconds within which a modification time may not yet tell a later change apart (the
 * clock's tick), as git treats its index: what was read then is read again.
 */
export const RACY_WINDOW_MS = 1_000

/** Whether `stats` were changed within `windowMs` ({@link RACY_WINDOW_MS}) of now. */
export function racy(stats: BigIntStats, windowMs = RACY_WINDOW_MS): boolean {
  if (windowMs <= 0) return false // no window (`Date.now()` is whole milliseconds: a fresh mtime can be past it)
  const now = BigInt(Date.now()) * 1_000_000n
  const window = BigInt(windowMs) * 1_000_000n
  return now - stats.mtimeNs < window || now - stats.ctimeNs < window
}
