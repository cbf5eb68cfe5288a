import type { LspCall, LspCompleteness, LspProviderQuery, LspQueryResult } from '@agent-lsp/lsp'
import { LspError } from '@agent-lsp/lsp'
import type { LanguageServerClient } from './client.js'
import type { LocalProviderLimits } from './config.js'
import { currentDiagnostics } from './current-diagnostics.js'
import { codeActions, completion, format, rename } from './edit-operations.js'
import { normalizeDiagnostics } from './normalize-diagnostics.js'
import { normalizeSignatureHelp } from './normalize-signature.js'
import { normalizeCallHierarchyItem, normalizeDocumentSymbols, normalizeWorkspaceSymbols } from './normalize-symbols.js'
import { compareLocations, normalizeHover, normalizeLocations } from './normalize.js'
import { protocol } from './protocol.js'
import { copyRange, isRange, isRecord, malformed, preview } from './shapes.js'

const {
  CallHierarchyIncomingCallsRequest,
  CallHierarchyOutgoingCallsRequest,
  CallHierarchyPrepareRequest,
  DefinitionRequest,
  DocumentSymbolRequest,
  HoverRequest,
  ImplementationRequest,
  LSPErrorCodes,
  ReferencesRequest,
  SignatureHelpRequest,
  SignatureHelpTriggerKind,
  TypeDefinitionRequest,
  WorkspaceSymbolRequest,
} = protocol

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** A result before the provider adds the root and completeness it knows. */
export type OperationAnswer = DistributiveOmit<LspQueryResult, 'resolvedWorkspaceRoot' | 'completeness'> & {
  /** Set when the operation itself knows the answer is partial (diagnostics not yet published). */
  readonly completeness?: LspCompleteness
}

/** What an operation needs: the running server, the file's URI (`null` without a file), bounds. */
export interface OperationContext {
  readonly client: LanguageServerClient
  readonly serverId: string
  readonly uri: string | null
  readonly limits: LocalProviderLimits
  readonly signal: AbortSignal | undefined
  /** The file's text as the server has it; `null` without a file. */
  readonly text: string | null
  /** Close and reopen the file on the server (see `OpenDocuments.reopen`); `null` without a file. */
  readonly reopen: (() => Promise<void>) | null
}


/**
 * Run one operation with its LSP requests (LSP 3.17 §Language Features) and normalize the
 * answers. The document is already in sync and the server ready. Positions are zero-based UTF-16.
 * @throws LspError from the requests (`LSP_SERVER_ERROR`, `LSP_CANCELLED`, …) or
 *   `LSP_MALFORMED_RESPONSE`.
 */
export async function runOperation(request: LspProviderQuery, context: OperationContext): Promise<OperationAnswer> {
  const { client, signal } = context
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
      const raw = await ask(() => client.request(type as typeof ReferencesRequest.type, full as never, signal))
      return { kind: 'locations', locations: normalizeLocations(raw, where(type.method)) }
    }
    case 'hover': {
      const raw = await ask(() => client.request(HoverRequest.type, { textDocument, position: request.position }, signal))
      return { kind: 'hover', hover: normalizeHover(raw, where(HoverRequest.method)) }
    }
    case 'signatureHelp': {
      const context = { triggerKind: SignatureHelpTriggerKind.Invoked, isRetrigger: false }
      const raw = await ask(() => client.request(SignatureHelpRequest.type, { textDocument, position: request.position, context }, signal))
      return { kind: 'signatureHelp', signatureHelp: normalizeSignatureHelp(raw, where(SignatureHelpRequest.method)) }
    }
    case 'incomingCalls':
    case 'outgoingCalls':
      return callHierarchy(request.operation, { textDocument, position: request.position }, context, ask)
    case 'documentSymbol': {
      const raw = await ask(() => client.request(DocumentSymbolRequest.type, { textDocument }, signal))
      return { kind: 'symbols', symbols: normalizeDocumentSymbols(raw, textDocument.uri, where(DocumentSymbolRequest.method)) }
    }
    case 'workspaceSymbol': {
      const raw = await ask(() => client.request(WorkspaceSymbolRequest.type, { query: request.query }, signal))
      return { kind: 'symbols', symbols: normalizeWorkspaceSymbols(raw, where(WorkspaceSymbolRequest.method)) }
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
    default:
      return assertNever(request)
  }
}

async function callHierarchy(
  direction: 'incomingCalls' | 'outgoingCalls',
  params: { textDocument: { uri: string }; position: { line: number; character: number } },
  context: OperationContext,
  ask: <R>(send: () => Promise<R>) => Promise<R>,
): Promise<OperationAnswer> {
  const { client, signal } = context
  const where = (method: string): string => `${context.serverId} ${method}`
  const prepared = await ask(() => client.request(CallHierarchyPrepareRequest.type, params, signal))
  if (prepared !== null && !Array.isArray(prepared)) throw malformed(where(CallHierarchyPrepareRequest.method), `expected CallHierarchyItem[], got ${preview(prepared)}`)
  const items = prepared ?? []
  const origins = items.map((item) => normalizeCallHierarchyItem(item, where(CallHierarchyPrepareRequest.method)))
  const calls: LspCall[] = []
  for (const item of items) {
    if (direction === 'incomingCalls') {
      const what = where(CallHierarchyIncomingCallsRequest.method)
      const raw = await ask(() => client.request(CallHierarchyIncomingCallsRequest.type, { item }, signal))
      for (const call of arrayOf(raw, what)) {
        const caller = normalizeCallHierarchyItem(isRecord(call) ? call.from : undefined, what)
        calls.push({ item: caller, callSites: callSites(call, caller.uri, what) })
      }
    } else {
      const what = where(CallHierarchyOutgoingCallsRequest.method)
      const origin = normalizeCallHierarchyItem(item, what)
      const raw = await ask(() => client.request(CallHierarchyOutgoingCallsRequest.type, { item }, signal))
      for (const call of arrayOf(raw, what)) {
        calls.push({ item: normalizeCallHierarchyItem(isRecord(call) ? call.to : undefined, what), callSites: callSites(call, origin.uri, what) })
      }
    }
  }
  return { kind: 'calls', direction: direction === 'incomingCalls' ? 'incoming' : 'outgoing', origins, calls: mergeCalls(calls) }
}

/** One entry per item (servers may repeat an item, or a range), call sites deduplicated, sorted. */
function mergeCalls(calls: readonly LspCall[]): LspCall[] {
  const byItem = new Map<string, { item: LspCall['item']; sites: Map<string, LspCall['callSites'][number]> }>()
  for (const { item, callSites } of calls) {
    const key = `${item.uri}#${rangeKey(item.selectionRange)}`
    const entry = byItem.get(key) ?? { item, sites: new Map() }
    for (const site of callSites) entry.sites.set(`${site.uri}#${rangeKey(site.range)}`, site)
    byItem.set(key, entry)
  }
  return [...byItem.values()]
    .map(({ item, sites }) => ({ item, callSites: [...sites.values()].sort(compareLocations) }))
    .sort((a, b) => compareLocations({ uri: a.item.uri, range: a.item.selectionRange }, { uri: b.item.uri, range: b.item.selectionRange }))
}

function rangeKey(range: LspCall['item']['range']): string {
  return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`
}

function callSites(call: unknown, uri: string, what: string): LspCall['callSites'] {
  const ranges = isRecord(call) ? call.fromRanges : undefined
  if (!Array.isArray(ranges) || !ranges.every(isRange)) throw malformed(what, `expected fromRanges: Range[], got ${preview(call)}`)
  return ranges.map((range) => ({ uri, range: copyRange(range) })).sort(compareLocations)
}

function arrayOf(raw: unknown, what: string): unknown[] {
  if (raw === null || raw === undefined) return []
  if (!Array.isArray(raw)) throw malformed(what, `expected an array, got ${preview(raw)}`)
  return raw
}

/** Pulled (`textDocument/diagnostic`) where the server offers it, else the pushed ones for the current version. */
async function diagnostics(uri: string, context: OperationContext, ask: <R>(send: () => Promise<R>) => Promise<R>): Promise<OperationAnswer> {
  const current = await currentDiagnostics(uri, context, ask)
  if (current.raw === undefined) {
    const seconds = context.limits.diagnosticsTimeoutMs / 1000
    return {
      kind: 'diagnostics',
      uri,
      diagnostics: [],
      completeness: { state: 'partial', reason: 'indexing', message: `${context.serverId} published no diagnostics for this version of the file within ${seconds} s` },
    }
  }
  return { kind: 'diagnostics', uri, diagnostics: normalizeDiagnostics(current.raw, current.what) }
}

/** Re-send a request the server answered `ContentModified` (LSP 3.17 §ErrorCodes), a few times. */
async function retryContentModified<R>(send: () => Promise<R>, retries: number): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send()
    } catch (error) {
      const modified = LspError.isInstance(error) && error.responseError?.code === LSPErrorCodes.ContentModified
      if (!modified || attempt >= retries) throw error
    }
  }
}

function assertNever(value: never): never {
  throw new LspError('LSP_UNSUPPORTED_OPERATION', `unsupported operation ${JSON.stringify(value)}`)
}
