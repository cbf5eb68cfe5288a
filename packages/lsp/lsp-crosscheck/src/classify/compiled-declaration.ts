import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { LspLocation } from '@agent-lsp/lsp'
import { overlaps } from './classify.js'

// TypeScript's emitted declaration files (`tsc --declaration`, tsup's and rollup's dts bundles).
const declarationFile = /\.d\.[cm]?ts$/i

/**
 * Where a use (`occurrence`) reaches the symbol through its package's compiled declarations, if it does: one of
 * `targets` (where `goToDefinition` at the use leads) is in a declaration file whose package
 * (the nearest `package.json` with a `name`) is the package of one of `definitions` (the symbol's
 * own, none of them a declaration file), and names `name` there. A workspace package imported by
 * its name resolves to its `types` (`dist/index.d.ts`); without declaration maps the server cannot
 * lead from there to the source, so such a use may be this symbol: a candidate, not another
 * symbol. A declaration of another package (TypeScript's `lib.es5.d.ts`, a dependency) stays
 * another symbol.
 * @param packageOf - the package name of a file path (see {@link packageNames}).
 */
export function compiledDeclaration(
  occurrence: LspLocation,
  targets: readonly LspLocation[],
  definitions: readonly LspLocation[],
  name: string,
  linesOf: (uri: string) => readonly string[] | undefined,
  packageOf: (path: string) => string | undefined,
  pathOf: (uri: string) => string,
): LspLocation | undefined {
  const sources = definitions.map((definition) => pathOf(definition.uri))
  if (sources.length === 0 || sources.some((path) => declarationFile.test(path))) return undefined
  const packages = new Set(sources.map(packageOf).filter((found) => found !== undefined))
  return targets.find((target) => {
    // The compiled declaration itself (its file is searched too) is not a use through it.
    if (overlaps(target, occurrence)) return false
    const path = pathOf(target.uri)
    if (!declarationFile.test(path) || !packages.has(packageOf(path)!)) return false
    const { start } = target.range
    return linesOf(target.uri)?.[start.line]?.startsWith(name, start.character) === true
  })
}

/** A lookup of each path's package name (nearest `package.json` with a string `name`), cached per folder. */
export function packageNames(): (path: string) => string | undefined {
  const byFolder = new Map<string, string | undefined>()
  const of = (folder: string): string | undefined => {
    if (byFolder.has(folder)) return byFolder.get(folder)
    let found: string | undefined
    try {
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name?: unknown }
      if (typeof manifest.name === 'string') found = manifest.name
    } catch {
      // no package.json here, or not JSON: look further up
    }
    const parent = dirname(folder)
    if (found === undefined && parent !== folder) found = of(parent)
    byFolder.set(folder, found)
    return found
  }
  return (path) => of(dirname(path))
}
