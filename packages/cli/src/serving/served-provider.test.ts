// The served provider's fallbacks and disabled operations, on stub backends (no process): which
// candidate is asked, what the answer says, and the exact errors.
import { LspError, type LspProviderQuery, type LspQueryResult } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import { describe, expect, it } from 'vitest'
import { createServedProvider, type ServerBackend } from './served-provider.js'
import type { ServedServer } from './served-server.js'

const config = (id: string): LocalServerConfig => ({ id, command: id, extensionToLanguage: { '.py': 'python' } })
const request: LspProviderQuery = { operation: 'hover', filePath: '/w/a.py', position: { line: 0, character: 0 }, workspaceRoot: '/w', languageId: 'python' } as LspProviderQuery
const answer: LspQueryResult = { kind: 'hover', hover: null, resolvedWorkspaceRoot: '/w', completeness: { state: 'complete' } }

/** Backends by config id: each rejects with its error, or answers; every make and dispose recorded. */
function backends(errors: Record<string, LspError>) {
  const events: string[] = []
  const make = (candidate: LocalServerConfig, slot: string): ServerBackend => {
    events.push(`make ${candidate.id} for ${slot}`)
    return {
      query: async () => {
        events.push(`ask ${candidate.id}`)
        const error = errors[candidate.id]
        if (error) throw error
        return answer
      },
      dispose: async () => void events.push(`dispose ${candidate.id}`),
    }
  }
  return { events, make }
}

const served = (missing?: string): ServedServer => ({
  id: 'python',
  extensionToLanguage: { '.py': 'python' },
  candidates: [{ config: config('python'), ...(missing ? { missing } : {}) }, { config: config('pylsp') }, { config: config('jedi') }],
})

describe('a served provider', () => {
  it('answers from the configured server, with no fallback mark', async () => {
    const { events, make } = backends({})
    expect(await createServedProvider(served(), make).query(request)).toEqual(answer)
    expect(events).toEqual(['make python for python', 'ask python'])
  })

  it('skips a server known to be missing, and says so in the answer', async () => {
    const { events, make } = backends({})
    const result = await createServedProvider(served('/x/pyright-langserver was not found'), make).query(request)
    expect(result).toEqual({ ...answer, fallback: { server: 'pylsp', insteadOf: 'python', reason: '/x/pyright-langserver was not found' } })
    expect(events).toEqual(['make pylsp for python', 'ask pylsp'])
  })

  it('moves on once when servers fail to start (concurrent queries too), and stays there', async () => {
    const { events, make } = backends({
      python: new LspError('LSP_SERVER_START_FAILED', 'language server "python" rejected initialize: boom\nstderr: more'),
      pylsp: new LspError('LSP_SERVER_NOT_FOUND', 'language server "pylsp" is not installed'),
    })
    const provider = createServedProvider(served(), make)
    const fallback = { server: 'jedi', insteadOf: 'python', reason: 'language server "python" rejected initialize: boom; language server "pylsp" is not installed' }
    expect(await Promise.all([provider.query(request), provider.query(request)])).toEqual([{ ...answer, fallback }, { ...answer, fallback }])
    expect(await provider.query(request)).toEqual({ ...answer, fallback })
    expect(events.filter((event) => event.startsWith('make') || event.startsWith('dispose'))).toEqual(['make python for python', 'dispose python', 'make pylsp for python', 'dispose pylsp', 'make jedi for python'])
    expect(provider.serving().server).toBe('jedi')
  })

  it('passes on a failure that is not a failed start, and the last candidate\'s with why the others did not run', async () => {
    const crashed = new LspError('LSP_SERVER_CRASHED', 'language server "python" crashed')
    await expect(createServedProvider(served(), backends({ python: crashed }).make).query(request)).rejects.toBe(crashed)
    const last = new LspError('LSP_SERVER_NOT_FOUND', 'language server "jedi" is not installed')
    const notFound = (id: string) => new LspError('LSP_SERVER_NOT_FOUND', `language server "${id}" is not installed`)
    const error = await createServedProvider(served(), backends({ python: notFound('python'), pylsp: notFound('pylsp'), jedi: last }).make).query(request).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(LspError)
    expect(error).toMatchObject({
      code: 'LSP_SERVER_NOT_FOUND',
      message: 'language server "jedi" is not installed (tried in place of python: language server "python" is not installed; language server "pylsp" is not installed)',
      cause: last,
    })
  })

  it('answers a disabled operation with LSP_UNSUPPORTED_OPERATION naming the setting, asking no server', async () => {
    const { events, make } = backends({})
    const provider = createServedProvider({ ...served(), disabled: { operations: ['hover'], setting: 'disabledOperations in /w/agent-lsp.toml:3' } }, make)
    const error = await provider.query(request).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(LspError)
    expect(error).toMatchObject({ code: 'LSP_UNSUPPORTED_OPERATION', message: 'hover is turned off for python by disabledOperations in /w/agent-lsp.toml:3; remove it there to ask the server' })
    expect(events).toEqual([])
    provider.setDisabled(undefined)
    expect(await provider.query(request)).toEqual(answer)
  })

  it('refuses a search without a file that its measured operations leave out, starting no server; asks it with a file', async () => {
    const { events, make } = backends({})
    const json: ServedServer = { id: 'json', extensionToLanguage: { '.json': 'json' }, candidates: [{ config: config('json'), operations: ['hover', 'documentSymbol'] }] }
    const provider = createServedProvider(json, make)
    const search = { operation: 'workspaceSymbol', query: 'a', filePath: null, workspaceRoot: '/w', languageId: null } as LspProviderQuery
    await expect(provider.query(search)).rejects.toMatchObject({ code: 'LSP_UNSUPPORTED_OPERATION', message: 'language server "json" does not support workspaceSymbol (not among its measured operations)' })
    expect(events).toEqual([])
    // With a file the server is asked, so its refusal names the capability it lacks.
    await provider.query({ ...search, filePath: '/w/a.json', languageId: 'json' } as LspProviderQuery)
    expect(events).toEqual(['make json for json', 'ask json'])
    // Without measured operations (a config's own command) it is asked as before.
    const custom = createServedProvider({ ...json, candidates: [{ config: config('json') }] }, make)
    await custom.query(search)
    expect(events.slice(2)).toEqual(['make json for json', 'ask json'])
  })
})
