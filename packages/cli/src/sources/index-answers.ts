import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { LspProviderQuery } from '@agent-lsp/lsp'
import { SOURCES_WALK } from '@agent-lsp/lsp-local/config'
import type { ConfiguredIndex } from '../config-indexes.js'
import type { AnswerSourceOptions } from './answer-source.js'
import type { AnswerSource } from './source-names.js'

/** Where `agent-lsp index` writes a workspace's index, relative to its root (lsp-scip's `DEFAULT_INDEX_PATH`). */
const INDEX_PATH = '.agent-lsp/index.scip'

/** The index side of a command or session, and how a session follows an edited `[[indexes]]`. */
export interface IndexSide {
  readonly answers: Omit<AnswerSourceOptions, 'liveReady' | 'warmUps'>
  /**
   * Search these other repositories from the next query on (a session whose config changed): an
   * unchanged list keeps the indexes read; a changed one reads them again (this workspace's too).
   * Without `lookLater`, the list given at start stays (a one-shot command reads its config once).
   */
  followIndexes(repositories: readonly ConfiguredIndex[]): void
}

/**
 * The index side of `--source` for the workspace `root`, or `undefined` when answers are live
 * only: `live` (other repositories' indexes too), or `auto` without an index file at
 * `<root>/.agent-lsp/index.scip` and no `repositories`, unless `lookLater` (a session that lives
 * on may see one built later, or `[[indexes]]` added to its config). `lsp-scip` is loaded only here.
 * @param warm - see `AnswerSourceOptions.warm`.
 * @param repositories - other repositories' indexes (`[[indexes]]`), whose rows every
 *   `findReferences` and `goToImplementation` answer gets (see `withElsewhere`).
 */
export async function indexAnswers(
  source: AnswerSource,
  root: string,
  options: { readonly lookLater: boolean; readonly warm: boolean; readonly repositories?: readonly ConfiguredIndex[] },
): Promise<IndexSide | undefined> {
  if (source === 'live') return undefined
  const listed = (list: readonly ConfiguredIndex[]) => list.map(({ name, root: repositoryRoot, indexPath }) => ({ name, root: repositoryRoot, indexPath }))
  let repositories = listed(options.repositories ?? [])
  if (source === 'auto' && !options.lookLater && repositories.length === 0 && !existsSync(join(root, INDEX_PATH))) return undefined
  const { createScipLspProvider, defaultScipExtensions, scipOperations } = await import('@agent-lsp/lsp-scip')
  // Replaced when the list changes (its decoded indexes with it); queries in flight finish on the
  // one they started on, which nothing holds afterwards.
  // Files added since the build are looked for as the host's own walks look (no installed packages, virtualenvs, build output).
  const skipFolder = SOURCES_WALK.skip
  let provider = createScipLspProvider({ repositories, skipFolder })
  const answers = {
    source,
    warm: options.warm,
    index: {
      operations: scipOperations,
      extensionToLanguage: defaultScipExtensions,
      query: (...args: Parameters<typeof provider.query>) => provider.query(...args),
      // Looked at per query: an index built later answers from then on.
      covers: (request: LspProviderQuery) => existsSync(join(request.workspaceRoot, INDEX_PATH)),
      extensionsOf: (workspaceRoot: string) => provider.extensionsOf(workspaceRoot),
      ...(repositories.length > 0 || options.lookLater ? { elsewhere: (...args: Parameters<typeof provider.elsewhere>) => provider.elsewhere(...args) } : {}),
    },
  }
  return {
    answers,
    followIndexes(next) {
      const list = listed(next)
      if (!options.lookLater || JSON.stringify(list) === JSON.stringify(repositories)) return
      repositories = list
      provider = createScipLspProvider({ repositories: list, skipFolder })
    },
  }
}
