import { describe, expect, it } from 'vitest'
import { joinedCompleteness, partialAfter, partialBefore } from './completeness.js'

const complete = { state: 'complete' } as const
const stale = { state: 'partial', reason: 'stale', message: 'a.ts changed' } as const
const note = { reason: 'unresolved', message: '2 places name f' } as const

describe('partial notes joined', () => {
  it('partialAfter keeps an answer partial already with its reason, the note said after', () => {
    expect(partialAfter(stale, note)).toEqual({ state: 'partial', reason: 'stale', message: 'a.ts changed; 2 places name f' })
    expect(partialAfter(complete, note)).toEqual({ state: 'partial', reason: 'unresolved', message: '2 places name f' })
  })

  it('partialBefore leads with the note and its reason', () => {
    expect(partialBefore(stale, note)).toEqual({ state: 'partial', reason: 'unresolved', message: '2 places name f; a.ts changed' })
    expect(partialBefore(complete, note)).toEqual({ state: 'partial', reason: 'unresolved', message: '2 places name f' })
  })

  it('joinedCompleteness is complete only when both are', () => {
    expect(joinedCompleteness(complete, complete)).toEqual(complete)
    expect(joinedCompleteness(complete, stale)).toEqual({ state: 'partial', reason: 'stale', message: 'a.ts changed' })
    expect(joinedCompleteness(stale, complete)).toBe(stale)
    expect(joinedCompleteness(stale, { state: 'partial', ...note })).toEqual({ state: 'partial', reason: 'stale', message: 'a.ts changed; 2 places name f' })
  })
})
