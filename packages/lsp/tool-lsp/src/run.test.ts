import path from 'node:path'
import { LspError, type LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { pricingFiles } from './fixtures.test-support.js'
import { runLspQuery } from './run.js'
import { at, complete, failure, fifo, fileUri, stubContext, tempWorkspace } from './workspace.test-support.js'

const references = { operation: 'findReferences', filePath: 'src/app.ts', line: 2, character: 53 }

describe('runLspQuery', () => {
  it("returns the seam's result unrendered, for the request execute would send", async () => {
    const root = await tempWorkspace(pricingFiles)
    const result: LspQueryResult = {
      kind: 'locations',
      locations: [at(fileUri(root, 'src/pricing.ts'), 0, 16, 13)],
      resolvedWorkspaceRoot: root,
      completeness: complete,
    }
    const { ctx, seen } = stubContext(() => result)
    expect(await runLspQuery(ctx, references, { workspaceRoot: root, maxResults: 1 })).toEqual(result)
    expect(seen).toEqual([
      {
        operation: 'findReferences',
        filePath: path.join(root, 'src/app.ts'),
        position: { line: 1, character: 55 },
        workspaceRoot: root,
        languageId: 'typescript',
      },
    ])
  })

  it('codes failures as execute does', async () => {
    const root = await tempWorkspace(pricingFiles)
    fifo(path.join(root, 'src/fifo.ts'))
    const { ctx, seen } = stubContext(() => new Promise<never>(() => {}))
    const run = (input: unknown, signal?: AbortSignal) => failure(runLspQuery(ctx, input, { workspaceRoot: root, timeoutMs: 50 }, signal))
    expect(await run({ ...references, line: 0 })).toEqual({ code: 'LSP_INVALID_INPUT', message: 'line must be an integer >= 1 (got 0)' })
    expect(await run({ ...references, filePath: 'src/fifo.ts', line: 1, character: 1 })).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: `src/fifo.ts is not a regular file (resolved to ${path.join(root, 'src/fifo.ts')})`,
    })
    expect(await run(references, AbortSignal.abort())).toEqual({ code: 'LSP_CANCELLED', message: 'findReferences was cancelled' })
    expect(seen).toEqual([])
    expect(await run(references)).toEqual({ code: 'LSP_TIMEOUT', message: 'findReferences timed out after 50 ms' })
    expect(await failure(runLspQuery(ctx, references, { workspaceRoot: 'relative' }))).toEqual({
      code: 'LSP_INVALID_OPTIONS',
      message: 'invalid lsp tool options: workspaceRoot must be an absolute path (got "relative")',
    })
  })

  it("copies a provider's LspError", async () => {
    const root = await tempWorkspace(pricingFiles)
    const { ctx } = stubContext(() => Promise.reject(new LspError('LSP_SERVER_CRASHED', 'tsserver exited\nwith code 1')))
    expect(await failure(runLspQuery(ctx, references, { workspaceRoot: root }))).toEqual({
      code: 'LSP_SERVER_CRASHED',
      message: 'tsserver exited with code 1',
    })
  })
})
