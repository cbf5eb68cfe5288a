import type { ClientCapabilities, SymbolKind } from 'vscode-languageserver-protocol'

/** Every `SymbolKind` of LSP 3.17 (1 to 26): the normalizer names them all. */
const allSymbolKinds = Array.from({ length: 26 }, (_, index) => (index + 1) as SymbolKind)

/**
 * What this client really handles, and nothing more (LSP 3.17 §ClientCapabilities): UTF-16
 * positions only, `LocationLink`s, markdown hover, hierarchical document symbols, call hierarchy,
 * signature help with label offsets, pushed and pulled diagnostics, work-done progress, workspace
 * folders and `workspace/configuration`. Features are registered statically.
 */
export const clientCapabilities: ClientCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  window: { workDoneProgress: true, showMessage: {}, showDocument: { support: false } },
  workspace: {
    workspaceFolders: true,
    configuration: true,
    applyEdit: false,
    symbol: { dynamicRegistration: false, symbolKind: { valueSet: allSymbolKinds } },
    didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, willSave: false, willSaveWaitUntil: false, didSave: false },
    hover: { dynamicRegistration: false, contentFormat: ['markdown', 'plaintext'] },
    definition: { dynamicRegistration: false, linkSupport: true },
    typeDefinition: { dynamicRegistration: false, linkSupport: true },
    implementation: { dynamicRegistration: false, linkSupport: true },
    references: { dynamicRegistration: false },
    documentSymbol: { dynamicRegistration: false, hierarchicalDocumentSymbolSupport: true, symbolKind: { valueSet: allSymbolKinds } },
    callHierarchy: { dynamicRegistration: false },
    signatureHelp: {
      dynamicRegistration: false,
      signatureInformation: {
        documentationFormat: ['markdown', 'plaintext'],
        parameterInformation: { labelOffsetSupport: true },
        activeParameterSupport: true,
      },
    },
    publishDiagnostics: { relatedInformation: true, versionSupport: true, codeDescriptionSupport: true },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
  },
}
