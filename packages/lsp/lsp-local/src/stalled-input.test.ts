// A server that stops reading its input (busy in one long computation, as pyright is parsing a
// 50 MB file) fills the pipe, and every later write waits for it. A query must still end at its
// signal, and dispose must still stop the server within its bounds.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fakeProvider, rejection, workspace } from './fake.test-support.js'

const source = 'const a = 1\nconst b = a\n'
/** Longer than a pipe holds (64 KiB on Linux): a change this size cannot be written to a server that reads nothing. */
const pastThePipe = `${source}// ${'x'.repeat(1 << 20)}\n`

describe('a server that stops reading its input', () => {
  it('ends a query at its signal though the document change cannot be written, and is killed on dispose', async () => {
    const root = workspace({ 'a.ts': source })
    const fake = fakeProvider(root, { stopReadingOn: 'textDocument/hover' }, { shutdownTimeoutMs: 200 })
    await fake.query('goToDefinition')
    const stuck = await rejection(fake.query('hover', undefined, AbortSignal.timeout(200)))
    expect([stuck.code, stuck.message]).toEqual(['LSP_CANCELLED', 'textDocument/hover was cancelled'])

    writeFileSync(join(root, 'a.ts'), pastThePipe)
    const asked = performance.now()
    const error = await rejection(fake.query('goToDefinition', undefined, AbortSignal.timeout(200)))
    expect([error.code, error.message]).toEqual(['LSP_CANCELLED', 'textDocument/definition was cancelled'])
    // Unbounded, it would wait forever; the margin is for a loaded machine.
    expect(performance.now() - asked).toBeLessThan(5_000)

    const disposing = performance.now()
    await fake.provider.dispose()
    expect(fake.pids()).toEqual([])
    expect(performance.now() - disposing).toBeLessThan(5_000)
  })
})
