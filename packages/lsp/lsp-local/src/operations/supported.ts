import { LspError, type LspOperation } from '@agent-lsp/lsp'
import type { ServerCapabilities } from 'vscode-languageserver-protocol'
import type { LocalServerConfig } from '../config.js'
import { hasWorkspacePull } from './workspace-diagnostics.js'
import { fileRenameRefusal, fileRenameUnsupported } from './file-renames.js'

/** Which server capability each operation needs (LSP 3.17 §ServerCapabilities). */
const capabilityOf = {
  goToDefinition: 'definitionProvider',
  goToTypeDefinition: 'typeDefinitionProvider',
  findReferences: 'referencesProvider',
  goToImplementation: 'implementationProvider',
  hover: 'hoverProvider',
  signatureHelp: 'signatureHelpProvider',
  incomingCalls: 'callHierarchyProvider',
  outgoingCalls: 'callHierarchyProvider',
  documentSymbol: 'documentSymbolProvider',
  workspaceSymbol: 'workspaceSymbolProvider',
  diagnostics: 'textDocumentSync',
  completion: 'completionProvider',
  rename: 'renameProvider',
  codeActions: 'codeActionProvider',
  format: 'documentFormattingProvider',
  prepareCallHierarchy: 'callHierarchyProvider',
  supertypes: 'typeHierarchyProvider',
  subtypes: 'typeHierarchyProvider',
  // Checked apart (see assertSupported): the server's workspace pull diagnostics, else a project check.
  workspaceDiagnostics: 'diagnosticProvider',
  // Checked apart: workspace.fileOperations.willRename / didRename and their filters.
  willRenameFiles: 'workspace',
  didRenameFiles: 'workspace',
  // Every server takes documents (what `diagnostics` needs): answered by `overlayDiagnostics`, not `runOperation`.
  overlayDiagnostics: 'textDocumentSync',
} as const satisfies Record<LspOperation, keyof ServerCapabilities>

/**
 * Why the server cannot take `operation`: it did not announce the capability (for the file
 * renames, their filters leave `path` out; `workspaceDiagnostics` needs pull diagnostics or a
 * project check). `undefined` when it can.
 */
export function unsupported(capabilities: ServerCapabilities, operation: LspOperation, config: LocalServerConfig, path: string | null): LspError | undefined {
  if (operation === 'willRenameFiles' || operation === 'didRenameFiles') {
    const why = fileRenameRefusal(capabilities, operation, path ?? '')
    return why === undefined ? undefined : fileRenameUnsupported(config.id, operation, why)
  }
  if (operation === 'workspaceDiagnostics') {
    if (config.projectCheck !== undefined || hasWorkspacePull(capabilities)) return undefined
    return new LspError('LSP_UNSUPPORTED_OPERATION', `language server "${config.id}" does not support ${operation} (no workspace pull diagnostics, no project check)`)
  }
  const capability = capabilityOf[operation]
  return capabilities[capability] ? undefined : new LspError('LSP_UNSUPPORTED_OPERATION', `language server "${config.id}" does not support ${operation} (no ${capability})`)
}

/**
 * Refuse an operation the server cannot take (see {@link unsupported}).
 * @throws LspError `LSP_UNSUPPORTED_OPERATION`.
 */
export function assertSupported(capabilities: ServerCapabilities, operation: LspOperation, config: LocalServerConfig, path: string | null): void {
  const refusal = unsupported(capabilities, operation, config, path)
  if (refusal !== undefined) throw refusal
}
