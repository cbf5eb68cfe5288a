// What the stub-wire tests of the remote host (remote-*.test.ts) answer with.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { LspQueryResult } from '@agent-lsp/lsp'

/** The one row of `src/a.ts` (`retryLimit`), answered live or labelled as the index's. */
export function retryLimitRow(root: string, source: 'live' | 'index'): LspQueryResult {
  const uri = pathToFileURL(path.join(root, 'src/a.ts')).href
  return {
    kind: 'locations',
    locations: [{ uri, range: { start: { line: 0, character: 13 }, end: { line: 0, character: 23 } } }],
    resolvedWorkspaceRoot: root,
    completeness: { state: 'complete' },
    ...(source === 'index' ? { provenance: { source: 'index', index: path.join(root, '.agent-lsp/index.scip'), builtAt: '2026-12-03T00:00:00.000Z', revision: 'sha256:0', staleUris: [] } } : {}),
  }
}
