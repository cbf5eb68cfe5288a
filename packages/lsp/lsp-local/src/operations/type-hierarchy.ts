import type { LspTypeHierarchyItem } from '@agent-lsp/lsp'
import type { TypeHierarchyItem } from 'vscode-languageserver-protocol'
import { compareLocations, LspError } from '@agent-lsp/lsp'
import { normalizeCallHierarchyItem } from '../normalize/normalize-symbols.js'
import { protocol } from '../protocol.js'
import { isRecord, malformed, preview } from '../normalize/shapes.js'
import type { Ask, OperationAnswer, OperationContext } from './context.js'
import { currentSubtypes } from './stale-subtypes.js'

const { CallHierarchyPrepareRequest, ErrorCodes, ProtocolRequestType, TypeHierarchyPrepareRequest, TypeHierarchySubtypesRequest, TypeHierarchySupertypesRequest } = protocol

type Params = { textDocument: { uri: string }; position: { line: number; character: number } }

/**
 * clangd before 15 answers type hierarchies only through its own extension, which predates LSP
 * 3.17 (https://clangd.llvm.org/extensions#type-hierarchy): it advertises `typeHierarchyProvider`
 * but answers `textDocument/prepareTypeHierarchy` with MethodNotFound. `direction` 1 asks for the
 * parents, 0 for the children; `resolve: 1` one level of them (the direct ones, as 3.17 answers).
 */
const ClangdTypeHierarchyRequest = new ProtocolRequestType<Params & { resolve: number; direction: number }, unknown, never, void, void>('textDocument/typeHierarchy')

/** `textDocument/prepareCallHierarchy` alone: the items at the cursor, in the server's order. */
export async function prepareCallHierarchy(params: Params, context: OperationContext, ask: Ask): Promise<OperationAnswer> {
  const what = `${context.serverId} ${CallHierarchyPrepareRequest.method}`
  const raw = await ask(() => context.client.request(CallHierarchyPrepareRequest.type, params, context.signal))
  return { kind: 'callHierarchyItems', items: itemsOf(raw, what, 'CallHierarchyItem[]') }
}

/**
 * `textDocument/prepareTypeHierarchy`, then `typeHierarchy/supertypes` or `subtypes` for each item
 * (LSP 3.17 §Type Hierarchy); clangd's extension where the standard request is not found.
 * Items deduplicated, sorted by URI then position.
 */
export async function typeHierarchy(direction: 'supertypes' | 'subtypes', params: Params, context: OperationContext, ask: Ask): Promise<OperationAnswer> {
  const { client, signal } = context
  const where = (method: string): string => `${context.serverId} ${method}`
  let prepared: unknown
  try {
    prepared = await ask(() => client.request(TypeHierarchyPrepareRequest.type, params, signal))
  } catch (error) {
    if (LspError.isInstance(error) && error.responseError?.code === ErrorCodes.MethodNotFound) return clangdTypeHierarchy(direction, params, context, ask)
    throw error
  }
  const origins = itemsOf(prepared, where(TypeHierarchyPrepareRequest.method), 'TypeHierarchyItem[]')
  const type = direction === 'supertypes' ? TypeHierarchySupertypesRequest : TypeHierarchySubtypesRequest
  const items: LspTypeHierarchyItem[] = []
  // Sent back as the server gave them (their `data` included), once checked by itemsOf.
  for (const item of (prepared ?? []) as TypeHierarchyItem[]) {
    const raw = await ask(() => client.request(type.type, { item }, signal))
    items.push(...itemsOf(raw, where(type.method), 'TypeHierarchyItem[]'))
  }
  return checked({ kind: 'typeHierarchy', direction, origins, items: distinctSorted(items) }, context)
}

/** A subtypes answer with the subtypes the code no longer shows left out and said (see `currentSubtypes`). */
function checked(answer: OperationAnswer & { readonly kind: 'typeHierarchy' }, context: OperationContext): OperationAnswer {
  if (answer.direction !== 'subtypes') return answer
  const { items, completeness } = currentSubtypes(answer.origins, answer.items, context.serverId, context.resolvedWorkspaceRoot)
  return { ...answer, items, ...(completeness ? { completeness } : {}) }
}

async function clangdTypeHierarchy(direction: 'supertypes' | 'subtypes', params: Params, context: OperationContext, ask: Ask): Promise<OperationAnswer> {
  const what = `${context.serverId} ${ClangdTypeHierarchyRequest.method}`
  const request = { ...params, resolve: 1, direction: direction === 'supertypes' ? 1 : 0 }
  const raw = await ask(() => context.client.request(ClangdTypeHierarchyRequest, request, context.signal))
  if (raw === null || raw === undefined) return { kind: 'typeHierarchy', direction, origins: [], items: [] }
  const origin = normalizeCallHierarchyItem(raw, what)
  const related = isRecord(raw) ? (direction === 'supertypes' ? raw.parents : raw.children) : undefined
  const items = itemsOf(related ?? [], what, `${direction === 'supertypes' ? 'parents' : 'children'}: TypeHierarchyItem[]`)
  return checked({ kind: 'typeHierarchy', direction, origins: [origin], items: distinctSorted(items) }, context)
}

/** A `null` or an array of hierarchy items (call and type hierarchy items have the same fields). */
function itemsOf(raw: unknown, what: string, expected: string): LspTypeHierarchyItem[] {
  if (raw === null || raw === undefined) return []
  if (!Array.isArray(raw)) throw malformed(what, `expected ${expected}, got ${preview(raw)}`)
  return raw.map((item) => normalizeCallHierarchyItem(item, what))
}

function distinctSorted(items: readonly LspTypeHierarchyItem[]): LspTypeHierarchyItem[] {
  const byPlace = new Map(items.map((item) => [`${item.uri}#${JSON.stringify(item.selectionRange)}`, item]))
  return [...byPlace.values()].sort((a, b) => compareLocations({ uri: a.uri, range: a.selectionRange }, { uri: b.uri, range: b.selectionRange }))
}
