export type {
  LspCodeAction,
  LspCommand,
  LspCompletionItem,
  LspCompletionItemKind,
  LspCompletionList,
  LspDocumentChange,
  LspFormattingOptions,
  LspTextEdit,
  LspWorkspaceEdit,
} from './edit-types.js'
export type { LspCandidate, LspCrossCheck, LspCrossCheckCounts, LspInStrings, LspUnsearched, LspUnsearchedFile, LspValueUses } from './cross-check-types.js'
export type { LspDiagnostic, LspDiagnosticSeverity } from './diagnostic-types.js'
export type {
  LspCursorOperation,
  LspEditOperation,
  LspFileOperation,
  LspFileRenameOperation,
  LspOperation,
  LspOverlayOperation,
  LspProjectOperation,
  LspResultFor,
  LspWorkspaceOperation,
} from './operations.js'
export type { LspLocation, LspPosition, LspRange } from './positions.js'
export { compareCodeUnits, compareLocations, compareRanges, rangeHolds } from './positions.js'
export { mergeCalls } from './calls.js'
export { joinedCompleteness, partialAfter, partialBefore, type LspPartialNote } from './completeness.js'
export type { LspContext, LspProvider, LspProviderId, LspProviderInfo, LspService } from './provider-types.js'
export type {
  LspCodeActionsRequest,
  LspCursorRequest,
  LspFileRenameRequest,
  LspFileRequest,
  LspFormatRequest,
  LspOverlay,
  LspOverlayDiagnosticsRequest,
  LspProviderQuery,
  LspQueryRequest,
  LspRenameRequest,
  LspWorkspaceDiagnosticsRequest,
  LspWorkspaceSymbolRequest,
} from './requests.js'
export type {
  LspCallHierarchyItemsResult,
  LspCallsResult,
  LspCodeActionsResult,
  LspCompleteness,
  LspCompletionResult,
  LspDiagnosticsResult,
  LspFileDiagnostics,
  LspHover,
  LspHoverResult,
  LspIncompleteReason,
  LspLocationsResult,
  LspNotice,
  LspOverlayDiagnosticsResult,
  LspOverlayFileDiagnostics,
  LspProvenance,
  LspRepository,
  LspFallback,
  LspQueryResult,
  LspSignatureHelpResult,
  LspSymbolsResult,
  LspTypeHierarchyResult,
  LspWorkspaceDiagnosticsResult,
  LspWorkspaceEditResult,
} from './results.js'
export type { LspParameterInformation, LspSignatureHelp, LspSignatureInformation } from './signature-types.js'
export type { LspCall, LspCallHierarchyItem, LspSymbol, LspSymbolKind, LspTypeHierarchyItem } from './symbol-types.js'
export { lspOperations, lspRequestShapes, lspResultKinds } from './operations.js'
export { LspError, type LspErrorCode, type LspErrorOptions, type LspResponseError } from './errors.js'
export { extensionOf, fileNameOf, isValidExtension, isValidFileName, languageOf, type LspLanguageMaps, providerOf } from './extensions.js'
export { createLspService } from './service.js'
export { isEmptyResult } from './empty.js'
export { lspProviderId } from './provider-id.js'
