import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ExitNotification, ShutdownRequest } from 'vscode-languageserver-protocol'
import { FakeDocumentsRequest, readFakeServerLog, type FakeServerProcessEntry } from '../index.js'
import { isAlive } from './processes.js'
import { cleanUp, spawnFake, tempDir } from './test-client.js'

let helpers: number[] = []
afterEach(async () => {
  await cleanUp()
  for (const pid of helpers) if (isAlive(pid)) process.kill(pid, 'SIGKILL')
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
    expect([isAlive(entry.pid), isAlive(entry.helperPid)]).toEqual([true, true])
    fake.child.kill('SIGKILL')
    expect(await fake.closed).toEqual({ code: null, signal: 'SIGKILL' })
    expect(isAlive(entry.helperPid)).toBe(true) // its own kill, or its group's, is someone else's job
  })
})
