import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { AnswerSourceOptions } from './answer-source.js'
import type { AnswerSource } from './source-names.js'

/** Where `agent-lsp index` writes a workspace's index, relative to its root (lsp-scip's `DEFAULT_INDEX_PATH`). */
const INDEX_PATH = '.agent-lsp/index.scip'

/**
 * The index side of `--source` for the workspace `root`, or `undefined` when answers are live
 * only: `live`, or `auto` without an index file at `<root>/.agent-lsp/index.scip` unless
 * `lookLater` (a session that lives on may see one built later). `lsp-scip` is loaded only here.
 * @param warm - see `AnswerSourceOptions.warm`.
 */
export async function indexAnswers(source: AnswerSource, root: string, options: { readonly lookLater: boolean; readonly warm: boolean }): Promise<Omit<AnswerSourceOptions, 'liveReady'> | undefined> {
  if (source === 'live') return undefined
  if (source === 'auto' && !options.lookLater && !existsSync(join(root, INDEX_PATH))) return undefined
  const { createScipLspProvider, defaultScipExtensions, scipOperations } = await import('@agent-lsp/lsp-scip')
  const provider = createScipLspProvider()
  const index = { operations: scipOperations, extensions: Object.keys(defaultScipExtensions), query: provider.query.bind(provider) }
  return { source, warm: options.warm, index }
}
