import { realpathSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { splitLines } from '@agent-lsp/text-lines'

/** Files read when looking for imports of the old path; past it the answer says the search stopped. */
export const MAX_SEARCHED_FILES = 20_000

/** A relative import specifier that still names the old path. */
export interface OldImport {
  /** Relative to the root, forward slashes. */
  readonly displayPath: string
  /** 1-based. */
  readonly line: number
  readonly specifier: string
  /** In module syntax (`import`, `export … from`, `require(`, `import(`, `declare module`), not a string elsewhere (`jest.mock('./util')`, a path). */
  readonly imported: boolean
}

/** Extensions an import specifier may carry or leave out for a module (TypeScript and JavaScript resolution). */
const moduleExtensions = /\.(?:[cm]?[jt]s|[jt]sx|d\.ts)$/

/** A quoted relative specifier (`'./util'`, `"../lib/util.js"`), as imports, re-exports, `require` and `import()` write them. */
const relativeSpecifier = /(['"`])(\.\.?\/[^'"`\n]*)\1/g
/** A quoted package specifier with a path into the package (`'@me/lib/src/util'`, `'lib/util.js'`). */
const packageSpecifier = /(['"`])((?:@[\w.-]+\/)?\w[\w.-]*)\/([^'"`\n]+)\1/g
/** What precedes a specifier in module syntax on its line. */
const moduleSyntax = /\b(?:import|from|require|module)\b/

/**
 * The relative specifiers under `root` that resolve to `oldFile` (absolute; or to any of several): in files with one of
 * `extensions`, `node_modules` and dot folders skipped, at most {@link MAX_SEARCHED_FILES} files.
 * A specifier names the old file when, resolved against its file's folder and without a module
 * extension, it is the old path without its extension (or its folder, for an `index` file), and
 * is not a folder's specifier that now finds `newFile` (`./env` after `env.ts` moved to
 * `env/index.ts`; `./env.js` does not). Without `newFile` (no move), every one. Only on lines
 * `onLine` takes (all by default). A specifier in a comment (after `//` outside a string, or on a
 * line of a block comment) names nothing. A package's path (`'@me/lib/src/util'`) names it too when
 * the nearest `node_modules/@me/lib` up from its file is (or links to) a folder holding the old file,
 * as a workspace's packages are linked.
 * @returns what is left, in path order, and how many files were searched (`complete: false` when
 *   the bound stopped the search).
 */
export async function oldImports(
  oldFile: string | readonly string[],
  newFile: string | undefined,
  root: string,
  extensions: ReadonlySet<string>,
  onLine: (line: string) => boolean = () => true,
): Promise<{ found: OldImport[]; searched: number; complete: boolean }> {
  const stemOf = (file: string): string => file.replace(moduleExtensions, '')
  const namesOf = (stem: string): string[] => [stem, ...(path.basename(stem) === 'index' ? [path.dirname(stem)] : [])]
  const stems = (typeof oldFile === 'string' ? [oldFile] : oldFile).map(stemOf)
  const names = new Set(stems.flatMap(namesOf))
  // A folder's specifier without an extension (`./env`) finds its index file.
  const indexFolder = newFile !== undefined && path.basename(stemOf(newFile)) === 'index' ? path.dirname(newFile) : undefined
  const words = [...new Set(stems.map((stem) => path.basename(path.basename(stem) === 'index' ? path.dirname(stem) : stem)))]
  const found: OldImport[] = []
  let searched = 0
  const walk = async (dir: string): Promise<boolean> => {
    const entries = (await readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) => (a.name < b.name ? -1 : 1))
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!(await walk(file))) return false
        continue
      }
      if (!entry.isFile() || !extensions.has(path.extname(entry.name).toLowerCase())) continue
      if (searched >= MAX_SEARCHED_FILES) return false
      searched++
      const text = await readFile(file, 'utf8').catch(() => '')
      if (!words.some((word) => text.includes(word))) continue
      splitLines(text).forEach((line, index) => {
        if (!onLine(line)) return
        const code = withoutComment(line)
        const specifiers = [
          ...[...code.matchAll(relativeSpecifier)].map((match) => ({ match, target: path.resolve(path.dirname(file), match[2]!) })),
          ...[...code.matchAll(packageSpecifier)].flatMap((match) => {
            const folder = packageFolder(path.dirname(file), match[2]!, root)
            return folder === undefined ? [] : [{ match, target: path.join(folder, match[3]!) }]
          }),
        ]
        for (const { match, target } of specifiers) {
          const specifier = match[2]!.startsWith('.') ? match[2]! : `${match[2]}/${match[3]}`
          if (target.replace(/\/$/, '') === indexFolder) continue
          if (names.has(target.replace(moduleExtensions, '').replace(/\/$/, ''))) {
            found.push({ displayPath: path.relative(root, file).split(path.sep).join('/'), line: index + 1, specifier, imported: moduleSyntax.test(code.slice(0, match.index)) })
          }
        }
      })
    }
    return true
  }
  const complete = await walk(root)
  return { found, searched, complete }
}

/** The real folder of package `name` as found from `directory` up to `root` (`node_modules/name`, a workspace's link followed), if any. */
function packageFolder(directory: string, name: string, root: string): string | undefined {
  for (let folder = directory; ; folder = path.dirname(folder)) {
    try {
      return realpathSync.native(path.join(folder, 'node_modules', name))
    } catch {}
    if (folder === root || path.dirname(folder) === folder) return undefined
  }
}

/** `line` without a `//` comment outside its strings; empty for a line of a block comment (`/*`, ` * `). */
function withoutComment(line: string): string {
  if (/^\s*(?:\/\*|\*)/.test(line)) return ''
  let quote: string | undefined
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!
    if (quote !== undefined) {
      if (char === '\\') index++
      else if (char === quote) quote = undefined
    } else if (char === "'" || char === '"' || char === '`') quote = char
    else if (char === '/' && line[index + 1] === '/') return line.slice(0, index)
  }
  return line
}

/**
 * The files under `root` that re-export all of one of `files` (`export * from './x'`): a name it
 * exports is theirs too, and clashes there with another module's (TS2308) though they never name
 * it. Searched as {@link oldImports} searches, all in one walk (`complete: false` when it stopped at its bound).
 */
export async function starReexporters(files: readonly string[], root: string, extensions: ReadonlySet<string>): Promise<{ files: string[]; complete: boolean }> {
  const { found, complete } = await oldImports(files, undefined, root, extensions, (line) => /\bexport\s*\*/.test(line))
  return { files: [...new Set(found.map((old) => path.join(root, old.displayPath)))], complete }
}

/** The extensions of JavaScript and TypeScript modules (what `export *` re-exports, where one name may be a type and a value). */
export const JS_MODULE_EXTENSIONS: ReadonlySet<string> = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'])
