import {
  compareCodeUnits,
  LspError,
  type LspCodeAction,
  type LspCodeActionsRequest,
  type LspDiagnostic,
  type LspFormatRequest,
  type LspPosition,
  type LspRange,
  type LspRenameRequest,
} from '@agent-lsp/lsp'
import type { CodeAction, CompletionItem, Diagnostic } from 'vscode-languageserver-protocol'
import { protocol } from '../protocol.js'
import { currentDiagnostics, publishedDiagnostics } from './diagnostics.js'
import { lineAt } from '../sync/lines.js'
import { isBareCommand, normalizeCodeAction } from '../normalize/normalize-code-action.js'
import { filterTextOf, needsResolve, normalizeCompletionItem, rawCompletion } from '../normalize/normalize-completion.js'
import { normalizeWorkspaceEdit, textEditsAsWorkspaceEdit } from '../normalize/normalize-edit.js'
import type { Ask, OperationAnswer, OperationContext } from './context.js'
import { isRange, isRecord, malformed, preview } from '../normalize/shapes.js'

const {
  CodeActionRequest,
  CodeActionResolveRequest,
  CodeActionTriggerKind,
  CompletionRequest,
  CompletionResolveRequest,
  CompletionTriggerKind,
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
  ErrorCodes,
  LSPErrorCodes,
  PrepareRenameRequest,
  RenameRequest,
} = protocol

/**
 * `rename` (LSP 3.17 §Rename): `textDocument/prepareRename` first when the server offers it
 * (`renameProvider.prepareProvider`), then `textDocument/rename`. The edit is returned, never
 * applied.
 * @throws LspError `LSP_CANNOT_RENAME` when prepareRename answers `null` or any error, or rename
 *   answers an error the server raised on purpose (`RequestFailed`, `InvalidParams`, `InvalidRequest`:
 *   tsserver's "You cannot rename this element"); `LSP_MALFORMED_RESPONSE`; request errors.
 */
export async function rename(request: LspRenameRequest, context: OperationContext, ask: Ask): Promise<OperationAnswer> {
  const { client, signal } = context
  const textDocument = { uri: context.uri ?? '' }
  const params = { textDocument, position: request.position }
  const provider = client.capabilities.renameProvider
  if (isRecord(provider) && provider.prepareProvider === true) {
    const what = `${context.serverId} ${PrepareRenameRequest.method}`
    // Any error answer to prepareRename is the server saying no (tsserver: "You cannot rename
    // this element.", sent as InternalError), as editors take it.
    const prepared: unknown = await ask(() => client.request(PrepareRenameRequest.type, params, signal)).catch((error: unknown) => {
      throw refusal(error, 'prepareRename', request.position, true)
    })
    if (prepared === null || prepared === undefined) {
      throw new LspError('LSP_CANNOT_RENAME', `${context.serverId} says the symbol at ${where(request.position)} cannot be renamed`)
    }
    const valid = isRange(prepared) || (isRecord(prepared) && (isRange(prepared.range) || prepared.defaultBehavior === true))
    if (!valid) throw malformed(what, `expected Range, { range, placeholder } or { defaultBehavior }, got ${preview(prepared)}`)
  }
  const raw = await ask(() => client.request(RenameRequest.type, { ...params, newName: request.newName }, signal)).catch((error: unknown) => {
    throw refusal(error, 'rename', request.position)
  })
  return { kind: 'workspaceEdit', edit: normalizeWorkspaceEdit(raw, `${context.serverId} ${RenameRequest.method}`) }
}

/**
 * A server's refusal (a JSON-RPC error answer) as `LSP_CANNOT_RENAME`; anything else unchanged.
 * For `rename` only the codes a server sends on purpose count; with `anyAnswer` (prepareRename)
 * every error answer does.
 */
function refusal(error: unknown, step: string, position: LspPosition, anyAnswer = false): unknown {
  if (!LspError.isInstance(error) || error.code !== 'LSP_SERVER_ERROR') return error
  const code = error.responseError?.code
  const deliberate = anyAnswer || code === LSPErrorCodes.RequestFailed || code === ErrorCodes.InvalidParams || code === ErrorCodes.InvalidRequest
  if (!deliberate) return error
  // vscode-jsonrpc wraps an exception thrown by a server's handler in this sentence.
  const said = (error.responseError?.message ?? error.message).replace(/^Request \S+ failed with message: /, '')
  return new LspError('LSP_CANNOT_RENAME', `cannot rename at ${where(position)}: ${said} (${step})`, { cause: error, ...(error.responseError ? { responseError: error.responseError } : {}) })
}

/** `line:character`, 1-based, for messages. */
function where(position: LspPosition): string {
  return `${position.line + 1}:${position.character + 1}`
}

/**
 * `format` (LSP 3.17 §Document Formatting, §Document Range Formatting): the server's `TextEdit[]`
 * as a workspace edit of the file.
 * @throws LspError `LSP_UNSUPPORTED_OPERATION` for a range without `documentRangeFormattingProvider`.
 */
export async function format(request: LspFormatRequest, context: OperationContext, ask: Ask): Promise<OperationAnswer> {
  const { client, signal } = context
  const uri = context.uri ?? ''
  const options = { tabSize: request.options.tabSize, insertSpaces: request.options.insertSpaces, trimTrailingWhitespace: true, insertFinalNewline: true, trimFinalNewlines: true }
  if (request.range === null) {
    const raw = await ask(() => client.request(DocumentFormattingRequest.type, { textDocument: { uri }, options }, signal))
    return { kind: 'workspaceEdit', edit: textEditsAsWorkspaceEdit(raw, uri, `${context.serverId} ${DocumentFormattingRequest.method}`) }
  }
  if (!client.capabilities.documentRangeFormattingProvider) {
    throw new LspError('LSP_UNSUPPORTED_OPERATION', `language server "${context.serverId}" does not support formatting a range (no documentRangeFormattingProvider)`)
  }
  const range = request.range
  const raw = await ask(() => client.request(DocumentRangeFormattingRequest.type, { textDocument: { uri }, range, options }, signal))
  return { kind: 'workspaceEdit', edit: textEditsAsWorkspaceEdit(raw, uri, `${context.serverId} ${DocumentRangeFormattingRequest.method}`) }
}

/**
 * `codeActions` (LSP 3.17 §Code Action Request): the actions for `range`, with the diagnostics
 * given, or (for `null`) those the server reported overlapping the range, asked once the server has
 * settled on the file's diagnostics (`publishedDiagnostics` for typescript-language-server, whose
 * actions read what it published; `currentDiagnostics` for the others). An action that comes
 * without an edit is completed with `codeAction/resolve` when the server offers it
 * (`codeActionProvider.resolveProvider`), at most `limits.codeActionResolveLimit` of them (one
 * whose resolve fails stays without an edit); a bare `Command` is listed with no edit.
 */
export async function codeActions(request: LspCodeActionsRequest, context: OperationContext, ask: Ask): Promise<OperationAnswer> {
  const { client, signal } = context
  const uri = context.uri ?? ''
  const what = `${context.serverId} ${CodeActionRequest.method}`
  const wantsFixes = request.only === null || request.only.some((kind) => kind === 'quickfix' || 'quickfix'.startsWith(`${kind}.`))
  // Waited for in any case: a server's actions follow the diagnostics it has published (typescript-
  // language-server offers no fix-all source action while its check of the file is under way, and
  // fixes none it has not published), so a list asked before they settled was shorter.
  // tsserver's pull is not what typescript-language-server's actions read; a server with pull
  // diagnostics (pyright) publishes none, so its pull is its verdict.
  const { raw: settled } = context.client.config.diagnostics?.pull === 'tsserver' ? await publishedDiagnostics(uri, context) : await currentDiagnostics(uri, context, ask)
  const known = Array.isArray(settled) ? settled : []
  const diagnostics = request.diagnostics !== null ? request.diagnostics.map(toWireDiagnostic) : wantsFixes ? overlapping(known, request.range) : []
  const params = {
    textDocument: { uri },
    range: request.range,
    context: { diagnostics, triggerKind: CodeActionTriggerKind.Invoked, ...(request.only === null ? {} : { only: [...request.only] }) },
  }
  const raw: unknown = await ask(() => client.request(CodeActionRequest.type, params, signal))
  if (raw !== null && raw !== undefined && !Array.isArray(raw)) throw malformed(what, `expected (Command | CodeAction)[], got ${preview(raw)}`)
  const provider = client.capabilities.codeActionProvider
  const canResolve = isRecord(provider) && provider.resolveProvider === true
  let resolveBudget = context.limits.codeActionResolveLimit
  const actions: LspCodeAction[] = []
  for (const item of (raw ?? []) as unknown[]) {
    if (canResolve && isRecord(item) && !isBareCommand(item) && item.edit === undefined && item.disabled === undefined && resolveBudget > 0) {
      resolveBudget--
      const resolved: unknown = await ask(() => client.request(CodeActionResolveRequest.type, item as unknown as CodeAction, signal)).catch(keepOnServerError(item))
      actions.push(normalizeCodeAction(resolved, `${context.serverId} ${CodeActionResolveRequest.method}`))
    } else {
      actions.push(normalizeCodeAction(item, what))
    }
  }
  return { kind: 'codeActions', actions }
}

/** The diagnostics whose range touches `range` (an empty range at either end counts). */
function overlapping(diagnostics: readonly unknown[], range: LspRange): Diagnostic[] {
  const before = (a: LspPosition, b: LspPosition): boolean => a.line < b.line || (a.line === b.line && a.character < b.character)
  return diagnostics.filter((raw): raw is Diagnostic => {
    if (!isRecord(raw) || !isRange(raw.range)) return false
    return !before(raw.range.end, range.start) && !before(range.end, raw.range.start)
  })
}

const severityNumbers = { Error: 1, Warning: 2, Information: 3, Hint: 4 } as const

function toWireDiagnostic(diagnostic: LspDiagnostic): Diagnostic {
  return {
    range: diagnostic.range,
    severity: severityNumbers[diagnostic.severity],
    message: diagnostic.message,
    ...(diagnostic.code === undefined ? {} : { code: diagnostic.code }),
    ...(diagnostic.source === undefined ? {} : { source: diagnostic.source }),
  }
}

/**
 * `completion` (LSP 3.17 §Completion Request), invoked at the cursor. Items are kept when their
 * filter text starts with the identifier typed before the cursor (case-insensitive), as editors
 * filter, sorted by `sortText` then label; the first `limits.completionResolveLimit` that lack a
 * detail or documentation are completed with `completionItem/resolve` when the server offers it
 * (`completionProvider.resolveProvider`).
 */
export async function completion(position: LspPosition, context: OperationContext, ask: Ask): Promise<OperationAnswer> {
  const { client, signal } = context
  const uri = context.uri ?? ''
  const what = `${context.serverId} ${CompletionRequest.method}`
  const params = { textDocument: { uri }, position, context: { triggerKind: CompletionTriggerKind.Invoked } }
  const list = rawCompletion(await ask(() => client.request(CompletionRequest.type, params, signal)), what)
  if (list === null) return { kind: 'completion', completion: null }
  const typed = prefixBefore(context.text ?? '', position).toLowerCase()
  const items = list.items
    .filter((item) => filterTextOf(item).toLowerCase().startsWith(typed))
    .map((item, order) => ({ item, order, sortText: typeof item.sortText === 'string' ? item.sortText : (item.label as string) }))
    // Code-unit order throughout: localeCompare would load ICU collation (3 MB of the host's RSS).
    .sort((a, b) => compareCodeUnits(a.sortText, b.sortText) || compareCodeUnits(a.item.label as string, b.item.label as string) || a.order - b.order)
    .map(({ item }) => item)
  const provider = client.capabilities.completionProvider
  const canResolve = isRecord(provider) && provider.resolveProvider === true
  let budget = context.limits.completionResolveLimit
  const resolvedWhat = `${context.serverId} ${CompletionResolveRequest.method}`
  const normalized = []
  for (const item of items) {
    if (canResolve && budget > 0 && needsResolve(item)) {
      budget--
      const resolved: unknown = await ask(() => client.request(CompletionResolveRequest.type, item as unknown as CompletionItem, signal)).catch(keepOnServerError(item))
      if (!isRecord(resolved) || typeof resolved.label !== 'string') throw malformed(resolvedWhat, `expected CompletionItem, got ${preview(resolved)}`)
      normalized.push(normalizeCompletionItem({ ...item, ...resolved }, resolvedWhat))
    } else {
      normalized.push(normalizeCompletionItem(item, what))
    }
  }
  return { kind: 'completion', completion: { isIncomplete: list.isIncomplete, items: normalized } }
}

/**
 * A resolve the server answered with an error leaves the item as it was (listed without its
 * detail, or an action without an edit), as editors do; cancellation and crashes still fail.
 */
function keepOnServerError(item: unknown): (error: unknown) => unknown {
  return (error) => {
    if (LspError.isInstance(error) && error.code === 'LSP_SERVER_ERROR') return item
    throw error
  }
}

/** The identifier characters just before `position` on its line (what the user has typed of a name). */
function prefixBefore(text: string, position: LspPosition): string {
  const line = lineAt(text, position.line) ?? ''
  return /[\p{L}\p{N}_$]*$/u.exec(line.slice(0, position.character))?.[0] ?? ''
}
