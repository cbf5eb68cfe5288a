import type { LspCompleteness } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'
import { filesUnderExcludedFolders } from '../sync/excluded-files.js'

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
  const more = count > 1 ? ` and ${count - 1} more` : ''
  return { state: 'partial', reason: 'unconfigured', message: `${says} (${first}${more})` }
}
