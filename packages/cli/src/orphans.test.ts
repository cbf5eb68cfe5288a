// No language-server process outlives dispose(): typescript-language-server and the tsserver
// processes it starts are all gone.
import { descendantPids, waitUntilGone } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { createLspHost } from './host.js'
import { tempWorkspace } from './workspace.test-support.js'

describe('no orphans', () => {
  it('stops typescript-language-server and its tsserver children on dispose', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': '{ "include": ["src"] }', 'src/a.ts': 'export const a = 1;\n' })
    const before = new Set(descendantPids(process.pid))
    const host = createLspHost()
    await host.ctx.lsp.query({ operation: 'hover', filePath: 'src/a.ts', position: { line: 0, character: 13 }, workspaceRoot: root })
    const started = descendantPids(process.pid).filter((pid) => !before.has(pid))
    // The server, and the tsserver processes below it (semantic server and typings installer).
    expect(started.length).toBeGreaterThanOrEqual(2)
    await host.dispose()
    // A killed process takes a moment to go; the bound is the issue's: within 5 s of dispose().
    expect(await waitUntilGone(started, 5_000)).toEqual([])
  })
})
