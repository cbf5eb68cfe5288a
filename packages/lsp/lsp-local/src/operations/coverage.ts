import { extensionOf, type LspCompleteness } from '@agent-lsp/lsp'
import { basename, relative } from 'node:path'
import { namedList } from '@agent-lsp/wording'
import type { LocalServerConfig } from '../config.js'
import type { CompileDatabase } from '../sync/compile-database.js'
import type { SourceScan } from '../sync/source-files.js'
import { filesUnderExcludedFolders } from '../sync/excluded-files.js'
import type { LooseFiles } from '../sync/loose-files.js'
import { isInside } from '../sync/paths.js'
import { leavesOut, pyrightConfigAbove } from '../sync/pyright-config.js'

/**
 * `partial / unconfigured` when the server takes its config from above the server root `root`
 * and that config's `include` leaves `root` out (see `LocalServerConfig.inheritsConfig`), so it
 * searches none of the project's files. Paths inside `workspaceRoot` are shown relative to it.
 */
export function inheritedConfigCompleteness(config: LocalServerConfig, root: string, workspaceRoot: string): LspCompleteness | undefined {
  if (config.inheritsConfig !== 'pyright') return undefined
  const above = pyrightConfigAbove(root)
  if (above === undefined || !leavesOut(above, root)) return undefined
  const shown = (path: string): string => (isInside(path, workspaceRoot) ? relative(workspaceRoot, path) || '.' : path)
  const own = shown(`${root}/pyproject.toml`)
  const why = above.include === undefined ? 'whose include could not be read' : `whose include (${above.include.map(shown).join(', ')}) leaves ${root === workspaceRoot ? 'this workspace' : shown(root)} out`
  return {
    state: 'partial',
    reason: 'unconfigured',
    message: `pyright takes its settings from ${above.file}, as ${own} has no [tool.pyright] table, ${why}; add a [tool.pyright] table to ${own} to search this project`,
  }
}

/**
 * `partial / unconfigured` when some files no project marker covers were not given to the server
 * (past `maxLooseFiles`, or a tree too big to count): it searched the nearest, and the message says
 * how many others it did not, naming the nearest of them. `undefined` when every one was opened.
 * Paths are shown relative to `workspaceRoot`.
 */
export function looseFilesCompleteness(config: LocalServerConfig, loose: LooseFiles, path: string | null, workspaceRoot: string): LspCompleteness | undefined {
  const { nearest, total, counted, firstLeftOut } = loose
  const leftOut = total - nearest.length
  if (leftOut === 0 && counted) return undefined
  const markers = (config.projectMarkers ?? []).join(' or ')
  const from = path === null ? 'the workspace root' : relative(workspaceRoot, path)
  const files = `${counted ? 'the' : 'at least'} ${total} ${config.id} files here`
  const others = leftOut === 0 ? 'could not look at every folder (5,000 at most)' : `not ${leftOut} other${leftOut === 1 ? '' : 's'} (${relative(workspaceRoot, firstLeftOut ?? '')}${counted ? '' : ', and maybe more'})`
  return {
    state: 'partial',
    reason: 'unconfigured',
    message: `no ${markers} covers ${files}, so ${config.id} searched the ${nearest.length} nearest ${from} and ${others}; add one to search the whole workspace`,
  }
}

/**
 * `partial / unconfigured` when files of the server's languages under `scanRoot` lie in folders
 * the server always leaves out (`config.excludedFolders`), so a workspace-wide answer cannot
 * cover them: the message names the nearest and counts the rest, e.g. `pyright leaves out files
 * under folders starting with a dot (.claude/lib/x.py and 2 more)`. `undefined` when there are none.
 */
export function excludedFoldersCompleteness(config: LocalServerConfig, scanRoot: string, cache: CoverageCache, generation: number): LspCompleteness | undefined {
  if (config.excludedFolders === undefined) return undefined
  const cached = cache.get(scanRoot)
  if (cached?.generation === generation) return cached.completeness
  const completeness = countExcluded(config.excludedFolders, config, scanRoot)
  cache.set(scanRoot, { generation, completeness })
  return completeness
}

/**
 * What {@link excludedFoldersCompleteness} found per scan root, and the watched files' generation
 * it holds for (a walk of django's 2,555 folders costs ~45 ms; files created or deleted redo it).
 */
export type CoverageCache = Map<string, { readonly generation: number; readonly completeness: LspCompleteness | undefined }>

function countExcluded(excludedFolders: NonNullable<LocalServerConfig['excludedFolders']>, config: LocalServerConfig, scanRoot: string): LspCompleteness | undefined {
  const { pattern, says } = excludedFolders
  const extensions = new Set(Object.keys(config.extensionToLanguage))
  const { count, first } = filesUnderExcludedFolders(scanRoot, new RegExp(pattern), extensions)
  if (first === undefined) return undefined
  return { state: 'partial', reason: 'unconfigured', message: `${says} (${namedList([first], { total: count })})` }
}

/**
 * `partial / unconfigured` from a server that searches only the files its compile database lists
 * and those it has opened (`LocalServerConfig.compileDatabase`: clangd):
 * - with no database that lists files for the queried file (`database` is none, a flags file, or
 *   unreadable), for a workspace-wide answer and a definition alike: `no compile_commands.json
 *   covers a.c, so clangd searched only the files it has opened; generate one (…)`;
 * - for a workspace-wide answer, when source files the last scan found (`scan`) are neither listed
 *   nor open: how many, naming the nearest.
 * `undefined` when nothing is known to be missing. Paths are shown relative to `workspaceRoot`.
 */
export function compileDatabaseCompleteness(
  config: LocalServerConfig,
  database: CompileDatabase,
  scope: 'workspace' | 'definition',
  place: { readonly path: string | null; readonly workspaceRoot: string },
  scan: SourceScan | undefined,
  isOpen: (path: string) => boolean,
): LspCompleteness | undefined {
  const settings = config.compileDatabase
  if (settings === undefined) return undefined
  const server = basename(config.command)
  const name = basename(settings.files[0] ?? 'compile_commands.json')
  const shown = (path: string): string => relative(place.workspaceRoot, path) || '.'
  const opened = `so ${server} searched only the files it has opened`
  const unconfigured = (message: string): LspCompleteness => ({ state: 'partial', reason: 'unconfigured', message })
  switch (database.kind) {
    case 'none':
      return unconfigured(`no ${name} covers ${place.path === null ? 'the files here' : shown(place.path)}, ${opened}; generate one (${settings.howToGenerate})`)
    case 'flags':
      return unconfigured(`${shown(database.file)} gives flags but lists no files, ${opened}; generate a ${name} (${settings.howToGenerate})`)
    case 'unreadable':
      return unconfigured(`${shown(database.file)} could not be read (${database.why}), ${opened}; generate it again (${settings.howToGenerate})`)
    case 'listing': {
      if (scope !== 'workspace' || scan === undefined) return undefined
      const sources = new Set(settings.sourceExtensions)
      const unlisted = [...scan.files.keys()].filter((path) => sources.has(extensionOf(path)) && !database.listed.has(path) && !isOpen(path))
      const [first] = unlisted
      if (first === undefined) return undefined
      const count = `${scan.complete ? '' : 'at least '}${unlisted.length}`
      return unconfigured(
        `${shown(database.file)} lists no compile command for ${count} source file${unlisted.length === 1 ? '' : 's'} here (${namedList([shown(first)], { total: unlisted.length })}), so ${server} did not search ${unlisted.length === 1 ? 'it' : 'them'}; generate it with every target (${settings.howToGenerate})`,
      )
    }
  }
}

/**
 * `partial / unconfigured` quoting the lasting failures the server reports (see `failureProgressTitle`);
 * for an answer that reaches across files (`reachesAcross`), `partial / unchecked` with what the
 * server's log said its search left out (`Readiness.incomplete`), or `partial / indexing` while the
 * indexing opening its first file starts has not begun (see `Readiness.expect`); else `undefined`.
 */
export function failingCompleteness(
  id: string,
  { failing, overdue, incomplete }: { readonly failing: readonly string[]; readonly overdue: string | undefined; readonly incomplete: readonly string[] },
  reachesAcross: boolean,
): LspCompleteness | undefined {
  if (failing.length > 0) return { state: 'partial', reason: 'unconfigured', message: failing.map((failure) => `${id} reports ${failure}`).join('; ') }
  if (!reachesAcross) return undefined
  if (incomplete.length > 0) return { state: 'partial', reason: 'unchecked', message: incomplete.join('; ') }
  if (overdue === undefined) return undefined
  return { state: 'partial', reason: 'indexing', message: `${id} has not begun ${overdue}, which opening its first file starts; files it has not opened may be missing` }
}
