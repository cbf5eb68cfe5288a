import { describe, expect, it } from 'vitest'
import { protocol } from '../protocol.js'
import { isWriteFailure, requestError } from './client-errors.js'

const { ErrorCodes, LSPErrorCodes, ResponseError } = protocol
const config = { id: 'fake', command: 'fake-server', extensionToLanguage: { '.ts': 'typescript' } }

describe('requestError', () => {
  // A trial killed typescript-language-server and asked at once: the request failed with
  // "LSP_SERVER_ERROR: … failed textDocument/hover: write EPIPE", vscode-jsonrpc's own code for a
  // message it could not write, as if the server had answered with an error.
  it('says the connection failed (LSP_SERVER_CRASHED) when vscode-jsonrpc could not write, read or keep the connection', () => {
    for (const code of [ErrorCodes.MessageWriteError, ErrorCodes.MessageReadError, ErrorCodes.PendingResponseRejected, ErrorCodes.ConnectionInactive]) {
      const error = requestError(config, 'textDocument/hover', new ResponseError(code, 'write EPIPE'))
      expect([error.code, error.message]).toEqual(['LSP_SERVER_CRASHED', 'language server "fake" connection failed during textDocument/hover: write EPIPE'])
    }
  })

  it('keeps the server’s own errors: cancelled, no handler, any other code', () => {
    const codes = [LSPErrorCodes.RequestCancelled, ErrorCodes.MethodNotFound, ErrorCodes.InternalError].map((code) => requestError(config, 'textDocument/hover', new ResponseError(code, 'boom')).code)
    expect(codes).toEqual(['LSP_CANCELLED', 'LSP_UNSUPPORTED_OPERATION', 'LSP_SERVER_ERROR'])
  })
})

describe('isWriteFailure', () => {
  // vscode-jsonrpc rejects a request it could not write with a ResponseError of code -32099 before
  // the server's exit is seen (a loaded CI machine): the client then waits for the exit.
  it('tells a failed write from other failures', () => {
    const withCode = (code: unknown) => Object.assign(new Error('x'), { code })
    expect([withCode(-32099), withCode('EPIPE'), withCode('ERR_STREAM_DESTROYED'), withCode(-32601), withCode('ENOENT'), undefined].map(isWriteFailure)).toEqual([true, true, true, false, false, false])
  })
})
