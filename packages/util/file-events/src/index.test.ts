import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, realpathSync, rmSync, watch, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { acquireBarrier } from './index.js'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

describe('acquireBarrier', () => {
  it('passes only once the events of every write done before it have been delivered', async () => {
    const folder = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-barrier-')))
    folders.push(folder)
    const seen: string[] = []
    const watcher = watch(folder, (_, name) => seen.push(String(name)))
    const barrier = acquireBarrier()!
    try {
      for (let round = 0; round < 20; round++) {
        writeFileSync(join(folder, `f${round}.ts`), 'x')
        expect(await barrier.pass()).toBe(true)
        expect(seen).toContain(`f${round}.ts`)
      }
    } finally {
      watcher.close()
      barrier.release()
    }
  })

  it('answers false, not a hang, once released', async () => {
    const barrier = acquireBarrier()!
    barrier.release()
    barrier.release() // a second release is a no-op
    const other = acquireBarrier()!
    expect(await other.pass()).toBe(true)
    other.release()
  })
})

describe('the barrier folder', () => {
  it('is removed when the process exits while the barrier is still held (a command that never releases it)', () => {
    const temp = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-barrier-exit-')))
    folders.push(temp)
    const built = fileURLToPath(new URL('../dist/index.js', import.meta.url))
    const script = `import { readdirSync } from 'node:fs'; import { acquireBarrier } from ${JSON.stringify(built)}; await acquireBarrier().pass(); console.log(readdirSync(${JSON.stringify(temp)}).length)`
    // While it runs the folder exists (1); once it exited, nothing is left.
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TMPDIR: temp }, encoding: 'utf8' })).toBe('1\n')
    expect(readdirSync(temp)).toEqual([])
  })
})
