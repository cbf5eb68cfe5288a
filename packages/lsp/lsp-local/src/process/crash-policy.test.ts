import { describe, expect, it } from 'vitest'
import { slidingWindowCrashPolicy, slidingWindowMemoryPolicy } from './crash-policy.js'

describe('slidingWindowCrashPolicy', () => {
  const minute = 60_000
  it('restarts up to N crashes in the window, then gives up with a reason', () => {
    const policy = slidingWindowCrashPolicy(2, 3 * minute)
    expect(policy([0], 0)).toEqual({ restart: true })
    expect(policy([0, 10], 10)).toEqual({ restart: true })
    expect(policy([0, 10, 20], 20)).toEqual({ restart: false, reason: 'it crashed 3 times in the last 3 min; not restarting it' })
  })

  it('forgets crashes older than the window', () => {
    const policy = slidingWindowCrashPolicy(2, 3 * minute)
    expect(policy([0, 10, 4 * minute], 4 * minute)).toEqual({ restart: true })
    expect(slidingWindowCrashPolicy(0, 30_000)([0], 1)).toEqual({ restart: false, reason: 'it crashed 1 time in the last 30 s; not restarting it' })
  })
})

describe('slidingWindowMemoryPolicy', () => {
  it('restarts the first two times over the cap in the window and stops at the third', () => {
    const policy = slidingWindowMemoryPolicy(3, 10 * 60_000)
    expect(policy([0], 0)).toEqual({ restart: true })
    expect(policy([0, 10], 10)).toEqual({ restart: true })
    expect(policy([0, 10, 20], 20)).toEqual({ restart: false, reason: 'it went over its memory cap 3 times in the last 10 min; not restarting it' })
    expect(policy([0, 10, 11 * 60_000], 11 * 60_000)).toEqual({ restart: true })
  })
})
