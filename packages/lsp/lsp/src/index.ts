export type {
  LspCompleteness,
  LspContext,
  LspCursorOperation,
  LspCursorRequest,
  LspHover,
  LspHoverResult,
  LspIncompleteReason,
  LspLocation,
  LspLocationsResult,
  LspOperation,
  LspPosition,
  LspProvider,
  LspProviderId,
  LspProviderInfo,
  LspProviderQuery,
  LspQueryRequest,
  LspQueryResult,
  LspRange,
  LspResultFor,
  LspService,
} from './types.js'
export { lspOperations, lspResultKinds } from './types.js'
export { LspError, type LspErrorCode, type LspErrorOptions, type LspResponseError } from './errors.js'
export { extensionOf, isValidExtension } from './extensions.js'
export { createLspService } from './service.js'
export { lspProviderId } from './provider-id.js'
