import { describe, expect, it } from 'vitest'
import { serverMessage } from './server-message.js'

describe('server messages', () => {
  it('keeps what precedes the stack trace, on one line, without repeats', () => {
    const tsserver = '<main> TypeScript Server Error (5.9.3)\nNo Project.\nError: No Project.\n    at Object.ThrowNoProject (tsserver.js:1:2)\n    at process.processTicksAndRejections (node:internal)'
    expect(serverMessage(tsserver)).toBe('<main> TypeScript Server Error (5.9.3) No Project.')
    expect(serverMessage('Request textDocument/hover failed.')).toBe('Request textDocument/hover failed.')
    expect(serverMessage('  \n')).toBe('')
  })
})
