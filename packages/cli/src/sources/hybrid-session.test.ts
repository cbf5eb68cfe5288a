// `--source auto` where the process lives on: a session answers from the index while its live
// server starts, then from the live server once it is ready (in this process, over MCP, and through
// the shared host, which says when its server is ready). Real typescript-language-server, real index.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { LspQueryResult } from '@agent-lsp/lsp'
import { createScipLspProvider, defaultScipExtensions, scipOperations } from '@agent-lsp/lsp-scip'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { hostEnv, mcpSession, run } from '../daemon/host.test-support.js'
import { createLspHost } from '../host.js'
import { INDEX_TIMEOUT_MS, indexedWorkspace, liveReferences } from './indexed.test-support.js'

/** How long a cold typescript-language-server may take to be ready under a loaded machine (ms). */
const LIVE_READY_MS = 90_000

function rows(result: LspQueryResult, root: string): string[] {
  if (result.kind !== 'locations') throw new Error(`expected locations, got ${result.kind}`)
  return result.locations.map(({ uri, range: { start } }) => `${path.relative(root, new URL(uri).pathname)}:${start.line}:${start.character}`)
}

function hostOn(root: string, warm: boolean) {
  const index = createScipLspProvider()
  const host = createLspHost(undefined, { crossCheck: false, answers: { source: 'auto', warm, index: { operations: scipOperations, extensionToLanguage: defaultScipExtensions, query: (request, signal) => index.query(request, signal) } } })
  onTestFinished(async () => {
    await host.dispose()
    index.dispose()
  })
  const references = (file = 'src/a.ts') => host.ctx.lsp.query({ operation: 'findReferences', filePath: file, position: { line: 0, character: 13 }, workspaceRoot: root })
  return { host, references }
}

describe('--source auto in a session', () => {
  it('answers from the index while the live server starts, then live once it is ready (warmed meanwhile)', async () => {
    const { root, manifest } = await indexedWorkspace()
    const { references } = hostOn(root, true)
    const first = await references()
    expect({ rows: rows(first, root), provenance: first.provenance }).toEqual({
      rows: ['src/a.ts:0:13', 'src/b.ts:0:9', 'src/b.ts:1:21'],
      provenance: { source: 'index', index: path.join(root, '.agent-lsp/index.scip'), builtAt: manifest.builtAt, revision: first.provenance?.revision, staleUris: [] },
    })
    const live = await vi.waitFor(async () => {
      const answer = await references()
      expect(answer.provenance).toBeUndefined()
      return answer
    }, { timeout: LIVE_READY_MS, interval: 250 })
    expect({ rows: rows(live, root), completeness: live.completeness }).toEqual({ rows: ['src/a.ts:0:13', 'src/b.ts:0:9', 'src/b.ts:1:21'], completeness: { state: 'complete' } })
  }, INDEX_TIMEOUT_MS + LIVE_READY_MS)

  it('a file the index does not hold is answered live, and from then on the live server answers', async () => {
    const { root } = await indexedWorkspace()
    const { references } = hostOn(root, false)
    expect((await references()).provenance?.source).toBe('index')
    // Added since the build: not in the index (partial/unconfigured), so the live server answers it.
    await writeFile(path.join(root, 'src/c.ts'), 'import { retryLimit } from "./a";\nexport const thrice = retryLimit * 3;\n')
    const added = await references('src/c.ts')
    expect({ rows: rows(added, root), provenance: added.provenance }).toEqual({ rows: ['src/a.ts:0:13', 'src/b.ts:0:9', 'src/b.ts:1:21', 'src/c.ts:0:9', 'src/c.ts:1:22'], provenance: undefined })
    const again = await references()
    expect({ rows: rows(again, root), provenance: again.provenance, uri: again.kind === 'locations' && again.locations[0]?.uri }).toEqual({
      rows: ['src/a.ts:0:13', 'src/b.ts:0:9', 'src/b.ts:1:21', 'src/c.ts:0:9', 'src/c.ts:1:22'],
      provenance: undefined,
      uri: pathToFileURL(path.join(root, 'src/a.ts')).href,
    })
  }, INDEX_TIMEOUT_MS)

  it('agent-lsp mcp: the first call from the index, labelled; later calls live once the server is ready', async () => {
    const { root, fromIndex } = await indexedWorkspace()
    const client = await mcpSession(root, process.env)
    const ask = async () => ((await client.callTool({ name: 'lsp', arguments: { operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 14 } })) as { content: { text: string }[] }).content[0]!.text
    expect(await ask()).toBe(`${fromIndex}\n${liveReferences.trimEnd()}`)
    await vi.waitFor(async () => expect(await ask()).toBe(liveReferences.trimEnd()), { timeout: LIVE_READY_MS, interval: 250 })
  }, INDEX_TIMEOUT_MS + LIVE_READY_MS)

  it('through the shared host: a cold host answers from the index and warms its server; once ready, commands answer live', async () => {
    const { root, fromIndex } = await indexedWorkspace()
    const { env } = hostEnv()
    const references = ['findReferences', 'src/a.ts:1:14']
    expect(await run(references, root, env)).toEqual({ exit: 0, stdout: `${fromIndex}\n${liveReferences}`, stderr: '' })
    await vi.waitFor(async () => expect(await run(references, root, env)).toEqual({ exit: 0, stdout: liveReferences, stderr: '' }), { timeout: LIVE_READY_MS, interval: 250 })
    expect(await run([...references, '--source', 'index'], root, env)).toEqual({ exit: 0, stdout: `${fromIndex}\n${liveReferences}`, stderr: '' })
  }, INDEX_TIMEOUT_MS + LIVE_READY_MS)
})
