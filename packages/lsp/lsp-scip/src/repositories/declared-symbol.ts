import { readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { descriptorsOf, packagePartsOf } from '../scip/symbol.js'
import { sameModule, type Side } from './same-symbol.js'

/**
 * Where the symbol at a cursor is declared, as a live server says (its `goToDefinition`, then its
 * `documentSymbol` of that file): what `ScipLspProvider.elsewhere` searches other repositories
 * for when this workspace's own index cannot say which symbol is at the cursor.
 */
export interface ScipDeclarationSite {
  /** The declaring file, absolute: an installed package's (`…/node_modules/@acme/pricing/dist/format.d.ts`) or this workspace's. */
  readonly file: string
  /** The names from the file's top level down to the symbol (`['Backoff', 'delay']`), as its document symbols nest. */
  readonly names: readonly string[]
}

/** The package `site` is declared in and its file there: the installed package's, else the workspace's own `package.json` name. */
function packageOf(site: ScipDeclarationSite, root: string): { readonly name: string; readonly file: string; readonly root: string } | undefined {
  const parts = relative(root, site.file).split(sep)
  if (parts[0] === '..' || parts.length < 2) return undefined
  const at = parts.lastIndexOf('node_modules')
  if (at >= 0) {
    const scoped = parts[at + 1]?.startsWith('@') ?? false
    const name = parts.slice(at + 1, at + (scoped ? 3 : 2)).join('/')
    const file = parts.slice(at + (scoped ? 3 : 2)).join('/')
    // The installed package's declaration map is looked up below `root` (see `sameModule`).
    return name === '' || file === '' ? undefined : { name, file, root: join(root, ...parts.slice(0, at)) }
  }
  try {
    const { name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name?: unknown }
    return typeof name === 'string' && name !== '' ? { name, file: parts.join('/'), root: dirname(join(root, 'package.json')) } : undefined
  } catch {
    return undefined // no package.json, or not JSON: no package to find the symbol under
  }
}

/**
 * A matcher for `answerElsewhere`: the symbols of another index that are the one declared at
 * `site` (in the workspace at `root`): of the same package (by name; scheme, manager and version
 * aside), in the same file or the file it was compiled from or to (see `sameModule`), with the
 * same names after the file (`Backoff#delay().` for `['Backoff', 'delay']`; a parameter or type
 * parameter never). Matches nothing when `site` is in no package (outside `root`, or no `package.json` name).
 */
export function declaredMatcher(site: ScipDeclarationSite, root: string): (other: Side) => string[] {
  const declared = packageOf(site, root)
  if (declared === undefined) return () => []
  return (other) =>
    other.model.globalSymbols.filter((symbol) => {
      const parts = packagePartsOf(symbol)
      if (parts === undefined || parts.packageName !== declared.name || parts.file === undefined) return false
      const descriptors = descriptorsOf(symbol)
      const last = descriptors.at(-1)
      if (last === undefined || last.suffix === 'Parameter' || last.suffix === 'TypeParameter') return false
      const names = descriptors.slice(parts.file.split('/').length).map((descriptor) => descriptor.name)
      if (names.length !== site.names.length || names.some((name, i) => name !== site.names[i])) return false
      return parts.file === declared.file || sameModule({ file: declared.file, root: declared.root }, { file: parts.file, root: other.root }, declared.name)
    })
}
