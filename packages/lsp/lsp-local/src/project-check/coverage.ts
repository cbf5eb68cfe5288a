import { join, relative, sep } from 'node:path'
import { namedList } from '@agent-lsp/wording'
import { isInside } from '../sync/paths.js'
import type { PyrightScope } from '../sync/pyright-config.js'
import { SOURCES_WALK, SOURCES_WALK_BOUNDS, walk } from '../sync/walk.js'

/** TypeScript sources a project lists (declaration files are left out: built output holds them too). */
const source = /\.(ts|tsx|mts|cts)$/
const declaration = /\.d\.[cm]?ts$/
/** JavaScript sources: a project lists them only with `allowJs` (tsserver checks them without: syntax, and `// @ts-check` ones in full). */
const script = /\.(js|jsx|mjs|cjs)$/

/** What lies under a root for tsc: its configs below it, and its TypeScript sources. */
export interface TscLayout {
  /** `tsconfig.json` (else `jsconfig.json`) of each folder below the root holding one, sorted. */
  readonly configs: readonly string[]
  /** The `.ts`, `.tsx`, `.mts`, `.cts` files (not `.d.ts`), sorted. */
  readonly sources: readonly string[]
  /** The `.js`, `.jsx`, `.mjs`, `.cjs` files (not those beside a TypeScript file of the same stem: its output), sorted. */
  readonly scripts: readonly string[]
  /** Whether the walk saw the whole tree (else it stopped at a bound of `SOURCES_WALK`). */
  readonly complete: boolean
}

/** Files a coverage walk found, and whether it saw the whole tree. */
export interface WalkedFiles {
  readonly files: readonly string[]
  readonly complete: boolean
}

/**
 * The configs, TypeScript and JavaScript sources under `root`, skipping dependency, build and dot folders and
 * following symlinked folders, each real one once, as tsc does (bounded: 5,000 folders, 10 levels): a workspace whose root config
 * includes `src` alone has packages with configs of their own (`packages/foo/tsconfig.json`) and
 * scripts none includes, which `tsc -p` at the root never checked.
 */
export function tscLayout(root: string): TscLayout {
  const configs: string[] = []
  const sources: string[] = []
  const scripts: string[] = []
  const complete = walk(root, SOURCES_WALK, ({ path, depth, files }) => {
    const config = ['tsconfig.json', 'jsconfig.json'].find((name) => files.includes(name))
    if (depth > 0 && config !== undefined) configs.push(join(path, config))
    for (const file of files) {
      if (source.test(file) && !declaration.test(file)) sources.push(join(path, file))
      // `a.js` beside `a.ts` is what tsc emitted from it (no outDir), not a source.
      else if (script.test(file) && !files.some((other) => other !== file && source.test(other) && stem(other) === stem(file))) scripts.push(join(path, file))
    }
  })
  return { configs: configs.sort(), sources: sources.sort(), scripts: scripts.sort(), complete }
}

/** A file name without its last extension. */
function stem(name: string): string {
  return name.slice(0, name.lastIndexOf('.'))
}

/** The files `tsc --listFiles` printed after its diagnostics: the lines that are absolute paths. */
export function listedFiles(output: string): Set<string> {
  return new Set(output.split(/\r?\n/).filter((line) => line.startsWith(sep) || /^[A-Za-z]:[\\/]/.test(line)))
}

/**
 * `1 TypeScript file no checked tsconfig.json includes (scripts/c.ts) was not checked; ask
 * diagnostics of it`: the partial answer's sentence for `uncovered` files of `language`, which
 * `leftOutBy` says why nothing checked, and where the search for them stopped when it did not see
 * the whole tree; nothing when there are none and it did.
 */
export function uncoveredMessage({ files: uncovered, complete }: WalkedFiles, root: string, language: string, leftOutBy: string): string | undefined {
  const cut = complete ? [] : [`the search for ${language} files ${leftOutBy} stopped at its bound (${SOURCES_WALK_BOUNDS}): any past it were not checked; ask diagnostics of each file there`]
  if (uncovered.length === 0) return cut[0]
  const named = namedList(uncovered.slice(0, 3).map((file) => relative(root, file).split(sep).join('/')), { total: uncovered.length })
  const one = uncovered.length === 1
  return [`${uncovered.length} ${language} ${one ? 'file' : 'files'} ${leftOutBy} (${named}) ${one ? 'was' : 'were'} not checked; ask diagnostics of ${one ? 'it' : 'each'}`, ...cut].join('; ')
}

/**
 * The `.py` files under `root` pyright's config leaves out (see `ownScope`): those inside no
 * folder or file `include` names, and those `exclude` names; walked as {@link tscLayout} walks
 * (virtualenvs, dependency, build and dot folders skipped), each sorted, and whether the walk saw
 * the whole tree.
 */
export function pythonFilesLeftOut(root: string, scope: PyrightScope): { readonly notIncluded: WalkedFiles; readonly excluded: WalkedFiles } {
  const notIncluded: string[] = []
  const excluded: string[] = []
  const complete = walk(root, SOURCES_WALK, ({ path, files }) => {
    for (const name of files) {
      if (!name.endsWith('.py')) continue
      const file = join(path, name)
      if (!scope.include.some((entry) => isInside(file, entry))) notIncluded.push(file)
      else if (scope.exclude.some((entry) => isInside(file, entry))) excluded.push(file)
    }
  })
  return { notIncluded: { files: notIncluded.sort(), complete }, excluded: { files: excluded.sort(), complete: true } }
}
