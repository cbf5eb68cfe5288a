// An answer from the index, cross-checked: the cross-check asks the index alone, so the first answer
// does not wait for the cold live server it was answered in place of; occurrences in files the index
// does not hold are left unchecked, named. Real index (scip-typescript), real typescript-language-server.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { LspQueryResult } from '@agent-lsp/lsp'
import { createScipLspProvider, defaultScipExtensions, scipOperations } from '@agent-lsp/lsp-scip'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createLspHost } from '../host.js'
import { INDEX_TIMEOUT_MS, indexedWorkspace } from './indexed.test-support.js'

function rows(result: LspQueryResult, root: string): string[] {
  if (result.kind !== 'locations') throw new Error(`expected locations, got ${result.kind}`)
  return result.locations.map(({ uri, range: { start } }) => `${path.relative(root, new URL(uri).pathname)}:${start.line}:${start.character}`)
}

describe('the cross-check of an answer from the index', () => {
  it('asks the index only: no live server starts, and a file added since the build is named unchecked', async () => {
    const { root } = await indexedWorkspace()
    await writeFile(path.join(root, 'src/c.ts'), 'import { retryLimit } from "./a";\nexport const thrice = retryLimit * 3;\n')
    const index = createScipLspProvider()
    const host = createLspHost(undefined, { answers: { source: 'auto', warm: false, index: { operations: scipOperations, extensionToLanguage: defaultScipExtensions, query: (request, signal) => index.query(request, signal) } } })
    onTestFinished(async () => {
      await host.dispose()
      index.dispose()
    })
    const answer = await host.ctx.lsp.query({ operation: 'findReferences', filePath: 'src/a.ts', position: { line: 0, character: 13 }, workspaceRoot: root })
    expect({ rows: rows(answer, root), source: answer.provenance?.source, completeness: answer.completeness, counts: answer.crossCheck?.counts }).toEqual({
      rows: ['src/a.ts:0:13', 'src/b.ts:0:9', 'src/b.ts:1:21'],
      source: 'index',
      // The index says the file is new to it; the cross-check, that its occurrences went unchecked.
      completeness: {
        state: 'partial',
        reason: 'stale',
        message:
          '1 file added since the index was built (src/c.ts): not in it, so what it holds is missing; rebuild it (agent-lsp index) or ask the live server; 2 of 5 occurrences of retryLimit were left unchecked where goToDefinition answered partial (src/c.ts); they may hold places the server missed',
      },
      counts: { occurrences: 5, listed: 3, added: 0, elsewhere: 0, candidates: 0, commentsOrStrings: 0, generated: 0, keywords: 0, unchecked: 2 },
    })
    // The live server was never started for it.
    expect((await host.status()).servers).toEqual([])
  }, INDEX_TIMEOUT_MS)
})
