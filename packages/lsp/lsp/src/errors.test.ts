import { describe, expect, it } from 'vitest'
import { LspError } from './errors.js'

describe('LspError.describe', () => {
  it('names an LspError by its code and message, anything else as it prints', () => {
    expect(LspError.describe(new LspError('LSP_TIMEOUT', 'goToDefinition timed out after 3 s'))).toBe('LSP_TIMEOUT: goToDefinition timed out after 3 s')
    expect(LspError.describe(new Error('socket closed'))).toBe('Error: socket closed')
    expect(LspError.describe('gone')).toBe('gone')
  })
})
