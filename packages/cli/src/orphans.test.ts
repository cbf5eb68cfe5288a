// No language-server process outlives dispose(): typescript-language-server and the tsserver
// processes it starts are all gone.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createLspHost } from './host.js'
import { tempWorkspace } from './workspace.test-support.js'

/** Pids of the processes below `pid`, recursively. */
function descendants(pid: number): number[] {
  let children: number[]
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number)
  } catch {
    return [] // pgrep exits 1 when there are none
  }
  return children.flatMap((child) => [child, ...descendants(child)])
}

/** Running: it exists and is not a zombie (dead, waiting to be reaped by init). */
function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]
    return state !== undefined && state !== 'Z'
  } catch {
    return false
  }
}

describe('no orphans', () => {
  it('stops typescript-language-server and its tsserver children on dispose', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': '{ "include": ["src"] }', 'src/a.ts': 'export const a = 1;\n' })
    const before = new Set(descendants(process.pid))
    const host = createLspHost()
    await host.ctx.lsp.query({ operation: 'hover', filePath: 'src/a.ts', position: { line: 0, character: 13 }, workspaceRoot: root })
    const started = descendants(process.pid).filter((pid) => !before.has(pid))
    // The server, and the tsserver processes below it (semantic server and typings installer).
    expect(started.length).toBeGreaterThanOrEqual(2)
    await host.dispose()
    // A killed process takes a moment to go; the bound is the issue's: within 5 s of dispose().
    const deadline = Date.now() + 5_000
    while (started.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    expect(started.filter(alive)).toEqual([])
  })
})
