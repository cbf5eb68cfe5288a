import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ExitNotification, ShutdownRequest } from 'vscode-languageserver-protocol'
import { FakeDocumentsRequest, readFakeServerLog, type FakeServerProcessEntry } from './index.js'
import { cleanUp, spawnFake, tempDir } from './test-client.js'

/** Running: it exists and is not a zombie. */
function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]
    return state !== undefined && state !== 'Z'
  } catch {
    return false
  }
}

let helpers: number[] = []
afterEach(async () => {
  await cleanUp()
  for (const pid of helpers) if (alive(pid)) process.kill(pid, 'SIGKILL')
  helpers = []
})

describe('sticky', () => {
  it('ignores SIGTERM, SIGINT, SIGHUP, exit and stdin EOF; logs its pid and its helper that does too', async () => {
    const log = join(await tempDir(), 'fake.log')
    const fake = spawnFake({ sticky: true, log })
    await fake.initialize()
    const [entry] = (await readFakeServerLog(log)).filter((e): e is FakeServerProcessEntry => e.direction === 'process')
    if (entry === undefined) throw new Error('no process entry')
    helpers.push(entry.helperPid)
    expect(entry.pid).toBe(fake.child.pid)
    for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
      fake.child.kill(signal)
      process.kill(entry.helperPid, signal)
    }
    expect(await fake.connection.sendRequest(ShutdownRequest.type)).toBeNull()
    await fake.connection.sendNotification(ExitNotification.type)
    // Handled in order after the signals, shutdown and exit: the fake still answers.
    expect(await fake.connection.sendRequest(FakeDocumentsRequest.type)).toEqual({})
    fake.child.stdin?.end()
    expect([alive(entry.pid), alive(entry.helperPid)]).toEqual([true, true])
    fake.child.kill('SIGKILL')
    expect(await fake.closed).toEqual({ code: null, signal: 'SIGKILL' })
    expect(alive(entry.helperPid)).toBe(true) // its own kill, or its group's, is someone else's job
  })
})
