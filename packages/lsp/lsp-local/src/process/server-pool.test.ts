import { afterEach, describe, expect, it, vi } from 'vitest'
import { ServerPool, type ServerPoolBounds } from './server-pool.js'

afterEach(() => {
  vi.useRealTimers()
})

/** A pool of named stand-in sessions, recording which were stopped. */
function pool(bounds: Partial<ServerPoolBounds>) {
  const stopped: string[] = []
  const servers = new ServerPool<string>({ idleShutdownMs: Infinity, maxLiveServers: Infinity, ...bounds }, async (name) => {
    stopped.push(name)
  })
  const use = (root: string, work: () => Promise<unknown> = async () => {}) =>
    servers.use(root, async () => `server ${root}`, async (session) => {
      await session
      return work()
    })
  return { servers, stopped, use }
}

/** A promise and the function that resolves it: work held in flight until released. */
function held(): { promise: Promise<void>; release: () => void } {
  let release = () => {}
  const promise = new Promise<void>((resolve) => (release = resolve))
  return { promise, release }
}

describe('ServerPool', () => {
  it('stops a server idle for idleShutdownMs, counted from the end of its last use', async () => {
    vi.useFakeTimers()
    const { servers, stopped, use } = pool({ idleShutdownMs: 1_000 })
    await use('a')
    await vi.advanceTimersByTimeAsync(999)
    await use('a') // re-arms from its end
    await vi.advanceTimersByTimeAsync(999)
    expect(stopped).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect([stopped, servers.liveCount]).toEqual([['server a'], 0])
  })

  it('never arms the idle timer for Infinity or delays Node timers cannot hold', async () => {
    vi.useFakeTimers()
    for (const idleShutdownMs of [Infinity, 2 ** 31]) {
      const { stopped, use } = pool({ idleShutdownMs })
      await use('a')
      await vi.advanceTimersByTimeAsync(3_000_000_000)
      expect(stopped).toEqual([])
    }
  })

  it('exceeds maxLiveServers while every server is busy, and stops the oldest idle one as soon as it can', async () => {
    const { servers, stopped, use } = pool({ maxLiveServers: 1 })
    const a = held()
    const first = use('a', () => a.promise)
    await use('b') // a is busy: b starts beside it
    expect([servers.liveCount, stopped]).toEqual([1, ['server b']]) // b itself went idle first, and is over the bound
    a.release()
    await first
    expect(servers.liveCount).toBe(1)
  })

  it('keeps nothing when start throws, and keeps a broken start without counting it live', async () => {
    const { servers } = pool({ maxLiveServers: 1 })
    const refused = new Error('keeps crashing')
    await expect(servers.use('a', () => { throw refused }, async () => {})).rejects.toBe(refused)
    const broken = new Error('start failed')
    let starts = 0
    const start = () => {
      starts++
      return Promise.reject(broken)
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(servers.use('b', start, (session) => session)).rejects.toBe(broken)
    }
    expect([starts, servers.liveCount]).toEqual([1, 0])
  })
})
