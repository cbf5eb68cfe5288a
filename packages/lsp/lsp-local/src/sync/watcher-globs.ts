import { isAbsolute, relative, sep } from 'node:path'
import picomatch from 'picomatch'
import type { FileSystemWatcher, RelativePattern } from 'vscode-languageserver-protocol'
import { uriToPath } from '../normalize/uri.js'

/** One watcher a server registered (LSP 3.17 §FileSystemWatcher), as a test on paths. */
export interface Watcher {
  readonly matches: (relativePath: string, absolutePath: string) => boolean
  /** `WatchKind` bits: 1 create, 2 change, 4 delete. */
  readonly kind: number
  /** A `RelativePattern`'s base folder, or the folder an absolute glob names (its part before the first wildcard). */
  readonly base?: string
}

/** `watcher` as a test on paths; a glob pattern this client does not understand matches nothing. `root`: the server root, the base of a `RelativePattern` without one. */
export function toWatcher(watcher: FileSystemWatcher, root: string): Watcher {
  const kind = watcher.kind ?? 7
  const glob: unknown = watcher.globPattern
  if (typeof glob !== 'string' && !(typeof glob === 'object' && glob !== null && 'pattern' in glob && typeof glob.pattern === 'string')) {
    return { kind, matches: () => false } // not a glob this client understands: watch nothing for it
  }
  if (typeof glob === 'string') {
    const match = picomatch(glob, { dot: true })
    // An absolute glob names the folder it watches, as a RelativePattern's base does: gopls watches
    // each module of a go.work by `/ws/errwrap/**/*.{go,mod,sum,work}`, outside the server's root.
    const base = isAbsolute(glob) ? picomatch.scan(glob).base : ''
    return { kind, ...(base === '' ? {} : { base }), matches: (relativePath, absolutePath) => match(relativePath) || match(absolutePath) }
  }
  const relativePattern = glob as RelativePattern
  const base = typeof relativePattern.baseUri === 'string' ? relativePattern.baseUri : relativePattern.baseUri?.uri ?? ''
  const basePath = uriToPath(base) ?? root
  const match = picomatch(relativePattern.pattern, { dot: true })
  return {
    kind,
    base: basePath,
    matches: (_, absolutePath) => {
      const inside = relative(basePath, absolutePath)
      return !inside.startsWith('..') && match(inside.split(sep).join('/'))
    },
  }
}
