import type { ClientCapabilities, CompletionItemKind, InitializeParams, SymbolKind } from 'vscode-languageserver-protocol'
import { pathToUri } from '../normalize/uri.js'
import { packageVersion } from '../version.js'

/** Every `SymbolKind` of LSP 3.17 (1 to 26): the normalizer names them all. */
const allSymbolKinds = Array.from({ length: 26 }, (_, index) => (index + 1) as SymbolKind)
/** Every `CompletionItemKind` of LSP 3.17 (1 to 25). */
const allCompletionKinds = Array.from({ length: 25 }, (_, index) => (index + 1) as CompletionItemKind)
/** The code action kinds the tool lists; sub-kinds (`refactor.extract.function`) are included by prefix. */
const codeActionKinds = ['', 'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite', 'source', 'source.organizeImports', 'source.fixAll']

/**
 * What this client really handles, and nothing more (LSP 3.17 §ClientCapabilities): UTF-16
 * positions only, `LocationLink`s, markdown hover, hierarchical document symbols, call hierarchy,
 * signature help with label offsets, pushed and pulled diagnostics, work-done progress, workspace
 * folders and `workspace/configuration`. Features are registered statically, but for watched
 * files and pulled diagnostics, which servers register with `client/registerCapability`.
 *
 * Edits: workspace edits as `documentChanges` with versions and every resource operation (the
 * tool applies them all or nothing: `transactional`), rename with `prepareRename`, code action
 * literals with `codeAction/resolve` of their edit, formatting of documents and ranges,
 * completion with `completionItem/resolve` of detail and documentation, `workspace/willRenameFiles`
 * and `didRenameFiles` (LSP 3.17 §File Operations) for a file moved. No snippets, no change
 * annotations, and `applyEdit: false`: a server cannot make this client edit files.
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
    // A file the tool moves (moveFile): the server's edit first, then the notification.
    fileOperations: { dynamicRegistration: false, willRename: true, didRename: true },
    workspaceEdit: {
      documentChanges: true,
      resourceOperations: ['create', 'rename', 'delete'],
      failureHandling: 'transactional',
      normalizesLineEndings: false,
    },
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
    // pyright offers pull diagnostics only to a client that takes them dynamically, and then
    // stops pushing: it registers `textDocument/diagnostic` after `initialized`.
    diagnostic: { dynamicRegistration: true, relatedDocumentSupport: false },
    rename: { dynamicRegistration: false, prepareSupport: true, prepareSupportDefaultBehavior: 1, honorsChangeAnnotations: false },
    codeAction: {
      dynamicRegistration: false,
      codeActionLiteralSupport: { codeActionKind: { valueSet: codeActionKinds } },
      isPreferredSupport: true,
      disabledSupport: true,
      dataSupport: true,
      resolveSupport: { properties: ['edit'] },
      honorsChangeAnnotations: false,
    },
    formatting: { dynamicRegistration: false },
    rangeFormatting: { dynamicRegistration: false },
    completion: {
      dynamicRegistration: false,
      contextSupport: true,
      completionItemKind: { valueSet: allCompletionKinds },
      completionItem: {
        snippetSupport: false,
        commitCharactersSupport: false,
        documentationFormat: ['markdown', 'plaintext'],
        deprecatedSupport: true,
        preselectSupport: false,
        tagSupport: { valueSet: [1] },
        insertReplaceSupport: false,
        labelDetailsSupport: true,
        resolveSupport: { properties: ['detail', 'documentation'] },
      },
      completionList: { itemDefaults: ['commitCharacters', 'insertTextFormat', 'insertTextMode', 'data'] },
    },
  },
}

/**
 * `InitializeParams` for a server rooted at `rootPath` (LSP 3.17 §Initialize): our `processId`
 * (a server exits when we do), `rootUri` and one workspace folder, {@link clientCapabilities}.
 */
export function initializeParams(rootPath: string, initializationOptions: unknown): InitializeParams {
  const rootUri = pathToUri(rootPath)
  return {
    processId: process.pid,
    clientInfo: { name: 'agent-lsp', version: packageVersion },
    locale: 'en',
    rootPath,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: rootPath.split(/[\\/]/).pop() || rootPath }],
    capabilities: clientCapabilities,
    initializationOptions: initializationOptions ?? null,
    trace: 'off',
  }
}
