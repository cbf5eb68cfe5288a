// Faults through the tool, against the local provider on the fake server: a hung request and a
// hung initialize. tool-lsp does not depend on lsp-local or lsp-testing, so this test reaches their
// sources by relative path (test-only; nothing in the package imports them).
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { createLspService } from '@agent-lsp/lsp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createLocalLspProvider, type LocalProviderLimits } from '@agent-lsp/lsp-local'
import { fakeServerEnv, fakeServerPath, isAlive, readFakeServerLog, type FakeServerScenario } from '@agent-lsp/lsp-testing'
import { createLspTool } from './tool.js'
import { failure, tempWorkspace } from './workspace.test-support.js'

const files = { 'src/a.ts': 'export const total = 1\nconst twice = total * 2\n' }
const hover = { operation: 'hover', filePath: 'src/a.ts', line: 2, character: 15 }
const references = { operation: 'findReferences', filePath: 'src/a.ts', line: 2, character: 15 }

/** The tool over a local provider running the fake with `scenario`; its log, and its live pids. */
async function faultyTool(scenario: FakeServerScenario, timeoutMs: number, limits: Partial<LocalProviderLimits> = {}) {
  const root = await tempWorkspace(files)
  const log = path.join(root, '.fake-log.jsonl')
  const marker = `agent-lsp-tool-test-${randomUUID()}` // ignored by the fake; finds its processes
  const provider = createLocalLspProvider(
    { id: 'fake', command: process.execPath, args: [fakeServerPath, marker], extensionToLanguage: { '.ts': 'typescript' }, env: fakeServerEnv({ ...scenario, log }) },
    { limits },
  )
  onTestFinished(() => provider.dispose())
  const lsp = createLspService()
  lsp.registerProvider(provider)
  const tool = createLspTool({ lsp }, { workspaceRoot: root, timeoutMs })
  if (!tool) throw new Error('expected the tool to be offered')
  const pids = (): number[] => {
    try {
      return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number)
    } catch {
      return [] // pgrep exits 1 when nothing matches
    }
  }
  return { tool, pids, log: () => readFakeServerLog(log).catch(() => []) }
}

/** Resolve once `check()` holds, re-checking as the event loop turns; the test's timeout bounds it. */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve))
}

// Each waits out a 2-3 s bound on purpose; under a loaded machine (turbo runs every package's
// tests at once) the fake itself may take a second to start, so the tests get room beyond it.
describe('faults through the tool', { timeout: 15_000 }, () => {
  it('times out a hung findReferences at 3 s, cancels that request, and the same process answers the next hover at once', async () => {
    const { tool, pids, log } = await faultyTool({ hang: ['textDocument/references'], hover: { '1': { contents: 'const total: 1' } } }, 3_000)
    expect(await tool.execute(hover)).toBe('const total: 1')
    const [pid] = pids()

    const started = performance.now()
    const error = await failure(tool.execute(references))
    const elapsed = performance.now() - started
    expect(error).toEqual({ code: 'LSP_TIMEOUT', message: 'findReferences timed out after 3 s' })
    expect(elapsed).toBeGreaterThanOrEqual(2_990)
    expect(elapsed).toBeLessThan(4_000)

    const cancelled = async () => (await log()).some((entry) => entry.direction === 'out' && entry.error?.code === -32800)
    await until(cancelled)
    const entries = await log()
    const request = entries.find((entry) => entry.direction === 'in' && entry.method === 'textDocument/references')
    const id = request?.direction === 'in' ? request.id : undefined
    expect(typeof id).toBe('number')
    expect(entries.filter((entry) => entry.direction === 'in' && entry.method === '$/cancelRequest').map((entry) => entry.direction === 'in' && entry.params)).toEqual([{ id }])
    expect(entries.filter((entry) => entry.direction === 'out' && entry.error !== undefined)).toEqual([
      { direction: 'out', id, method: 'textDocument/references', error: { code: -32800, message: 'Request cancelled' } },
    ])

    const again = performance.now()
    expect(await tool.execute(hover)).toBe('const total: 1')
    expect(performance.now() - again).toBeLessThan(1_000)
    expect(pids()).toEqual([pid])
  })

  it('fails a first and a concurrent second call within the startup bound when initialize hangs: one spawn, killed', async () => {
    const { tool, pids, log } = await faultyTool({ initialize: 'hang' }, 20_000, { initializeTimeoutMs: 2_000 })
    const started = performance.now()
    const settled: number[] = []
    const stamped = <T>(answer: Promise<T>): Promise<T> => answer.finally(() => settled.push(performance.now()))
    const first = stamped(failure(tool.execute(hover)))
    await until(async () => pids().length === 1)
    const [pid = -1] = pids()
    // Every process the provider starts meanwhile, so "one spawn" holds although a fake that took
    // longer than the bound to start never got to log its initialize.
    const spawned = new Set([pid])
    const watch = setInterval(() => pids().forEach((seen) => spawned.add(seen)), 25)
    onTestFinished(() => clearInterval(watch))
    const second = stamped(failure(tool.execute(references)))
    const message = 'language server "fake" did not answer initialize within 2 s; it was stopped'
    expect(await Promise.all([first, second])).toEqual([
      { code: 'LSP_TIMEOUT', message },
      { code: 'LSP_TIMEOUT', message },
    ])
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_990)
    // One 2 s bound for both: the second call fails with the first, not a bound after it. (The time
    // from the start is not bounded above: spawning took over 6 s in a CI run at load 16.)
    expect(Math.abs(settled[0]! - settled[1]!)).toBeLessThan(1_500)
    clearInterval(watch)
    expect([...spawned]).toEqual([pid])
    expect((await log()).filter((entry) => entry.direction === 'in' && entry.method === 'initialize').length).toBeLessThanOrEqual(1)
    expect(isAlive(pid)).toBe(false)
    expect(pids()).toEqual([])
  })
})
