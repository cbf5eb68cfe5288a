import { basename, extname } from 'node:path'
import type { LspProviderInfo } from '@agent-lsp/lsp'
import { lexicalFamily, type LexicalFamily } from '@agent-lsp/lexical'

/**
 * Extensions of files that embed a family's code in markup (single-file components): a symbol of
 * a TypeScript module is used in a `.vue` or `.svelte` file's script and template, where the
 * TypeScript server that answered does not look. Searched, never lexed (the markup's text would
 * read as code or strings); each occurrence is asked of its own file's server.
 */
const embeddedIn: Readonly<Partial<Record<LexicalFamily, readonly string[]>>> = { javascript: ['.vue', '.svelte', '.astro'] }

/**
/**
 * Extensions of files that name a family's symbols and that no provider serves, each with the
 * family it is lexed as (their occurrences are classified without asking where no server reads them):
 * - Go assembly (`.s`, see `isGoAssembly`) holds the bodies of Go functions declared without one;
 *   its comments are C's and it runs through a C-like preprocessor (see `assemblyVerdict`).
 * - Files a C or C++ source includes by name, whatever they hold: X-macro tables (LLVM's and
 *   CPython's `.def`, `.inc`, `.x`, `.tbl`), inline and template bodies (`.inl`, `.ipp`, `.tcc`,
 *   `.tpp`, `.txx`). No server reads one alone, and one included from an inactive `#ifdef` is seen by none.
 */
const companions: Readonly<Partial<Record<LexicalFamily, Readonly<Record<string, LexicalFamily>>>>> = {
  go: { '.s': 'c' },
  c: Object.fromEntries(['.def', '.inc', '.inl', '.ipp', '.tcc', '.tpp', '.txx', '.x', '.tbl'].map((extension) => [extension, 'c'])),
}

/**
 * Files that name a family's functions in their settings, which no provider serves: Python's
 * packaging files, whose entry points bind a command to a function by its path (`setup.cfg`'s
 * `[options.entry_points]`, `pyproject.toml`'s `[project.scripts]` and `[project.entry-points.*]`:
 * `name = pkg.mod:func`). Lexed as the family for their `#` comments; the rest is read as strings,
 * never asked of a server.
 */
const settingsFiles: Readonly<Partial<Record<LexicalFamily, readonly string[]>>> = { python: ['setup.cfg', 'pyproject.toml'] }

/** What a cross-check searches: file name endings, and the lexical family of a file found. */
export interface SearchScope {
  /**
   * Endings of the file names searched (`*${ending}`): the answering provider's extensions its
   * scanners read, its exact file names (`.bashrc`, `PKGBUILD`), the extensions embedding its
   * family that some provider serves, and its family's companions no provider serves (Go assembly
   * for Go, the files C and C++ sources include for C).
   */
  readonly endings: readonly string[]
  /** A file's family: by its extension, else the provider's own for its file names; `undefined`: not lexed. */
  familyOf(path: string): LexicalFamily | undefined
  /** Whether `path` is a settings file (see `settingsFiles`): its text outside comments names symbols as strings do, never as code. */
  isSettings(path: string): boolean
}

/**
 * The scope of a cross-check of an answer by `provider`, among the `providers` registered. The
 * provider's family is the one all its lexed extensions share (bash: `shell`), given to the files
 * it takes by name, which have no extension to tell it.
 */
export function searchScope(provider: LspProviderInfo, providers: readonly LspProviderInfo[]): SearchScope {
  const lexed = provider.extensions.filter((extension) => lexicalFamily(extension) !== undefined)
  const families = new Set(lexed.map((extension) => lexicalFamily(extension)))
  const family = families.size === 1 ? [...families][0] : undefined
  const names = family === undefined ? [] : provider.fileNames.filter((name) => !name.endsWith('.*'))
  const served = new Set(providers.flatMap((info) => info.extensions))
  const embedding = family === undefined ? [] : (embeddedIn[family] ?? []).filter((extension) => served.has(extension) && !lexed.includes(extension))
  const byName = new Set(names)
  const companion = Object.fromEntries(Object.entries((family === undefined ? undefined : companions[family]) ?? {}).filter(([extension]) => !served.has(extension)))
  // Searched though a server reads them (tombi reads `.toml`): no server resolves a Python name there, and no occurrence there is asked.
  const settings = new Set(family === undefined ? [] : settingsFiles[family])
  return {
    endings: [...lexed, ...names, ...embedding, ...Object.keys(companion), ...settings],
    familyOf: (path) => {
      const extension = extname(path).toLowerCase()
      return companion[extension] ?? lexicalFamily(extension) ?? (byName.has(basename(path).toLowerCase()) || settings.has(basename(path)) ? family : undefined)
    },
    isSettings: (path) => settings.has(basename(path)),
  }
}
