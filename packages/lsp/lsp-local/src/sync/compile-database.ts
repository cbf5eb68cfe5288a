import { readFileSync, realpathSync, statSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'
import type { LocalCompileDatabase } from '../config-compile-database.js'

/** What a server takes as the compile database of a folder's files (see `LocalCompileDatabase`). */
export type CompileDatabase =
  /** None in the folder or above it (or in the folder the server's argument names). */
  | { readonly kind: 'none' }
  /** A file of flags for every file, listing none (`compile_flags.txt`), found first. */
  | { readonly kind: 'flags'; readonly file: string }
  /** A database that lists files: their realpaths. */
  | { readonly kind: 'listing'; readonly file: string; readonly listed: ReadonlySet<string> }
  /** A database that is not a JSON array (the server cannot use it either): why. */
  | { readonly kind: 'unreadable'; readonly file: string; readonly why: string }

/** What {@link CompileDatabases.find} found. */
export interface FoundDatabase {
  readonly database: CompileDatabase
  /**
   * Whether a file the lookup looked at changed, appeared or went since it first looked at it:
   * the server may still use what it read then (clangd 14 looks at a database again at most every
   * 5 s, and for one that was missing every 30 s, and only when a file opens).
   */
  readonly changed: boolean
}

/**
 * The compile databases of one server root, read once each and read again only when the file's
 * size or modification time changes (a database of a large project is megabytes of JSON).
 */
export class CompileDatabases {
  readonly #cache = new Map<string, { readonly stamp: string; readonly database: CompileDatabase }>()
  /** Per file a lookup looked at: its stamp (or `missing`) the first time. */
  readonly #first = new Map<string, string>()
  #changed = false

  constructor(
    private readonly config: LocalCompileDatabase,
    /** The server's arguments, for `config.directoryArgument`. */
    private readonly args: readonly string[],
    /** The folder the server runs in (relative arguments are resolved against it). */
    private readonly root: string,
  ) {}

  /**
   * The database the server takes for the files of `directory` (absolute): in the folder its
   * argument names, if given; else the first of `files`, then of `flagFiles`, in `directory` or the
   * nearest folder above it that holds one.
   */
  find(directory: string): FoundDatabase {
    const database = this.#lookup(directory)
    return { database, changed: this.#changed }
  }

  #lookup(directory: string): CompileDatabase {
    const named = argumentValue(this.args, this.config.directoryArgument)
    if (named !== undefined) return this.#read(resolve(this.root, named, this.config.files[0] ?? 'compile_commands.json')) ?? { kind: 'none' }
    for (let folder = directory; ; folder = dirname(folder)) {
      for (const file of this.config.files) {
        const found = this.#read(join(folder, file))
        if (found) return found
      }
      for (const file of this.config.flagFiles ?? []) {
        if (this.#stamp(join(folder, file)) !== undefined) return { kind: 'flags', file: join(folder, file) }
      }
      if (dirname(folder) === folder) return { kind: 'none' }
    }
  }

  /** The stamp of regular file `file` (`undefined` when there is none), noting whether it differs from the first one seen. */
  #stamp(file: string): string | undefined {
    let stamp: string | undefined
    try {
      const stats = statSync(file)
      if (stats.isFile()) stamp = `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`
    } catch {
      // missing, or not readable: none
    }
    const first = this.#first.get(file)
    if (first === undefined) this.#first.set(file, stamp ?? 'missing')
    else if (first !== (stamp ?? 'missing')) this.#changed = true
    return stamp
  }

  /** The database in `file`, from the cache while the file is unchanged; `undefined` when there is no such file. */
  #read(file: string): CompileDatabase | undefined {
    const stamp = this.#stamp(file)
    if (stamp === undefined) return undefined
    const cached = this.#cache.get(file)
    if (cached?.stamp === stamp) return cached.database
    const database = parseDatabase(file)
    this.#cache.set(file, { stamp, database })
    return database
  }
}

/**
 * The files a database lists, as realpaths: each entry's `file` resolved against its `directory`
 * (itself resolved against the database's folder when relative), with the file's folder resolved
 * through symlinks, so `/tmp/x/a.c` matches a workspace seen as `/private/tmp/x/a.c`. Entries
 * without a string `file` are skipped, as the server skips them.
 */
function parseDatabase(file: string): CompileDatabase {
  let entries: unknown
  try {
    entries = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    return { kind: 'unreadable', file, why: error instanceof SyntaxError ? `not JSON: ${error.message}` : String((error as Error).message) }
  }
  if (!Array.isArray(entries)) return { kind: 'unreadable', file, why: 'not a JSON array' }
  const real = new Map<string, string>()
  const realFolder = (folder: string): string => {
    let found = real.get(folder)
    if (found === undefined) {
      try {
        found = realpathSync.native(folder)
      } catch {
        found = folder // gone: listed as written
      }
      real.set(folder, found)
    }
    return found
  }
  const listed = new Set<string>()
  for (const entry of entries) {
    const { directory, file: source } = (entry ?? {}) as { directory?: unknown; file?: unknown }
    if (typeof source !== 'string') continue
    const base = typeof directory === 'string' ? resolve(dirname(file), directory) : dirname(file)
    const path = isAbsolute(source) ? source : resolve(base, source)
    listed.add(join(realFolder(dirname(path)), basename(path)))
  }
  return { kind: 'listing', file, listed }
}

/** The value of `--name=VALUE` or `--name VALUE` in `args`, the last one given. */
function argumentValue(args: readonly string[], name: string | undefined): string | undefined {
  if (name === undefined) return undefined
  let value: string | undefined
  args.forEach((arg, index) => {
    if (arg.startsWith(`${name}=`)) value = arg.slice(name.length + 1)
    else if (arg === name && index + 1 < args.length) value = args[index + 1]
  })
  return value
}
