import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { boundedSignal, untilAborted } from './index.js'

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

  it('passes a rejection of the promise through', async () => {
    await expect(untilAborted(Promise.reject(new Error('failed')), new AbortController().signal)).rejects.toThrow('failed')
  })
})

describe('boundedSignal', () => {
  it('aborts both signals with a TimeoutError when the time is up', async () => {
    const { deadline, signal, release } = boundedSignal(10, undefined)
    await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }))
    expect((deadline.reason as DOMException).name).toBe('TimeoutError')
    expect(signal.reason).toBe(deadline.reason)
    release()
  })

  it("aborts only the signal when the caller aborts, and release() leaves no listener on the caller's", () => {
    const caller = new AbortController()
    const first = boundedSignal(60_000, caller.signal)
    caller.abort(new Error('caller'))
    expect(first.signal.aborted).toBe(true)
    expect(first.deadline.aborted).toBe(false)
    first.release()
    const other = new AbortController()
    const second = boundedSignal(60_000, other.signal)
    second.release()
    expect(getEventListeners(other.signal, 'abort')).toHaveLength(0)
  })
})
