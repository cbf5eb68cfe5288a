import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { identityOf } from './identity.js'
import { sha256, type ScipManifest } from './manifest.js'

interface Seen {
  /** The file's {@link identityOf} when judged. */
  readonly identity: string
  readonly stale: boolean
}

/**
 * Which indexed files changed since the index was built. With a manifest, a file is stale when
 * its bytes' SHA-256 differs from the manifest's (or it is gone); without one, when it was
 * modified after the index file was written. Verdicts are kept per file until its identity (device,
 * inode, size, mtime, ctime: see `identityOf`) changes,
 * so a query re-hashes only what changed. Files are read synchronously: for the 570 files of
 * effect's sources, 50–75 ms against 120–220 ms with one promise per file (measured at load 8;
 * `.agents/notes/2026-12-02-index-lookup.md`), and a warm check is only their `stat`s.
 */
export class StalenessCheck {
  readonly #seen = new Map<string, Seen>()

  constructor(
    private readonly root: string,
    private readonly manifest: ScipManifest | undefined,
    private readonly indexMtimeMs: number,
  ) {}

  /** The files the check knows were indexed (the manifest's), else `fallback` (the index's documents). */
  indexedFiles(fallback: readonly string[]): readonly string[] {
    return this.manifest ? Object.keys(this.manifest.files) : fallback
  }

  /** Whether `path` (relative to the root, `/`-separated) changed since the build. */
  async isStale(path: string): Promise<boolean> {
    const absolute = join(this.root, path)
    let info
    try {
      info = statSync(absolute)
    } catch {
      return true // deleted (or unreadable) since the build
    }
    const seen = this.#seen.get(path)
    const identity = identityOf(info)
    if (seen?.identity === identity) return seen.stale
    const stale = this.#judge(path, absolute, info.mtimeMs)
    this.#seen.set(path, { identity, stale })
    return stale
  }

  /** The stale ones among `paths`, sorted. */
  async staleAmong(paths: Iterable<string>): Promise<string[]> {
    const unique = [...new Set(paths)]
    const verdicts = await Promise.all(unique.map((path) => this.isStale(path)))
    return unique.filter((_, i) => verdicts[i]).sort()
  }

  #judge(path: string, absolute: string, mtimeMs: number): boolean {
    if (this.manifest === undefined) return mtimeMs > this.indexMtimeMs
    const expected = this.manifest.files[path]
    if (expected === undefined) return false // not indexed: not stale, just absent (see the provider)
    try {
      return sha256(readFileSync(absolute)) !== expected
    } catch {
      return true
    }
  }
}
