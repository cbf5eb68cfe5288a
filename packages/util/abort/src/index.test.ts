import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { boundedSignal, linkedSignal, onAbort, untilAborted } from './index.js'

describe('untilAborted', () => {
  it('resolves with the promise and leaves no listener on the signal', async () => {
    const controller = new AbortController()
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => untilAborted(Promise.resolve(i), controller.signal)))
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it("rejects with the signal's reason at once when it aborts, or with the given one", async () => {
    const controller = new AbortController()
    const never = new Promise<never>(() => {})
    const pending = untilAborted(never, controller.signal)
    const named = untilAborted(never, controller.signal, () => new Error('named'))
    controller.abort(new Error('stop'))
    await expect(pending).rejects.toThrow('stop')
    await expect(named).rejects.toThrow('named')
    await expect(untilAborted(never, controller.signal)).rejects.toThrow('stop')
  })

  it('holds one listener on the signal while many wait at once (Node warns past 10), and calls each on abort', async () => {
    const controller = new AbortController()
    const never = new Promise<never>(() => {})
    const pending = Array.from({ length: 50 }, () => untilAborted(never, controller.signal))
    const called: number[] = []
    for (let i = 0; i < 3; i++) onAbort(controller.signal, () => called.push(i))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
    controller.abort(new Error('stop'))
    expect((await Promise.allSettled(pending)).map((settled) => settled.status === 'rejected' && (settled.reason as Error).message)).toEqual(Array.from({ length: 50 }, () => 'stop'))
    expect(called).toEqual([0, 1, 2])
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
  })

  it('leaves no unhandled rejection behind when the promise it no longer waits for rejects', async () => {
    // A query rejected after its deadline had passed (the service: "cancelled before it started")
    // was an unhandled rejection, which ends a Node process that does not catch them.
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const aborted = AbortSignal.abort(new Error('deadline'))
      await expect(untilAborted(Promise.reject(new Error('late, already aborted')), aborted)).rejects.toThrow('deadline')
      const controller = new AbortController()
      let rejectLate: (error: Error) => void = () => {}
      const late = untilAborted(new Promise<never>((_, reject) => (rejectLate = reject)), controller.signal)
      controller.abort(new Error('stop'))
      await expect(late).rejects.toThrow('stop')
      rejectLate(new Error('late, after the abort'))
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })

  it('passes a rejection of the promise through', async () => {
    await expect(untilAborted(Promise.reject(new Error('failed')), new AbortController().signal)).rejects.toThrow('failed')
  })
})

describe('onAbort', () => {
  it('removes the shared listener with the last disposer, calls no disposed callback, and calls at once on an aborted signal', () => {
    const controller = new AbortController()
    const called: string[] = []
    const first = onAbort(controller.signal, () => called.push('first'))
    const second = onAbort(controller.signal, () => called.push('second'))
    first()
    first()
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
    second()
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
    const third = onAbort(controller.signal, () => called.push('third'))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
    controller.abort()
    third()
    onAbort(controller.signal, () => called.push('late'))
    expect(called).toEqual(['third', 'late'])
  })
})

describe('linkedSignal', () => {
  it('gives each operation a signal of its own that aborts with the reason, one listener on the parent for all', () => {
    const parent = new AbortController()
    const linked = Array.from({ length: 20 }, () => linkedSignal(parent.signal))
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(1)
    linked[0]!.release()
    const reason = new Error('stop')
    parent.abort(reason)
    expect(linked.map((one) => one.signal?.reason)).toEqual([undefined, ...Array.from({ length: 19 }, () => reason)])
    expect(linkedSignal(undefined).signal).toBeUndefined()
  })
})

describe('boundedSignal', () => {
  it('aborts the signal with a TimeoutError when the time is up, and says the deadline passed', async () => {
    const { deadline, signal, release } = boundedSignal(10, undefined)
    expect(deadline.passed).toBe(false)
    await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
    expect((signal.reason as DOMException).name).toBe('TimeoutError')
    expect(deadline.passed).toBe(true)
    release()
  })

  it("aborts the signal when the caller aborts, the deadline not passed, and release() leaves no listener on the caller's", () => {
    const caller = new AbortController()
    const first = boundedSignal(60_000, caller.signal)
    caller.abort(new Error('caller'))
    expect(first.signal.aborted).toBe(true)
    expect(first.deadline.passed).toBe(false)
    expect(first.signal.reason).toEqual(new Error('caller'))
    first.release()
    const other = new AbortController()
    const second = boundedSignal(60_000, other.signal)
    second.release()
    expect(getEventListeners(other.signal, 'abort')).toHaveLength(0)
  })
})
