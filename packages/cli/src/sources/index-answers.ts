import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ConfiguredIndex } from '../config-indexes.js'
import type { AnswerSourceOptions } from './answer-source.js'
import type { AnswerSource } from './source-names.js'

/** Where `agent-lsp index` writes a workspace's index, relative to its root (lsp-scip's `DEFAULT_INDEX_PATH`). */
const INDEX_PATH = '.agent-lsp/index.scip'

/**
 * The index side of `--source` for the workspace `root`, or `undefined` when answers are live
 * only: `live` (other repositories' indexes too), or `auto` without an index file at
 * `<root>/.agent-lsp/index.scip` and no `repositories`, unless `lookLater` (a session that lives
 * on may see one built later). `lsp-scip` is loaded only here.
 * @param warm - see `AnswerSourceOptions.warm`.
 * @param repositories - other repositories' indexes (`[[indexes]]`), whose rows every
 *   `findReferences` and `goToImplementation` answer gets (see `withElsewhere`).
 */
export async function indexAnswers(
  source: AnswerSource,
  root: string,
  options: { readonly lookLater: boolean; readonly warm: boolean; readonly repositories?: readonly ConfiguredIndex[] },
): Promise<Omit<AnswerSourceOptions, 'liveReady'> | undefined> {
  if (source === 'live') return undefined
  const repositories = (options.repositories ?? []).map(({ name, root: repositoryRoot, indexPath }) => ({ name, root: repositoryRoot, indexPath }))
  if (source === 'auto' && !options.lookLater && repositories.length === 0 && !existsSync(join(root, INDEX_PATH))) return undefined
  const { createScipLspProvider, defaultScipExtensions, scipOperations } = await import('@agent-lsp/lsp-scip')
  const provider = createScipLspProvider({ repositories })
  const index = {
    operations: scipOperations,
    extensions: Object.keys(defaultScipExtensions),
    query: provider.query.bind(provider),
    ...(repositories.length > 0 ? { elsewhere: provider.elsewhere.bind(provider) } : {}),
  }
  return { source, warm: options.warm, index }
}
