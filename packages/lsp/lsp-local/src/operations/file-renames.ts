import { LspError, type LspFileRenameRequest } from '@agent-lsp/lsp'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import picomatch from 'picomatch'
import type { ServerCapabilities } from 'vscode-languageserver-protocol'
import { protocol } from '../protocol.js'
import { normalizeWorkspaceEdit } from '../normalize/normalize-edit.js'
import { isRecord } from '../normalize/shapes.js'
import { pathToUri, uriToPath } from '../normalize/uri.js'
import type { Ask, OperationAnswer, OperationContext } from './context.js'

const { DidRenameFilesNotification, WillRenameFilesRequest } = protocol

/** Which `workspace.fileOperations` registration each operation needs (LSP 3.17 §ServerCapabilities). */
const registrationOf = { willRenameFiles: 'willRename', didRenameFiles: 'didRename' } as const

/**
 * Whether the server takes `operation` for the file at `path` (absolute): it registered
 * `workspace.fileOperations.willRename` (or `didRename`) with a filter that matches it, a
 * `file:` filter whose glob (picomatch, on the absolute path with `/` separators) matches and
 * whose `matches` is absent or `file` (LSP 3.17 §FileOperationRegistrationOptions).
 * @returns `undefined` when it does, else why not (one phrase, for the error).
 */
export function fileRenameRefusal(capabilities: ServerCapabilities, operation: LspFileRenameRequest['operation'], path: string): string | undefined {
  const key = registrationOf[operation]
  const registration: unknown = capabilities.workspace?.fileOperations?.[key]
  const filters: unknown = isRecord(registration) ? registration.filters : undefined
  if (!Array.isArray(filters)) return `no workspace.fileOperations.${key}`
  const filePath = path.split('\\').join('/')
  const matching = filters.some((filter: unknown) => {
    const pattern = isRecord(filter) ? filter.pattern : undefined
    if (!isRecord(filter) || !isRecord(pattern) || typeof pattern.glob !== 'string') return false
    if (filter.scheme !== undefined && filter.scheme !== 'file') return false
    if (pattern.matches === 'folder') return false
    const ignoreCase = isRecord(pattern.options) && pattern.options.ignoreCase === true
    return picomatch(pattern.glob, { dot: true, nocase: ignoreCase })(filePath)
  })
  return matching ? undefined : `its workspace.fileOperations.${key} filters leave out ${filePath}`
}

/**
 * `willRenameFiles` (LSP 3.17 §WillRenameFiles): the edit the server wants applied with the move
 * of `from` to `to` (absolute paths), as a workspace edit (never applied here); `didRenameFiles`
 * (§DidRenameFiles): the notification that the move happened, answered with `edit: null`.
 * The caller has checked the capability (see {@link fileRenameRefusal}).
 * @throws LspError `LSP_MALFORMED_RESPONSE`; request errors (`LSP_SERVER_ERROR`, `LSP_CANCELLED`).
 */
export async function renameFiles(
  operation: LspFileRenameRequest['operation'],
  files: { readonly from: string; readonly to: string },
  context: OperationContext,
  ask: Ask,
): Promise<OperationAnswer> {
  const { client, signal } = context
  const params = { files: [{ oldUri: pathToUri(files.from), newUri: pathToUri(files.to) }] }
  if (operation === 'didRenameFiles') {
    await client.notify(DidRenameFilesNotification.type, params)
    return { kind: 'workspaceEdit', edit: null }
  }
  const raw = await ask(() => client.request(WillRenameFilesRequest.type, params, signal))
  return { kind: 'workspaceEdit', edit: normalizeWorkspaceEdit(raw, `${context.serverId} ${WillRenameFilesRequest.method}`) }
}

/** The `LSP_UNSUPPORTED_OPERATION` of a server that does not take a file rename, naming it and why. */
export function fileRenameUnsupported(serverId: string, operation: LspFileRenameRequest['operation'], why: string): LspError {
  return new LspError('LSP_UNSUPPORTED_OPERATION', `language server "${serverId}" does not support ${operation} (${why})`)
}

/**
 * The move's two absolute paths: the queried file (`context.uri`: the old path for
 * `willRenameFiles`, the new one for `didRenameFiles`) and the other name, resolved against the
 * request's root and put under the resolved root as the queried file is.
 * @throws LspError `LSP_OUTSIDE_WORKSPACE` when the other name is outside the workspace.
 */
export function renamedPaths(request: LspFileRenameRequest, context: OperationContext): { from: string; to: string } {
  const queried = uriToPath(context.uri ?? '') ?? ''
  const given = request.operation === 'willRenameFiles' ? request.newPath : request.filePath
  const requested = resolve(request.workspaceRoot, given)
  const inRequested = relative(resolve(request.workspaceRoot), requested)
  const inResolved = relative(context.resolvedWorkspaceRoot, requested)
  const inside = (rel: string): boolean => rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
  const other = inside(inRequested) ? join(context.resolvedWorkspaceRoot, inRequested) : inside(inResolved) ? requested : undefined
  if (other === undefined) throw new LspError('LSP_OUTSIDE_WORKSPACE', `${given} is outside the workspace ${context.resolvedWorkspaceRoot}`)
  return request.operation === 'willRenameFiles' ? { from: queried, to: other } : { from: other, to: queried }
}
