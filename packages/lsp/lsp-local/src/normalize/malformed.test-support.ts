// Test support (not exported): the message of the LSP_MALFORMED_RESPONSE a normalizer throws.
import { LspError } from '@agent-lsp/lsp'

/** The message of the `LSP_MALFORMED_RESPONSE` that `run` throws; rethrows any other error, fails when it returns. */
export function malformedMessage(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (LspError.isInstance(error) && error.code === 'LSP_MALFORMED_RESPONSE') return error.message
    throw error
  }
  throw new Error('expected LSP_MALFORMED_RESPONSE')
}
