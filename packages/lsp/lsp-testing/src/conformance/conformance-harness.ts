/**
 * What every conformance check shares: the workspace and provider (set up once, lazily, so any
 * subset of checks can run), requests built from the fixture, and assertions on error codes.
 */
import { createConformanceWorkspace, positionOf, type ConformanceWorkspace } from './conformance-workspace.js'
import type { LspProviderQuery } from '@agent-lsp/lsp'
import { preview } from './conformance-values.js'
import {
  ConformanceError,
  type ConformanceCursorSpec,
  type ConformanceFileSpec,
  type ConformanceMoveSpec,
  type ConformanceProvider,
  type ConformanceRequestShape,
  type ConformanceSearchSpec,
  type ProviderConformanceOptions,
} from './conformance-types.js'

/** The lowercase, leading-dot extension of a path's last segment, as the seam computes it. */
export function extensionOf(filePath: string): string {
  const name = filePath.slice(Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\')) + 1)
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot).toLowerCase() : ''
}

type Spec = ConformanceCursorSpec | ConformanceFileSpec | ConformanceSearchSpec | ConformanceMoveSpec

const knownShapes: ReadonlySet<string> = new Set<ConformanceRequestShape>(['cursor', 'file', 'workspace', 'rename', 'codeActions', 'format', 'workspaceDiagnostics', 'renameFiles', 'overlayDiagnostics'])

/** The `newName` the suite asks `rename` for. */
export const CONFORMANCE_NEW_NAME = 'renamedByConformance'

/** The formatting options the suite asks `format` with. */
export const CONFORMANCE_FORMATTING_OPTIONS = { tabSize: 2, insertSpaces: true } as const

/**
 * Where a request goes: its file (or `null`), its root, and for a cursor (and `rename`,
 * `codeActions`, whose range is empty there) an explicit position.
 */
export interface Target {
  readonly filePath?: string | null
  readonly workspaceRoot?: string
  readonly position?: { readonly line: number; readonly character: number }
}

/** The suite's shared state and helpers. */
export interface Harness<P extends ConformanceProvider> {
  readonly options: ProviderConformanceOptions<P>
  /** Every operation of the seam, in its order. */
  readonly operations: readonly string[]
  /** The operations the fixture claims, in the seam's order. */
  readonly claimed: readonly string[]
  /** The operations it does not claim. */
  readonly unclaimed: readonly string[]
  readonly shapeOf: (operation: string) => ConformanceRequestShape
  readonly kindOf: (operation: string) => string
  /** The workspace and the shared provider, created on first use. */
  readonly ready: () => Promise<{ readonly workspace: ConformanceWorkspace; readonly provider: P }>
  /** The provider request for `operation` as the fixture specifies it (or at `target`). */
  readonly request: (operation: string, target?: Target) => Promise<LspProviderQuery>
  readonly bound: number
  readonly dispose: () => Promise<void>
}

export function createHarness<P extends ConformanceProvider>(options: ProviderConformanceOptions<P>): Harness<P> {
  const { seam, fixture } = options
  const operations = Object.keys(seam.lspResultKinds)
  const specs = fixture.operations as Readonly<Record<string, Spec | undefined>>
  for (const operation of Object.keys(specs)) {
    if (!operations.includes(operation)) throw new ConformanceError(`fixture: ${operation} is not an operation of the seam (${operations.join(', ')})`)
  }
  const claimed = operations.filter((operation) => specs[operation] !== undefined)
  const unclaimed = operations.filter((operation) => specs[operation] === undefined)
  const firstSpec = claimed.map((operation) => specs[operation]).find((spec) => spec !== undefined)
  if (firstSpec === undefined) throw new ConformanceError('fixture: claims no operation')
  const primaryFile = firstSpec.file

  let setup: Promise<{ workspace: ConformanceWorkspace; provider: P }> | undefined
  const ready = () =>
    (setup ??= (async () => {
      const workspace = await createConformanceWorkspace(fixture, primaryFile)
      try {
        return { workspace, provider: await options.createProvider({ workspaceRoot: workspace.root }) }
      } catch (error) {
        await workspace.remove()
        throw error
      }
    })())

  const shapeOf = (operation: string) => {
    // Keyed by the runtime seam's operations, which may be newer than the types this suite was built with.
    const shape = (seam.lspRequestShapes as Readonly<Record<string, ConformanceRequestShape | undefined>>)[operation]
    if (shape === undefined) throw new ConformanceError(`the seam gives no request shape for ${operation}`)
    if (!knownShapes.has(shape)) throw new ConformanceError(`the suite cannot build a '${String(shape)}' request (of ${operation}); update @agent-lsp/lsp-testing`)
    return shape
  }

  const request = async (operation: string, target: Target = {}): Promise<LspProviderQuery> => {
    const { workspace, provider } = await ready()
    const spec = specs[operation]
    const file = spec?.file ?? primaryFile
    const filePath = target.filePath === undefined ? file : target.filePath
    const languageOf = (path: string): string => {
      const languageId = provider.extensionToLanguage[extensionOf(path)]
      if (languageId === undefined) throw new ConformanceError(`fixture: the provider serves no extension of ${path}`)
      return languageId
    }
    const workspaceRoot = target.workspaceRoot ?? workspace.root
    const shape = shapeOf(operation)
    if (shape === 'workspace') {
      const query = spec !== undefined && 'query' in spec ? spec.query : ''
      return { operation, query, filePath, workspaceRoot, languageId: filePath === null ? null : languageOf(file) } as LspProviderQuery
    }
    if (shape === 'workspaceDiagnostics') return { operation, filePath, workspaceRoot, languageId: filePath === null ? null : languageOf(file) } as LspProviderQuery
    if (filePath === null) throw new ConformanceError(`${operation} needs a file`)
    const languageId = languageOf(file)
    if (shape === 'file') return { operation, filePath, workspaceRoot, languageId } as LspProviderQuery
    if (shape === 'renameFiles') {
      const newFile = spec !== undefined && 'newFile' in spec ? spec.newFile : `${file}.moved`
      const [from, to] = operation === 'didRenameFiles' ? [newFile, filePath] : [filePath, newFile]
      return { operation, filePath: from, newPath: to, workspaceRoot, languageId } as LspProviderQuery
    }
    if (shape === 'overlayDiagnostics') {
      // The file's own text as the overlay: the answer is its diagnostics, the disk untouched.
      return { operation, filePath, overlays: [{ filePath, text: workspace.text(file) }], files: [filePath], workspaceRoot, languageId } as LspProviderQuery
    }
    if (shape === 'format') return { operation, filePath, range: null, options: { ...CONFORMANCE_FORMATTING_OPTIONS }, workspaceRoot, languageId } as LspProviderQuery
    const position = target.position ?? (spec !== undefined && 'at' in spec ? positionOf(workspace.text(spec.file), spec) : { line: 0, character: 0 })
    if (shape === 'rename') return { operation, filePath, position, newName: CONFORMANCE_NEW_NAME, workspaceRoot, languageId } as LspProviderQuery
    if (shape === 'codeActions') {
      const range = { start: { ...position }, end: { ...position } }
      return { operation, filePath, range, diagnostics: null, only: null, workspaceRoot, languageId } as LspProviderQuery
    }
    return { operation, filePath, position, workspaceRoot, languageId } as LspProviderQuery
  }

  return {
    options,
    operations,
    claimed,
    unclaimed,
    shapeOf,
    kindOf: (operation) => (seam.lspResultKinds as Readonly<Record<string, string | undefined>>)[operation] ?? '',
    ready,
    request,
    bound: options.cancellationBoundMs ?? 1_000,
    dispose: async () => {
      if (!setup) return
      const settled = await setup.catch(() => undefined)
      if (!settled) return
      try {
        await settled.provider.dispose?.()
      } finally {
        await settled.workspace.remove()
      }
    },
  }
}

/** The `code` of an `LspError`-like value. */
function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
}

/**
 * Check that `error` is an `LspError` (by the seam's own `isInstance`) with `code` and a message.
 * @throws ConformanceError otherwise.
 */
export function checkLspError(isLspError: (value: unknown) => boolean, error: unknown, code: string, what: string): void {
  if (!isLspError(error)) {
    throw new ConformanceError(`${what}: rejected with ${error instanceof Error ? `${error.name}: ${error.message}` : preview(error)}, not an LspError`)
  }
  const message = (error as { message?: unknown }).message
  if (codeOf(error) !== code) throw new ConformanceError(`${what}: expected ${code}, got ${String(codeOf(error))}: ${String(message)}`)
  if (typeof message !== 'string' || message.trim() === '') throw new ConformanceError(`${what}: the ${code} error has no message`)
}

/** `promise` must reject with an `LspError` of `code`. */
export async function rejectsWith(isLspError: (value: unknown) => boolean, promise: Promise<unknown>, code: string, what: string): Promise<void> {
  let value: unknown
  try {
    value = await promise
  } catch (error) {
    checkLspError(isLspError, error, code, what)
    return
  }
  throw new ConformanceError(`${what}: expected ${code}, but it answered ${preview(value)}`)
}

/** `run()` must throw an `LspError` of `code` synchronously. */
export function throwsWith(isLspError: (value: unknown) => boolean, run: () => unknown, code: string, what: string): void {
  try {
    run()
  } catch (error) {
    checkLspError(isLspError, error, code, what)
    return
  }
  throw new ConformanceError(`${what}: expected ${code}, but it did not throw`)
}

/**
 * `promise`, or a `ConformanceError` when it has not settled `ms` after now. A bound on how long
 * a contract may take, not a wait: it settles as soon as `promise` does.
 */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConformanceError(`${what}: not settled within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, late])
  } finally {
    clearTimeout(timer)
  }
}
