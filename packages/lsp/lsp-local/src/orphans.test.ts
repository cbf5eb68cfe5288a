// No orphans: a sticky server (ignores SIGTERM, SIGINT, SIGHUP, stdin EOF and exit) and the helper
// child it started are gone within 5 s of dispose(), and of the host's SIGTERM, SIGINT or crash.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { isAlive, waitUntilGone, type FakeServerProcessEntry } from '@agent-lsp/lsp-testing'
import { fakeProvider, workspace } from './fake.test-support.js'
import { assertBuildIsFresh, packageDir } from './processes.test-support.js'

/** The bound: both processes gone within 5 s. */
const GONE_WITHIN_MS = 5_000

/** Kill `pids` after the test whatever happened, so that a failure leaks nothing. */
function reapAfterTest(...pids: number[]): void {
  onTestFinished(() => {
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL')
  })
}

const processEntry = (entries: readonly { direction: string }[]): FakeServerProcessEntry => {
  const entry = entries.find((e): e is FakeServerProcessEntry => e.direction === 'process')
  if (entry === undefined) throw new Error('the sticky fake logged no pids')
  return entry
}

describe('no orphans: a sticky server and its helper child', () => {
  it('are gone within 5 s of dispose() resolving', async () => {
    const fake = fakeProvider(workspace({ 'a.ts': 'const a = 1\n' }), { sticky: true })
    await fake.query('hover')
    const { pid, helperPid } = processEntry(await fake.log())
    reapAfterTest(pid, helperPid)
    expect([isAlive(pid), isAlive(helperPid)]).toEqual([true, true])
    await fake.provider.dispose()
    expect(await waitUntilGone([pid, helperPid], GONE_WITHIN_MS)).toEqual([])
    // It was asked politely first, and ignored it.
    expect((await fake.received()).slice(-2).map((entry) => entry.method)).toEqual(['shutdown', 'exit'])
  })

  /** A host process: starts a sticky fake through the built provider, prints `ready`, then waits (to crash on a line on stdin). */
  const hostScript = `
    import { createLocalLspProvider } from '@agent-lsp/lsp-local'
    import { fakeServerEnv, fakeServerPath } from '@agent-lsp/lsp-testing'
    const { HOST_MODE, HOST_ROOT, HOST_LOG } = process.env
    const provider = createLocalLspProvider({ id: 'fake', command: process.execPath, args: [fakeServerPath],
      extensionToLanguage: { '.ts': 'typescript' }, env: fakeServerEnv({ sticky: true, log: HOST_LOG }) })
    await provider.query({ operation: 'hover', filePath: 'a.ts', position: { line: 0, character: 0 }, workspaceRoot: HOST_ROOT, languageId: 'typescript' })
    process.stdout.write('ready\\n')
    process.stdin.once('data', () => { throw new Error('simulated host crash') })
  `

  it.each([
    ['SIGTERM', { code: null, signal: 'SIGTERM' }],
    ['SIGINT', { code: null, signal: 'SIGINT' }],
    ['an uncaught exception', { code: 1, signal: null }],
  ] as const)('are gone within 5 s of the host receiving %s, which still ends the host as it would', async (what, ending) => {
    assertBuildIsFresh()
    const root = workspace({ 'a.ts': 'const a = 1\n' })
    const log = join(root, '.host-fake-log.jsonl')
    const mode = what === 'an uncaught exception' ? 'throw' : what
    const host = spawn(process.execPath, ['--input-type=module', '-e', hostScript], {
      cwd: packageDir,
      env: { ...process.env, HOST_MODE: mode, HOST_ROOT: root, HOST_LOG: log },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const exited = once(host, 'exit').then(([code, signal]) => ({ code, signal }))
    onTestFinished(() => {
      if (host.exitCode === null && host.signalCode === null) host.kill('SIGKILL')
    })
    let stderr = ''
    host.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    await new Promise<void>((resolve, reject) => {
      host.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
      void exited.then(() => reject(new Error(`the host exited before it was ready: ${stderr}`)))
    })
    const { readFakeServerLog } = await import('@agent-lsp/lsp-testing')
    const { pid, helperPid } = processEntry(await readFakeServerLog(log))
    reapAfterTest(pid, helperPid)
    expect([isAlive(pid), isAlive(helperPid)]).toEqual([true, true])
    if (mode === 'throw') host.stdin.write('crash\n')
    else host.kill(mode)
    expect(await exited).toEqual(ending)
    expect(await waitUntilGone([pid, helperPid], GONE_WITHIN_MS)).toEqual([])
  })
})
