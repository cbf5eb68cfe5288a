// ViewGate: disk queries together, an overlay alone, first come first served; a turn is taken in the
// step that finds the view free, so two callers woken by one turn's end never both take it.
import { describe, expect, it } from 'vitest'
import { ViewGate, type ViewUse } from './view-gate.js'

/** A turn that lasts until `end()`; `events` records when each starts and ends. */
function turns(gate: ViewGate, events: string[]) {
  return (name: string, use: ViewUse, signal?: AbortSignal) => {
    let end = (): void => {}
    const ended = new Promise<void>((resolve) => (end = resolve))
    const done = gate.run(
      use,
      async () => {
        events.push(`${name} starts`)
        await ended
        events.push(`${name} ends`)
        return name
      },
      signal,
      () => new Error(`${name} cancelled`),
    )
    return { done, end }
  }
}

/** Let every pending promise callback run (a few macrotask turns). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
}

describe('ViewGate', () => {
  it('when an overlay ends with an overlay and a disk query waiting on it, the next overlay runs alone, then the query', async () => {
    const events: string[] = []
    const gate = new ViewGate()
    const turn = turns(gate, events)
    const signal = new AbortController().signal
    const a = turn('overlay A', 'overlay', signal)
    await settle()
    const b = turn('overlay B', 'overlay', signal)
    const c = turn('overlay C', 'overlay', signal)
    const query = turn('query', 'disk', signal)
    await settle()
    expect(gate.overlaid).toBe(true)
    a.end()
    await settle()
    expect(events).toEqual(['overlay A starts', 'overlay A ends', 'overlay B starts'])
    b.end()
    await settle()
    c.end()
    await settle()
    query.end()
    expect(await Promise.all([a.done, b.done, c.done, query.done])).toEqual(['overlay A', 'overlay B', 'overlay C', 'query'])
    expect(events).toEqual(['overlay A starts', 'overlay A ends', 'overlay B starts', 'overlay B ends', 'overlay C starts', 'overlay C ends', 'query starts', 'query ends'])
    expect(gate.overlaid).toBe(false)
  })

  it('disk queries run together; an overlay waits for them, and a query asked after it waits behind it', async () => {
    const events: string[] = []
    const gate = new ViewGate()
    const turn = turns(gate, events)
    const one = turn('query 1', 'disk')
    const two = turn('query 2', 'disk')
    await settle()
    expect(gate.overlaid).toBe(false)
    const overlay = turn('overlay', 'overlay')
    const three = turn('query 3', 'disk')
    await settle()
    expect(gate.overlaid).toBe(true)
    one.end()
    await settle()
    two.end()
    await settle()
    overlay.end()
    await settle()
    three.end()
    await Promise.all([one.done, two.done, overlay.done, three.done])
    expect(events).toEqual(['query 1 starts', 'query 2 starts', 'query 1 ends', 'query 2 ends', 'overlay starts', 'overlay ends', 'query 3 starts', 'query 3 ends'])
  })

  it('a caller cancelled while waiting rejects with its reason, takes no turn, and lets those behind it go', async () => {
    const events: string[] = []
    const gate = new ViewGate()
    const turn = turns(gate, events)
    const query = turn('query 1', 'disk')
    const controller = new AbortController()
    const overlay = turn('overlay', 'overlay', controller.signal)
    const behind = turn('query 2', 'disk')
    await settle()
    controller.abort()
    await expect(overlay.done).rejects.toThrow('overlay cancelled')
    await settle()
    expect(events).toEqual(['query 1 starts', 'query 2 starts'])
    expect(gate.overlaid).toBe(false)
    query.end()
    behind.end()
    await Promise.all([query.done, behind.done])
    // The gate is free again: an overlay asked now starts at once.
    const next = turn('overlay 2', 'overlay')
    await settle()
    next.end()
    await next.done
    expect(events).toEqual(['query 1 starts', 'query 2 starts', 'query 1 ends', 'query 2 ends', 'overlay 2 starts', 'overlay 2 ends'])
  })

  it('a signal aborted before the call rejects at once; a turn whose work throws ends all the same', async () => {
    const gate = new ViewGate()
    const controller = new AbortController()
    controller.abort()
    await expect(gate.run('overlay', async () => 'ran', controller.signal, () => new Error('cancelled'))).rejects.toThrow('cancelled')
    await expect(gate.run('overlay', async () => Promise.reject(new Error('failed')), undefined, () => new Error('cancelled'))).rejects.toThrow('failed')
    expect(await gate.run('overlay', async () => 'ran', undefined, () => new Error('cancelled'))).toBe('ran')
  })
})
