import { describe, expect, it } from 'vitest'
import { HarnessError } from './index.js'

describe('HarnessError', () => {
  it('carries code, message and cause', () => {
    const cause = new Error('root')
    const error = new HarnessError('X_FAILED', 'x failed', { cause })
    expect(error).toBeInstanceOf(Error)
    expect(error.code).toBe('X_FAILED')
    expect(error.message).toBe('x failed')
    expect(error.cause).toBe(cause)
    expect(error.name).toBe('HarnessError')
  })

  it('is recognised across copies by its marker, not its prototype', () => {
    const foreign = Object.assign(new Error('copy'), { [Symbol.for('@agent-lsp/errors/HarnessError')]: true })
    expect(HarnessError.isInstance(new HarnessError('A', 'a'))).toBe(true)
    expect(HarnessError.isInstance(foreign)).toBe(true)
    expect(HarnessError.isInstance(new Error('plain'))).toBe(false)
    expect(HarnessError.isInstance({ code: 'A' })).toBe(false)
  })

  it('omits cause when none is given', () => {
    expect('cause' in new HarnessError('A', 'a')).toBe(false)
  })
})
