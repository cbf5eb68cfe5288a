import { brand } from '@agent-lsp/brand'
import type { LspProviderId } from './provider-types.js'

/**
 * Make an {@link LspProviderId} from a string. Validation happens at `registerProvider`
 * (`LSP_INVALID_PROVIDER` for an empty or space-padded id).
 */
export function lspProviderId(id: string): LspProviderId {
  return brand<'LspProviderId'>(id)
}
