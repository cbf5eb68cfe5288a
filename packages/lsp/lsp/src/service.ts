import { linkedSignal } from '@agent-lsp/abort'
import { LspError } from './errors.js'
import { extensionOf, fileNameOf, isValidExtension, isValidFileName, stemMatches } from './extensions.js'
import { mergeSymbolResults, mergeWorkspaceDiagnostics } from './merge.js'
import { type LspOperation, lspRequestShapes, type LspResultFor, lspResultKinds } from './operations.js'
import type { LspPosition, LspRange } from './positions.js'
import type { LspProvider, LspProviderId, LspProviderInfo, LspService } from './provider-types.js'
import type {
  LspCodeActionsRequest,
  LspCursorRequest,
  LspFileRenameRequest,
  LspFormatRequest,
  LspOverlayDiagnosticsRequest,
  LspProviderQuery,
  LspQueryRequest,
  LspRenameRequest,
  LspWorkspaceDiagnosticsRequest,
  LspWorkspaceSymbolRequest,
} from './requests.js'
import type { LspQueryResult, LspSymbolsResult, LspWorkspaceDiagnosticsResult } from './results.js'

/**
 * Create the `ctx.lsp` service: an empty registry of providers and per-query selection by
 * file name or extension (`languageOf`'s order). See {@link LspService} for each method's contract and error codes.
 *
 * Each provider query gets a signal of its own, aborted with the caller's reason when the caller's
 * aborts (see `linkedSignal`): what a provider hangs on it is that query's alone, so a caller
 * asking about many files at once on one signal (every file of a rename, every match of a name)
 * leaves one listener on it, not a few per file (Node warns past 10).
 */
export function createLspService(): LspService {
  const byId = new Map<LspProviderId, LspProvider>()
  const byExtension = new Map<string, { provider: LspProvider; languageId: string }>()
  /** Lowercased file names and `Stem.*` names; `name` as registered. */
  const byFileName = new Map<string, { provider: LspProvider; languageId: string; name: string }>()
  let disposed = false

  const assertLive = (): void => {
    if (disposed) throw new LspError('LSP_DISPOSED', 'the LSP service has been disposed')
  }

  const ownerOf = (filePath: string): { provider: LspProvider; languageId: string } => {
    const extension = extensionOf(filePath)
    const name = fileNameOf(filePath).toLowerCase()
    const owner = byFileName.get(name) ?? byExtension.get(extension) ?? stemOwner(name)
    if (owner) return owner
    const what = extension === '' ? `files without an extension (${filePath})` : extension
    throw new LspError('LSP_UNAVAILABLE', `no language server configured for ${what}`)
  }

  /** The owner of a `Stem.*` file name that `name` (lowercased) matches (`dockerfile.prod`). */
  const stemOwner = (name: string): { provider: LspProvider; languageId: string } | undefined => {
    for (const [key, owner] of byFileName) {
      if (stemMatches(key, name)) return owner
    }
    return undefined
  }

  /** A workspace symbol search or workspace diagnostics without a file: every provider, answers merged. */
  const fanOut = async (request: LspWorkspaceSymbolRequest | LspWorkspaceDiagnosticsRequest, signal?: AbortSignal): Promise<LspQueryResult> => {
    const providers = [...byId.values()]
    if (providers.length === 0) throw new LspError('LSP_UNAVAILABLE', 'no language server is configured')
    const settled = await Promise.allSettled(
      providers.map(async (provider) => {
        const result = await withOwnSignal(signal, (own) => provider.query({ ...request, languageId: null }, own))
        assertKind(request.operation, provider.id, result)
        return result
      }),
    )
    return request.operation === 'workspaceSymbol'
      ? mergeSymbolResults(providers, settled as PromiseSettledResult<LspSymbolsResult>[])
      : mergeWorkspaceDiagnostics(providers, settled as PromiseSettledResult<LspWorkspaceDiagnosticsResult>[])
  }

  return {
    registerProvider(provider) {
      assertLive()
      const { extensions, fileNames } = validateProvider(provider)
      if (byId.has(provider.id)) {
        throw new LspError('LSP_CONFLICT', `a provider with id "${provider.id}" is already registered`)
      }
      for (const [extension] of extensions) {
        const owner = byExtension.get(extension)
        if (owner) {
          throw new LspError('LSP_CONFLICT', `extension ${extension} already belongs to provider "${owner.provider.id}"`)
        }
      }
      for (const [name] of fileNames) {
        const owner = byFileName.get(name)
        if (owner) {
          throw new LspError('LSP_CONFLICT', `file name ${name} already belongs to provider "${owner.provider.id}"`)
        }
      }
      byId.set(provider.id, provider)
      for (const [extension, languageId] of extensions) byExtension.set(extension, { provider, languageId })
      for (const [key, { name, languageId }] of fileNames) byFileName.set(key, { provider, languageId, name })
      let released = false
      return () => {
        if (released) return
        released = true
        if (byId.get(provider.id) === provider) byId.delete(provider.id)
        for (const [extension] of extensions) {
          if (byExtension.get(extension)?.provider === provider) byExtension.delete(extension)
        }
        for (const [name] of fileNames) {
          if (byFileName.get(name)?.provider === provider) byFileName.delete(name)
        }
      }
    },

    async query<Request extends LspQueryRequest>(request: Request, signal?: AbortSignal) {
      assertLive()
      validateRequest(request)
      if (signal?.aborted) throw new LspError('LSP_CANCELLED', `${request.operation} was cancelled before it started`)
      if (request.filePath === null) {
        return (await fanOut(request as LspWorkspaceSymbolRequest | LspWorkspaceDiagnosticsRequest, signal)) as LspResultFor<Request['operation']>
      }
      const owner = ownerOf(request.filePath)
      const result = await withOwnSignal(signal, (own) => owner.provider.query({ ...request, languageId: owner.languageId } as LspProviderQuery, own))
      assertKind(request.operation, owner.provider.id, result)
      return result as LspResultFor<Request['operation']>
    },

    providers(): readonly LspProviderInfo[] {
      const keysOf = (map: Map<string, { provider: LspProvider; name?: string }>): Map<LspProviderId, string[]> => {
        const keys = new Map<LspProviderId, string[]>()
        for (const [key, { provider, name }] of map) keys.set(provider.id, [...(keys.get(provider.id) ?? []), name ?? key])
        return keys
      }
      const extensions = keysOf(byExtension)
      const fileNames = keysOf(byFileName)
      return [...byId.keys()]
        .sort()
        .map((id) => ({ id, extensions: (extensions.get(id) ?? []).sort(), fileNames: (fileNames.get(id) ?? []).sort() }))
    },

    dispose() {
      disposed = true
      byId.clear()
      byExtension.clear()
      byFileName.clear()
    },
  }
}

/** A provider's extensions and lowercased file names, each with its language id, once valid. */
function validateProvider(provider: LspProvider): { extensions: [string, string][]; fileNames: [string, { name: string; languageId: string }][] } {
  const invalid = (why: string): LspError => new LspError('LSP_INVALID_PROVIDER', `invalid LSP provider: ${why}`)
  if (typeof provider !== 'object' || provider === null) throw invalid('not an object')
  if (typeof provider.id !== 'string' || provider.id.trim() === '' || provider.id !== provider.id.trim()) {
    throw invalid(`id must be a non-empty string without surrounding spaces (got ${JSON.stringify(provider.id)})`)
  }
  if (typeof provider.query !== 'function') throw invalid(`"${provider.id}" has no query function`)
  const map: unknown = provider.extensionToLanguage
  if (typeof map !== 'object' || map === null) throw invalid(`"${provider.id}" has no extensionToLanguage map`)
  const names: unknown = provider.fileNameToLanguage ?? {}
  if (typeof names !== 'object' || names === null) throw invalid(`"${provider.id}" fileNameToLanguage is not an object`)
  const entries = Object.entries(map as Record<string, unknown>)
  const nameEntries = Object.entries(names as Record<string, unknown>)
  if (entries.length === 0 && nameEntries.length === 0) throw invalid(`"${provider.id}" maps no extensions`)
  for (const [extension, languageId] of entries) {
    if (!isValidExtension(extension)) {
      throw invalid(`"${provider.id}" extension ${JSON.stringify(extension)} must be lowercase with a leading dot, like ".ts"`)
    }
    if (typeof languageId !== 'string' || languageId.trim() === '') {
      throw invalid(`"${provider.id}" maps ${extension} to no language id`)
    }
  }
  const fileNames = new Map<string, { name: string; languageId: string }>()
  for (const [name, languageId] of nameEntries) {
    if (!isValidFileName(name)) {
      throw invalid(`"${provider.id}" file name ${JSON.stringify(name)} must be one path segment, like "Dockerfile" or "Dockerfile.*"`)
    }
    if (typeof languageId !== 'string' || languageId.trim() === '') throw invalid(`"${provider.id}" maps ${name} to no language id`)
    if (fileNames.has(name.toLowerCase())) throw invalid(`"${provider.id}" maps the file name ${name} twice (names are case-insensitive)`)
    fileNames.set(name.toLowerCase(), { name, languageId })
  }
  return { extensions: entries as [string, string][], fileNames: [...fileNames] }
}

function validateRequest(request: LspQueryRequest): void {
  const invalid = (why: string): LspError => new LspError('LSP_INVALID_REQUEST', `invalid LSP request: ${why}`)
  if (typeof request !== 'object' || request === null) throw invalid('not an object')
  if (!Object.hasOwn(lspRequestShapes, request.operation)) throw invalid(`unknown operation ${JSON.stringify(request.operation)}`)
  if (typeof request.workspaceRoot !== 'string' || request.workspaceRoot === '') throw invalid('workspaceRoot must be a non-empty string')
  const shape = lspRequestShapes[request.operation]
  const anyFile = shape === 'workspace' || shape === 'workspaceDiagnostics'
  if (!(anyFile && request.filePath === null) && (typeof request.filePath !== 'string' || request.filePath === '')) {
    throw invalid(anyFile ? 'filePath must be a non-empty string or null' : 'filePath must be a non-empty string')
  }
  if (shape === 'workspace' && typeof (request as LspWorkspaceSymbolRequest).query !== 'string') throw invalid('query must be a string')
  if (shape === 'cursor' || shape === 'rename') {
    if (!isPosition((request as LspCursorRequest).position)) throw invalid('position must have zero-based integer line and character')
  }
  if (shape === 'rename') {
    const { newName } = request as LspRenameRequest
    if (typeof newName !== 'string' || newName.trim() === '') throw invalid('newName must be a non-empty string')
  }
  if (shape === 'codeActions') {
    const { range, diagnostics, only } = request as LspCodeActionsRequest
    if (!isRange(range)) throw invalid('range must have zero-based start and end positions, start not after end')
    if (diagnostics !== null && !Array.isArray(diagnostics)) throw invalid('diagnostics must be an array or null')
    if (only !== null && (!Array.isArray(only) || !only.every((kind) => typeof kind === 'string' && kind !== ''))) {
      throw invalid('only must be an array of non-empty code action kinds or null')
    }
  }
  if (shape === 'renameFiles') {
    const { newPath } = request as LspFileRenameRequest
    if (typeof newPath !== 'string' || newPath === '') throw invalid('newPath must be a non-empty string')
  }
  if (shape === 'overlayDiagnostics') {
    const { overlays, files } = request as LspOverlayDiagnosticsRequest
    const isPath = (value: unknown): boolean => typeof value === 'string' && value !== ''
    if (!Array.isArray(overlays) || overlays.length === 0 || !overlays.every((overlay) => typeof overlay === 'object' && overlay !== null && isPath(overlay.filePath) && typeof overlay.text === 'string')) {
      throw invalid('overlays must be a non-empty array of { filePath, text } with a non-empty filePath and a string text')
    }
    if (!Array.isArray(files) || !files.every(isPath)) throw invalid('files must be an array of non-empty file paths')
    const { references } = request as LspOverlayDiagnosticsRequest
    if (references !== undefined && (typeof references !== 'object' || references === null || !isPath(references.filePath) || !isPosition(references.position))) {
      throw invalid('references must be { filePath, position } with a non-empty filePath and a zero-based integer line and character')
    }
    const { definitions } = request as LspOverlayDiagnosticsRequest
    const isPlace = (place: unknown): boolean => typeof place === 'object' && place !== null && isPath((place as { filePath?: unknown }).filePath) && isPosition((place as { position?: unknown }).position)
    if (definitions !== undefined && (!Array.isArray(definitions) || !definitions.every(isPlace))) {
      throw invalid('definitions must be an array of { filePath, position } with a non-empty filePath and a zero-based integer line and character')
    }
  }
  if (shape === 'format') {
    const { range, options } = request as LspFormatRequest
    if (range !== null && !isRange(range)) throw invalid('range must be null or have zero-based start and end positions, start not after end')
    const tabSize = (options as { tabSize?: unknown } | null)?.tabSize
    if (typeof options !== 'object' || options === null || !Number.isInteger(tabSize) || (tabSize as number) < 1 || typeof options.insertSpaces !== 'boolean') {
      throw invalid('options must have an integer tabSize >= 1 and a boolean insertSpaces')
    }
  }
}

function isPosition(position: unknown): position is LspPosition {
  const isIndex = (n: unknown): boolean => Number.isInteger(n) && (n as number) >= 0
  if (typeof position !== 'object' || position === null) return false
  const { line, character } = position as Record<string, unknown>
  return isIndex(line) && isIndex(character)
}

/** A range of two positions, `start` not after `end`. */
function isRange(range: unknown): range is LspRange {
  if (typeof range !== 'object' || range === null) return false
  const { start, end } = range as Record<string, unknown>
  if (!isPosition(start) || !isPosition(end)) return false
  return start.line < end.line || (start.line === end.line && start.character <= end.character)
}

function assertKind(operation: LspOperation, providerId: LspProviderId, result: LspQueryResult): void {
  const expected = lspResultKinds[operation]
  if (typeof result !== 'object' || result === null || result.kind !== expected) {
    const got = typeof result === 'object' && result !== null ? JSON.stringify(result.kind) : String(result)
    throw new LspError(
      'LSP_MALFORMED_RESPONSE',
      `provider "${providerId}" answered ${operation} with result kind ${got}, expected "${expected}"`,
    )
  }
}

/** `run` with a signal linked to `signal` (see `linkedSignal`), detached once it settles. */
async function withOwnSignal<T>(signal: AbortSignal | undefined, run: (own: AbortSignal | undefined) => Promise<T>): Promise<T> {
  const linked = linkedSignal(signal)
  try {
    return await run(linked.signal)
  } finally {
    linked.release()
  }
}
