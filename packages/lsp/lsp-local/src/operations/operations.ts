import type { LspProviderQuery } from '@agent-lsp/lsp'
import { LspError } from '@agent-lsp/lsp'
import { normalizeSignatureHelp } from '../normalize/normalize-signature.js'
import { normalizeDocumentSymbols, normalizeWorkspaceSymbols } from '../normalize/normalize-symbols.js'
import { normalizeHover, normalizeLocations } from '../normalize/normalize.js'
import { protocol } from '../protocol.js'
import { resultLimitCompleteness } from './result-limits.js'
import { offersTsserverPull } from './tsserver-request.js'
import { tsserverWorkspaceSymbols } from './workspace-symbol-tsserver.js'
import { withoutImports } from './implementation-imports.js'
import { implementationsOfEveryProject } from './implementation-tsserver.js'
import { callHierarchy } from './call-hierarchy.js'
import { retryContentModified, type OperationAnswer, type OperationContext } from './context.js'
import { diagnostics } from './diagnostics.js'
import { prepareCallHierarchy, typeHierarchy } from './type-hierarchy.js'
import { workspaceDiagnostics } from './workspace-diagnostics.js'
import { codeActions, completion, format, rename } from './edit-operations.js'
import { renameFiles, renamedPaths } from './file-renames.js'

const {
  DefinitionRequest,
  DocumentSymbolRequest,
  HoverRequest,
  ImplementationRequest,
  ReferencesRequest,
  SignatureHelpRequest,
  SignatureHelpTriggerKind,
  TypeDefinitionRequest,
  WorkspaceSymbolRequest,
} = protocol

/**
 * Run one operation with its LSP requests (LSP 3.17 §Language Features) and normalize the
 * answers. The document is already in sync and the server ready. Positions are zero-based UTF-16.
 * @throws LspError from the requests (`LSP_SERVER_ERROR`, `LSP_CANCELLED`, …) or
 *   `LSP_MALFORMED_RESPONSE`.
 */
export async function runOperation(request: LspProviderQuery, context: OperationContext): Promise<OperationAnswer> {
  const { client, signal, dropped } = context
  const where = (method: string): string => `${context.serverId} ${method}`
  const ask = <R>(send: () => Promise<R>): Promise<R> => retryContentModified(send, context.limits.contentModifiedRetries)
  const textDocument = { uri: context.uri ?? '' }

  switch (request.operation) {
    case 'goToDefinition':
    case 'goToTypeDefinition':
    case 'goToImplementation':
    case 'findReferences': {
      const params = { textDocument, position: request.position }
      const type = {
        goToDefinition: DefinitionRequest.type,
        goToTypeDefinition: TypeDefinitionRequest.type,
        goToImplementation: ImplementationRequest.type,
        findReferences: ReferencesRequest.type,
      }[request.operation]
      const full = request.operation === 'findReferences' ? { ...params, context: { includeDeclaration: true } } : params
      const raw = await ask(() => client.request(type as typeof ReferencesRequest.type, full as never, signal, dropped))
      const locations = normalizeLocations(raw, where(type.method))
      if (request.operation !== 'goToImplementation') return { kind: 'locations', locations }
      if (client.config.implementation !== 'tsserver' || !offersTsserverPull(client.capabilities)) return { kind: 'locations', locations: await withoutImports(locations) }
      const everyProject = await implementationsOfEveryProject(locations, textDocument.uri, request.position, context, ask)
      return everyProject.kind === 'locations' ? { ...everyProject, locations: await withoutImports(everyProject.locations) } : everyProject
    }
    case 'hover': {
      const raw = await ask(() => client.request(HoverRequest.type, { textDocument, position: request.position }, signal, dropped))
      return { kind: 'hover', hover: normalizeHover(raw, where(HoverRequest.method)) }
    }
    case 'signatureHelp': {
      const context = { triggerKind: SignatureHelpTriggerKind.Invoked, isRetrigger: false }
      const raw = await ask(() => client.request(SignatureHelpRequest.type, { textDocument, position: request.position, context }, signal, dropped))
      return { kind: 'signatureHelp', signatureHelp: normalizeSignatureHelp(raw, where(SignatureHelpRequest.method)) }
    }
    case 'incomingCalls':
    case 'outgoingCalls':
      return callHierarchy(request.operation, { textDocument, position: request.position }, context, ask)
    case 'prepareCallHierarchy':
      return prepareCallHierarchy({ textDocument, position: request.position }, context, ask)
    case 'supertypes':
    case 'subtypes':
      return typeHierarchy(request.operation, { textDocument, position: request.position }, context, ask)
    case 'workspaceDiagnostics':
      return workspaceDiagnostics(context, ask)
    case 'documentSymbol': {
      const raw = await ask(() => client.request(DocumentSymbolRequest.type, { textDocument }, signal, dropped))
      return { kind: 'symbols', symbols: normalizeDocumentSymbols(raw, textDocument.uri, where(DocumentSymbolRequest.method)) }
    }
    case 'workspaceSymbol': {
      const everyProject = client.config.workspaceSymbol === 'tsserver' && offersTsserverPull(client.capabilities)
      const raw = everyProject ? await tsserverWorkspaceSymbols(request.query, client, ask, signal) : await ask(() => client.request(WorkspaceSymbolRequest.type, { query: request.query }, signal))
      const cut = resultLimitCompleteness(client.config, request.operation, Array.isArray(raw) ? raw.length : 0)
      return { kind: 'symbols', symbols: normalizeWorkspaceSymbols(raw, where(WorkspaceSymbolRequest.method)), ...(cut ? { completeness: cut } : {}) }
    }
    case 'diagnostics':
      return diagnostics(textDocument.uri, context, ask)
    case 'completion':
      return completion(request.position, context, ask)
    case 'rename':
      return rename(request, context, ask)
    case 'codeActions':
      return codeActions(request, context, ask)
    case 'format':
      return format(request, context, ask)
    case 'willRenameFiles':
    case 'didRenameFiles':
      return renameFiles(request.operation, renamedPaths(request, context), context, ask)
    case 'overlayDiagnostics':
      throw new Error('overlayDiagnostics is answered by answerOverlayDiagnostics, before any document is synced')
    default:
      return assertNever(request)
  }
}

function assertNever(value: never): never {
  throw new LspError('LSP_UNSUPPORTED_OPERATION', `unsupported operation ${JSON.stringify(value)}`)
}
