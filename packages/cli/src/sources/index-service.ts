import { createLspService, lspProviderId, type LspService } from '@agent-lsp/lsp'
import type { IndexAnswerer } from './answer-source.js'

/**
 * A service whose only provider is `index` (its SCIP answers, for its extensions), for the
 * cross-check of an answer that came from the index: asking the served set instead would start
 * or wait for the cold live server the index answered in place of (`CrossCheckOptions.index`).
 * Its disposal leaves `index` as it is.
 */
export function indexService(index: IndexAnswerer): LspService {
  const lsp = createLspService()
  lsp.registerProvider({ id: lspProviderId('index'), extensionToLanguage: index.extensionToLanguage, query: (request, signal) => index.query(request, signal) })
  return lsp
}
