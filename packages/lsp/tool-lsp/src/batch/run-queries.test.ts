import { afterEach, describe, expect, it, vi } from 'vitest'
import { LspToolError } from '../errors.js'
import { queryLabel, runQueries, type RunOne } from './run-queries.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('runQueries', () => {
  it('shares one deadline: each query gets what is left, one reached after it is not run', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(0)
    const given: number[] = []
    const runOne: RunOne = async (query, timeoutMs) => {
      given.push(timeoutMs)
      // The first query takes 700 ms of the call's 1000, the second the rest.
      vi.setSystemTime(Date.now() + ((query as { operation: string }).operation === 'hover' ? 700 : 300))
      return 'answer'
    }
    const text = await runQueries({ queries: [{ operation: 'hover' }, { operation: 'documentSymbol' }, { operation: 'diagnostics' }] }, 1000, runOne, undefined)
    expect(given).toEqual([1000, 300])
    expect(text).toBe(
      ['## 1/3 hover', 'answer', '', '## 2/3 documentSymbol', 'answer', '', '## 3/3 diagnostics', "LSP_TIMEOUT: not run: the call's 1 s ran out before it"].join('\n'),
    )
  })

  it('refuses fields beside queries, and queries that are no list of 1 to 20', async () => {
    const runOne: RunOne = async () => 'unused'
    const message = (call: { queries: unknown }) => runQueries(call, 1000, runOne, undefined).then(() => 'answered', (error: LspToolError) => `${error.code}: ${error.message}`)
    expect(await message({ queries: [], operation: 'hover' } as never)).toBe('LSP_INVALID_INPUT: queries goes alone: put operation and its fields in each query (remove operation)')
    expect(await message({ queries: [] })).toBe('LSP_INVALID_INPUT: queries must be a list of 1 to 20 queries, each an object with operation and its fields (got 0 queries)')
    expect(await message({ queries: 'hover' })).toBe('LSP_INVALID_INPUT: queries must be a list of 1 to 20 queries, each an object with operation and its fields (got "hover")')
  })

  it('fails the whole call when the caller cancels', async () => {
    const controller = new AbortController()
    const runOne: RunOne = async () => {
      controller.abort()
      throw new LspToolError('LSP_CANCELLED', 'hover was cancelled')
    }
    const outcome = await runQueries({ queries: [{ operation: 'hover' }, { operation: 'hover' }] }, 1000, runOne, controller.signal).catch((error: LspToolError) => `${error.code}: ${error.message}`)
    expect(outcome).toBe('LSP_CANCELLED: the call was cancelled at query 1 of 2')
  })

  it('labels a query by its operation and where it asks', () => {
    expect(queryLabel({ operation: 'findReferences', filePath: 'src/a.ts', line: 3, character: 10 }, 0)).toBe('findReferences src/a.ts:3:10')
    expect(queryLabel({ operation: 'hover', symbol: 'Cart.addItem' }, 0)).toBe('hover Cart.addItem')
    expect(queryLabel({ operation: 'workspaceSymbol', query: 'Cart' }, 0)).toBe('workspaceSymbol "Cart"')
    expect(queryLabel('hover', 2)).toBe('query 3')
  })
})
