import { compareLocations, mergeCalls, type LspCall } from '@agent-lsp/lsp'
import { normalizeLocations } from '../normalize/normalize.js'
import { normalizeCallHierarchyItem } from '../normalize/normalize-symbols.js'
import { protocol } from '../protocol.js'
import { copyRange, isRange, isRecord, malformed, preview } from '../normalize/shapes.js'
import { callerCallSites, droppedCallSites } from './call-sites.js'
import type { Ask, OperationAnswer, OperationContext } from './context.js'

const { CallHierarchyIncomingCallsRequest, CallHierarchyOutgoingCallsRequest, CallHierarchyPrepareRequest, ReferencesRequest } = protocol

/**
 * `textDocument/prepareCallHierarchy`, then `callHierarchy/incomingCalls` or `outgoingCalls` for
 * each item (LSP 3.17 §Call Hierarchy); one entry per caller or callee, call sites sorted.
 */
export async function callHierarchy(
  direction: 'incomingCalls' | 'outgoingCalls',
  params: { textDocument: { uri: string }; position: { line: number; character: number } },
  context: OperationContext,
  ask: Ask,
): Promise<OperationAnswer> {
  const { client, signal } = context
  const where = (method: string): string => `${context.serverId} ${method}`
  const prepared = await ask(() => client.request(CallHierarchyPrepareRequest.type, params, signal))
  if (prepared !== null && !Array.isArray(prepared)) throw malformed(where(CallHierarchyPrepareRequest.method), `expected CallHierarchyItem[], got ${preview(prepared)}`)
  const items = prepared ?? []
  const origins = items.map((item) => normalizeCallHierarchyItem(item, where(CallHierarchyPrepareRequest.method)))
  const calls: LspCall[] = []
  let dropped = 0
  for (const [index, item] of items.entries()) {
    if (direction === 'incomingCalls') {
      const what = where(CallHierarchyIncomingCallsRequest.method)
      const raw = await ask(() => client.request(CallHierarchyIncomingCallsRequest.type, { item }, signal))
      const callers = arrayOf(raw, what).map((call): LspCall => {
        const caller = normalizeCallHierarchyItem(isRecord(call) ? call.from : undefined, what)
        return { item: caller, callSites: callSites(call, caller.uri, what) }
      })
      let checked = callers.map((call) => callerCallSites(call, origins[index]!))
      // Sites outside their caller: a macro's (see callerCallSites), placed by the callee's references, asked once.
      if (checked.some((each) => each.dropped > 0)) {
        const references = normalizeLocations(await ask(() => client.request(ReferencesRequest.type, { ...params, context: { includeDeclaration: false } }, signal)), where(ReferencesRequest.method))
        checked = callers.map((call, at) => (checked[at]!.dropped > 0 ? callerCallSites(call, origins[index]!, references) : checked[at]!))
      }
      for (const each of checked) {
        dropped += each.dropped
        if (each.call.callSites.length > 0) calls.push(each.call)
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
  const completeness = droppedCallSites(context.serverId, dropped)
  return { kind: 'calls', direction: direction === 'incomingCalls' ? 'incoming' : 'outgoing', origins, calls: mergeCalls(calls), ...(completeness ? { completeness } : {}) }
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
