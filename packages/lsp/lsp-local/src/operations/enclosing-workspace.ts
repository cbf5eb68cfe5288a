import { basename, dirname, join } from 'node:path'
import type { LspCompleteness, LspOperation } from '@agent-lsp/lsp'
import { namedList, shownPath } from '@agent-lsp/wording'
import type { LocalServerConfig } from '../config.js'
import { isFile, isInside } from '../sync/paths.js'
import { firstFilesWith } from '../sync/projects.js'
import { readText } from '../sync/read-text.js'
import { SOURCES_WALK_BOUNDS } from '../sync/walk.js'
import { pythonSiblings } from './enclosing-python.js'

/** Operations whose places may lie in another package of the workspace above. */
const reaching: ReadonlySet<LspOperation> = new Set<LspOperation>(['findReferences', 'goToImplementation', 'incomingCalls'])

/** Files read in the workspace above to find the packages naming this one; past them the answer says it did not read them. */
export const MAX_SIBLING_FILES = 1024

/**
 * What a workspace above the server's workspace root holds of the packages beside it: `marker`,
 * the file that makes it a workspace (`pnpm-workspace.yaml`, a `pyrightconfig.json`); `name`, this
 * package's name as the others use it (`@tanstack/query-core`, the module `lazr.uri`); `siblings`,
 * the folders of those that name it, outside the root; `all`, whether every file that could name it
 * was read (`read` says which kind: `package.json`, `.py`).
 */
export interface EnclosingWorkspace {
  readonly marker: string
  readonly name: string
  readonly siblings: readonly string[]
  readonly all: boolean
  readonly read: string
}

/**
 * `partial / unchecked` when the workspace root is a package of a larger workspace above it
 * (`LocalServerConfig.enclosingWorkspace`) and other packages there name it: the server searched
 * the root alone. Inside packages/query-core of a pnpm workspace, findReferences of matchQuery was
 * "5 references in 3 files", complete, and its rename "Verified", while packages/persist imports it
 * from `@tanstack/query-core` (after the rename `tsc -b` failed, TS2724). Sibling folders are shown
 * relative to the workspace above.
 */
export function enclosingWorkspaceCompleteness(config: LocalServerConfig, operation: LspOperation, workspaceRoot: string): LspCompleteness | undefined {
  if (config.enclosingWorkspace === undefined || !reaching.has(operation)) return undefined
  const found = config.enclosingWorkspace === 'node' ? nodeSiblings(workspaceRoot) : pythonSiblings(workspaceRoot, MAX_SIBLING_FILES)
  if (found === undefined || (found.siblings.length === 0 && found.all)) return undefined
  const above = dirname(found.marker)
  const where = `the workspace at ${above} (${basename(found.marker)})`
  const unread = `the ${found.read} files past the first ${MAX_SIBLING_FILES} in it were not read (within ${SOURCES_WALK_BOUNDS})`
  const ask = `ask with ${above} as the workspace root to search ${found.siblings.length === 1 ? 'it' : 'them'} too`
  if (found.siblings.length === 0) return { state: 'partial', reason: 'unchecked', message: `this workspace is a package of ${where}, and ${unread}: packages among them may name ${found.name}, not searched for ${operation}; ${ask}` }
  const shown = namedList(found.siblings.slice(0, 3).map((folder) => shownPath(above, folder)), { total: found.siblings.length })
  const which = found.siblings.length === 1 ? `1 other package names ${found.name} (${shown}); it was` : `${found.siblings.length} other packages name ${found.name} (${shown}); they were`
  return { state: 'partial', reason: 'unchecked', message: `this workspace is a package of ${where}, where ${which} not searched for ${operation}${found.all ? '' : `, and ${unread}, which may name more`}; ${ask}` }
}

/**
 * A JavaScript or TypeScript package inside a workspace above it: the nearest folder above with
 * `pnpm-workspace.yaml`, `lerna.json`, a `package.json` with `workspaces` or a `tsconfig.json` with
 * `references`; the package is named by `workspaceRoot`'s `package.json`, and the others name it in
 * theirs (a dependency, `"@tanstack/query-core": "workspace:*"`). `undefined` when there is no such
 * workspace or the root's package has no name.
 */
function nodeSiblings(workspaceRoot: string): EnclosingWorkspace | undefined {
  const name = nameOf(readText(join(workspaceRoot, 'package.json')))
  if (name === undefined) return undefined
  const marker = workspaceAbove(workspaceRoot)
  if (marker === undefined) return undefined
  const above = dirname(marker)
  const { files, all } = firstFilesWith(above, new Set(), MAX_SIBLING_FILES, new Set(['package.json']))
  const quoted = `"${name}"`
  const naming = files.filter((file) => basename(file) === 'package.json' && dirname(file) !== above && !isInside(file, workspaceRoot) && (readText(file) ?? '').includes(quoted))
  return { marker, name, siblings: naming.map((file) => dirname(file)), all, read: 'package.json' }
}

/** The nearest marker of a JavaScript workspace in a folder above `root`, or `undefined`. */
function workspaceAbove(root: string): string | undefined {
  for (let folder = dirname(root); ; folder = dirname(folder)) {
    for (const [file, says] of workspaceMarkers) {
      const path = join(folder, file)
      if (isFile(path) && (says === undefined || says.test(readText(path) ?? ''))) return path
    }
    if (dirname(folder) === folder) return undefined
  }
}

/** Files that make a folder a JavaScript workspace, with what they must say when only some do. */
const workspaceMarkers: ReadonlyArray<readonly [string, RegExp | undefined]> = [
  ['pnpm-workspace.yaml', undefined],
  ['lerna.json', undefined],
  ['package.json', /"workspaces"\s*:/],
  ['tsconfig.json', /"references"\s*:/],
]

function nameOf(packageJson: string | undefined): string | undefined {
  if (packageJson === undefined) return undefined
  try {
    const name = (JSON.parse(packageJson) as { name?: unknown }).name
    return typeof name === 'string' && name !== '' ? name : undefined
  } catch {
    return undefined
  }
}
