import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { LspLocation } from '@agent-lsp/lsp'
import { overlaps } from './classify.js'

// TypeScript's emitted declaration files (`tsc --declaration`, tsup's and rollup's dts bundles).
const declarationFile = /\.d\.[cm]?ts$/i

/**
 * Where a use (`occurrence`) reaches the symbol through a declaration the server keeps apart from
 * it, if it does: one of `targets` (where `goToDefinition` at the use leads) names `name` and is
 * - in a declaration file whose package (the nearest `package.json` with a `name`) is the package
 *   of one of `definitions` (the symbol's own, none of them a declaration file): a workspace package
 *   imported by its name resolves to its `types` (`dist/index.d.ts`), and without declaration maps
 *   the server cannot lead from there to the source;
 * - or in the JavaScript file a hand-written declaration file of the symbol declares, or the other
 *   way round (`lib.d.ts` beside `lib.js`, see {@link declaredJavaScript}): one function at run time,
 *   two symbols to the server (the nineteenth trial: a rename from `lib.d.ts` left `lib.js` and was
 *   "Verified", and the program failed).
 * Such a use may be this symbol: a candidate, not another symbol. A declaration of another package
 * (TypeScript's `lib.es5.d.ts`, a dependency) stays another symbol.
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
): { readonly place: LspLocation; readonly reason: 'declaration' | 'counterpart' } | undefined {
  const sources = definitions.map((definition) => pathOf(definition.uri))
  if (sources.length === 0) return undefined
  const compiled = !sources.some((path) => declarationFile.test(path))
  const packages = new Set(compiled ? sources.map(packageOf).filter((found) => found !== undefined) : [])
  const names = (target: LspLocation): boolean => linesOf(target.uri)?.[target.range.start.line]?.startsWith(name, target.range.start.character) === true
  for (const target of targets) {
    const path = pathOf(target.uri)
    // The counterpart's own declaration is a place to edit with the symbol's; a compiled one (its file is searched too) is not a use through it.
    if (sources.some((source) => declaredJavaScript(source) === path || declaredJavaScript(path) === source) && names(target)) return { place: target, reason: 'counterpart' }
    if (compiled && !overlaps(target, occurrence) && declarationFile.test(path) && packages.has(packageOf(path)!) && names(target)) return { place: target, reason: 'declaration' }
  }
  return undefined
}

/** The JavaScript file a declaration file declares (`lib.d.ts` → `lib.js`, `.d.mts` → `.mjs`, `.d.cts` → `.cjs`); `undefined` for other files. */
function declaredJavaScript(path: string): string | undefined {
  const found = /^(.*)\.d\.([cm]?)ts$/i.exec(path)
  return found === null ? undefined : `${found[1]}.${found[2]}js`
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
