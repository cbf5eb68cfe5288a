import { realpathSync } from 'node:fs'
import { fileUri, uriPath } from './texts.js'

/**
 * How an answer spells the files it names through a symlink, by the URI of each one's real path:
 * tsserver lists a file of a symlinked folder once, by the first path it met (`src/inner/r.ts`),
 * and the search, which follows no symlink, finds it at its real path (`src/real/r.ts`). Files
 * named by their real path, or not found, are left out.
 */
export function symlinkSpellings(uris: Iterable<string>): Map<string, string> {
  const spellings = new Map<string, string>()
  for (const uri of new Set(uris)) {
    let real: string
    try {
      real = fileUri(realpathSync.native(uriPath(uri)))
    } catch {
      continue
    }
    if (real !== uri && !spellings.has(real)) spellings.set(real, uri)
  }
  return spellings
}

/** A memo of `file:` URIs to the URI of their real path (symlinks resolved); a URI that is no file on disk stays as it is. */
export function realUris(): (uri: string) => string {
  const known = new Map<string, string>()
  return (uri) => {
    let real = known.get(uri)
    if (real === undefined) {
      try {
        real = uri.startsWith('file:') ? fileUri(realpathSync.native(uriPath(uri))) : uri
      } catch {
        real = uri
      }
      known.set(uri, real)
    }
    return real
  }
}
