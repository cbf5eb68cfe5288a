import { URI } from 'vscode-uri'

/**
 * The `file:` URI of an absolute path, spelled by `vscode-uri` (`/a b/#1.ts` →
 * `file:///a%20b/%231.ts`; on Windows `C:\x y` → `file:///c%3A/x%20y`). Never build URIs by
 * concatenation: `#` would start a fragment and the server would see another file.
 * @param platform - whose path syntax `path` uses (default: this process's), so Windows forms
 *   can be converted and tested anywhere.
 */
export function pathToUri(path: string, platform: NodeJS.Platform = process.platform): string {
  return URI.file(platform === 'win32' ? path.replace(/\\/g, '/') : path).toString()
}

/**
 * The filesystem path of a `file:` URI, percent-decoded (`%23` → `#`), or `null` for other
 * schemes. On Windows the separators are `\` and the drive letter upper-case (`C:\x y`).
 */
export function uriToPath(uri: string, platform: NodeJS.Platform = process.platform): string | null {
  const parsed = URI.parse(uri)
  if (parsed.scheme !== 'file') return null
  const path = parsed.fsPath
  if (platform !== 'win32') return path
  return path.replace(/\//g, '\\').replace(/^([a-z]):/, (_, drive: string) => `${drive.toUpperCase()}:`)
}

/**
 * The canonical spelling of a URI (parsed and re-serialized), so one document has one key.
 * Remembered per spelling: an answer repeats its files' URIs on every location (72 locations in 29
 * files for one rxjs name), and a parse costs microseconds each.
 */
export function canonicalUri(uri: string): string {
  let canonical = canonicalSpellings.get(uri)
  if (canonical === undefined) {
    canonical = URI.parse(uri).toString()
    if (canonicalSpellings.size >= MAX_REMEMBERED_URIS) canonicalSpellings.clear()
    canonicalSpellings.set(uri, canonical)
  }
  return canonical
}

/** Spellings remembered: more than the files of any workspace answered in full (the cache starts over past it). */
const MAX_REMEMBERED_URIS = 20_000
const canonicalSpellings = new Map<string, string>()
