/**
 * The lowercase, leading-dot extension of a path's last segment (`/a/B.TSX` → `.tsx`,
 * `x.d.ts` → `.ts`), or `''` when it has none (`Makefile`, `.bashrc`). `/` and `\` both separate.
 */
export function extensionOf(filePath: string): string {
  const name = fileNameOf(filePath)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

/** A path's last segment (`/a/Dockerfile` → `Dockerfile`). `/` and `\` both separate. */
export function fileNameOf(filePath: string): string {
  return filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1)
}

/**
 * Whether `extension` can be registered: what {@link extensionOf} can return, i.e. a leading dot
 * then lowercase letters, digits, `_`, `+` or `-` (`.ts`, `.c++`).
 */
export function isValidExtension(extension: string): boolean {
  return /^\.[a-z0-9_+-]+$/.test(extension)
}

/**
 * Whether `name` can be registered as a file name: an exact last segment (`Dockerfile`, `.bashrc`,
 * `CMakeLists.txt`), or a stem then `.*` for that stem with any extension (`Dockerfile.*` matches
 * `Dockerfile.prod`), as VS Code's `filenames` and `filenamePatterns` of a language. No `/`, `\`,
 * space or other `*`. Matched case-insensitively.
 */
export function isValidFileName(name: string): boolean {
  return /^[^/\\\s*]+(\.\*)?$/.test(name) && name !== '.*'
}

/** The maps a provider chooses its files by: {@link LspProvider}'s two fields. */
export interface LspLanguageMaps {
  readonly extensionToLanguage: Readonly<Record<string, string>>
  readonly fileNameToLanguage?: Readonly<Record<string, string>>
}

/**
 * The LSP language id `maps` give a path, or `undefined` when they do not take it. An exact file
 * name wins (`CMakeLists.txt` over `.txt`), then the extension, then a `Stem.*` file name
 * (`Dockerfile.prod` when no provider maps `.prod`). Case-insensitive for file names, as
 * {@link extensionOf} is for extensions.
 */
export function languageOf(maps: LspLanguageMaps, filePath: string): string | undefined {
  const byName = fileNameMatch(maps.fileNameToLanguage, filePath, 'exact')
  return byName ?? maps.extensionToLanguage[extensionOf(filePath)] ?? fileNameMatch(maps.fileNameToLanguage, filePath, 'stem')
}

/** A `fileNameToLanguage` map lowercased once: exact names, and `Stem.*` keys in their order. */
interface LoweredNames {
  readonly exact: ReadonlyMap<string, string>
  readonly stems: readonly (readonly [string, string])[]
}

// Per map object: languageOf runs for every watched file and every published diagnostic.
const lowered = new WeakMap<object, LoweredNames>()

function loweredNames(map: Readonly<Record<string, string>>): LoweredNames {
  let names = lowered.get(map)
  if (names === undefined) {
    const entries = Object.entries(map).map(([key, languageId]) => [key.toLowerCase(), languageId] as const)
    const exact = new Map<string, string>()
    for (const [key, languageId] of entries) if (!exact.has(key)) exact.set(key, languageId) // the first, as written
    names = { exact, stems: entries.filter(([key]) => key.endsWith('.*')) }
    lowered.set(map, names)
  }
  return names
}

function fileNameMatch(map: Readonly<Record<string, string>> | undefined, filePath: string, how: 'exact' | 'stem'): string | undefined {
  if (map === undefined) return undefined
  const name = fileNameOf(filePath).toLowerCase()
  const names = loweredNames(map)
  return how === 'exact' ? names.exact.get(name) : names.stems.find(([key]) => stemMatches(key, name))?.[1]
}

/**
 * The provider among `providers` (as `LspService.providers()` lists them) that the service would
 * ask about `filePath`, in {@link languageOf}'s order across all of them, or `undefined`.
 */
export function providerOf<Info extends { readonly extensions: readonly string[]; readonly fileNames: readonly string[] }>(providers: readonly Info[], filePath: string): Info | undefined {
  const name = fileNameOf(filePath).toLowerCase()
  const extension = extensionOf(filePath)
  return (
    providers.find((info) => info.fileNames.some((key) => key.toLowerCase() === name)) ??
    providers.find((info) => info.extensions.includes(extension)) ??
    providers.find((info) => info.fileNames.some((key) => stemMatches(key.toLowerCase(), name)))
  )
}

/** Whether a lowercased `Stem.*` key matches a lowercased file name: the stem, a dot, something. */
export function stemMatches(key: string, name: string): boolean {
  return key.endsWith('.*') && name.length > key.length - 1 && name.startsWith(key.slice(0, -1))
}
