import { LspError, type LspContext, type LspNotice, type LspQueryRequest, type LspQueryResult, type LspRange, type LspService } from '@agent-lsp/lsp'
import { boundedSignal, untilAborted } from '@agent-lsp/abort'
import { locateCursor, openWorkspaceFile, type Cursor, type OpenedFile } from './input/cursor.js'
import { LspToolError } from './errors.js'
import { createLineReader, type LineReader } from './input/file-lines.js'
import { fileTextsOf } from './input/file-texts.js'
import { createQueryFiles, type QueryFiles } from './input/query-files.js'
import { normalizeFileFilter } from './input/file-filter.js'
import { parseToolRequest } from './input/input.js'
import type { CursorTarget, ToolOperation, ToolRequest } from './input/tool-request.js'
import { toSettings, type LspToolOptions, type ToolSettings } from './options.js'
import type { Subject } from './render/render-context.js'
import { resolveSymbol, type ResolvedSymbol, type SymbolResolution } from './address/symbol-address.js'
import { unresolvedError } from './address/unresolved-error.js'
import { explainedByLineBreaks, withMisplaced } from './render/misplaced.js'
import { changedDuring, withChangedFiles } from './render/changed-during.js'
import { toToolError } from './to-tool-error.js'
import { moveTarget } from './move/move-target.js'
import { withPythonDefRuns } from './symbols/python-symbols.js'
import { locateSelection } from './input/selection.js'
import { referencesThroughOverrides, type OverrideReferences } from './hierarchy/override-references.js'
import { callsThroughOverridden } from './hierarchy/override-calls.js'
import { referencesThroughAliases } from './hierarchy/alias-references.js'
import { implementationsByShape } from './hierarchy/shape-implementations.js'
import type { HierarchyJoin } from './hierarchy/method-family.js'

/** A query answered, with what rendering it needs. */
export interface Answered {
  readonly kind: 'answered'
  readonly operation: ToolOperation
  readonly request: ToolRequest
  readonly subject: Subject
  /** The symbol the request named, when it named one. */
  readonly resolved: ResolvedSymbol | undefined
  /** `request.fileFilter` relative to the workspace root (see `normalizeFileFilter`). */
  readonly fileFilter: string | undefined
  readonly result: LspQueryResult
  /**
   * A `findReferences` answer's class hierarchy, when references of its other methods were joined
   * (see `referencesThroughOverrides`); an `incomingCalls` one's, when calls of the methods it
   * overrides were (see `callsThroughOverridden`).
   */
  readonly overrides?: Pick<OverrideReferences, 'joined' | 'notes'>
}

/** A symbol name that did not resolve to one symbol: no query was made. */
export interface Unresolved {
  readonly kind: 'unresolved'
  readonly operation: ToolOperation
  readonly request: ToolRequest
  readonly resolution: Exclude<SymbolResolution, { kind: 'resolved' }>
}

/** What `finish` gets: the signal bounding the call, and the files read so far. */
export interface RunScope {
  readonly signal: AbortSignal
  readonly readLines: LineReader
}

/**
 * Run one query the way the tool does, then `finish` with the outcome, all under the tool's
 * deadline and error mapping: validate `raw`, resolve and read the file, convert the cursor or
 * resolve the symbol, ask `ctx.lsp`. `execute()` renders in `finish`; `runLspQuery` returns the
 * result as it is.
 * @throws LspToolError, every failure (`finish`'s included) mapped by `toToolError`.
 */
export async function runQuery<T>(
  ctx: LspContext,
  settings: ToolSettings,
  raw: unknown,
  callerSignal: AbortSignal | undefined,
  finish: (outcome: Answered | Unresolved, scope: RunScope) => Promise<T> | T,
): Promise<T> {
  const request = parseToolRequest(raw)
  const { deadline, signal, release } = boundedSignal(settings.timeoutMs, callerSignal)
  const { operation } = request
  const { workspaceRoot } = settings
  // `Date.now()` before the first request, and the files read since: asked again, both are new.
  let startedAtMs = Date.now()
  let files = createQueryFiles(workspaceRoot, fileTextsOf(ctx.lsp))
  let readLines = createLineReader(files)
  // Every notice of this call's queries goes on its answer: a symbol's lookup may be the first
  // answer of a restarted server, and the answer itself then says nothing.
  const notices: LspNotice[] = []
  const noticed = (result: LspQueryResult): LspQueryResult => {
    for (const notice of result.notices ?? []) if (!notices.some((seen) => seen.message === notice.message)) notices.push(notice)
    return result
  }
  // A Python function's symbol holds every def of its name it ends (pyright lists only the last).
  const query = async (asked: LspQueryRequest, own?: AbortSignal): Promise<LspQueryResult> => noticed(await withPythonDefRuns(await ctx.lsp.query(asked, own), asked, readLines))
  const lookups: LspContext = { ...ctx, lsp: { ...ctx.lsp, query: query as LspService['query'] } }
  const ask = (query: LspQueryRequest): Promise<LspQueryResult> => untilAborted(lookups.lsp.query(query, signal), signal)
  try {
    signal.throwIfAborted()
    const fileFilter = 'fileFilter' in request && request.fileFilter !== undefined ? await filterOf(request.fileFilter, files, settings.writeFlags) : undefined
    const answered = (subject: Subject, result: LspQueryResult, resolved?: ResolvedSymbol, overrides?: Answered['overrides']): Answered => ({
      kind: 'answered',
      operation,
      request,
      subject,
      resolved,
      fileFilter,
      result: notices.length > 0 ? { ...result, notices: [...notices] } : result,
      ...(overrides === undefined ? {} : { overrides }),
    })
    /** The cursor of a target, or the unresolved symbol's outcome. */
    const place = async (target: CursorTarget): Promise<{ cursor: Cursor; resolved?: ResolvedSymbol } | Unresolved> => {
      if (target.kind === 'position') return { cursor: await locateCursor(target.filePath, target.line, target.character, files) }
      const resolution = await resolveSymbol(target, { ctx: lookups, workspaceRoot, signal, readLines, files })
      if (resolution.kind !== 'resolved') return { kind: 'unresolved', operation, request, resolution }
      return { cursor: resolution.resolved.cursor, resolved: resolution.resolved }
    }
    /**
     * The seam's `LSP_INVALID_POSITION` for a position the tool checked: the file shrank after the
     * tool read it. Checked again against the file as it is now, to say so in the tool's words.
     */
    const recheck = async (target: CursorTarget, error: unknown): Promise<never> => {
      if (target.kind === 'position' && LspError.isInstance(error) && error.code === 'LSP_INVALID_POSITION') {
        await locateCursor(target.filePath, target.line, target.character, createQueryFiles(workspaceRoot, fileTextsOf(ctx.lsp)))
      }
      throw error
    }
    /** The query's outcome, its files as read now. */
    const answer = async (): Promise<Answered | Unresolved> => {
      let outcome: Answered
      switch (request.shape) {
        case 'symbol': {
          // The tool's own operations read the declaration from its file's document symbols.
          const placed = await place(request.target)
          if ('kind' in placed) return placed
          const result = await ask({ operation: 'documentSymbol', filePath: placed.cursor.absolutePath, workspaceRoot })
          outcome = answered({ kind: 'cursor', cursor: placed.cursor }, result, placed.resolved)
          break
        }
        case 'cursor':
        case 'rename': {
          const placed = await place(request.target)
          if ('kind' in placed) return placed
          const { cursor, resolved } = placed
          const base = { filePath: cursor.absolutePath, position: cursor.position, workspaceRoot }
          const result = await ask(
            request.shape === 'rename' ? { ...base, operation: 'rename', newName: request.newName } : { ...base, operation: request.operation },
          ).catch((error: unknown) => recheck(request.target, error))
          const hierarchy = { ctx: lookups, workspaceRoot, signal }
          const through =
            request.operation === 'findReferences' && result.kind === 'locations'
              ? await joinBoth(await referencesThroughOverrides(hierarchy, cursor, result), (joined) => referencesThroughAliases(hierarchy, joined, readLines))
              : request.operation === 'incomingCalls' && result.kind === 'calls'
                ? await callsThroughOverridden(hierarchy, cursor, result)
                : request.operation === 'goToImplementation' && result.kind === 'locations'
                  ? { result: await implementationsByShape(hierarchy, cursor, result), joined: [], notes: [] }
                  : undefined
          if (through !== undefined) {
            const { result: joined, ...overrides } = through
            outcome = answered({ kind: 'cursor', cursor }, joined, resolved, overrides.joined.length > 0 || overrides.notes.length > 0 ? overrides : undefined)
          } else outcome = answered({ kind: 'cursor', cursor }, result, resolved)
          break
        }
        case 'codeActions': {
          const { target } = request
          const { start: cursor, range } = await locateSelection(target.filePath, target, request.end, files)
          const only = request.only === undefined ? null : [request.only]
          const result = await ask({ operation: 'codeActions', filePath: cursor.absolutePath, range, diagnostics: null, only, workspaceRoot })
          outcome = answered({ kind: 'cursor', cursor }, result)
          break
        }
        case 'edit': {
          // The range's file's symbols: the one holding the range names the files to check with it.
          const { start: cursor } = await locateSelection(request.target.filePath, request.target, request.end, files, 'range')
          const result = await ask({ operation: 'documentSymbol', filePath: cursor.absolutePath, workspaceRoot })
          outcome = answered({ kind: 'cursor', cursor }, result)
          break
        }
        case 'file':
        case 'format': {
          const file = await openWorkspaceFile(request.filePath, files)
          const result = await ask(
            request.shape === 'format'
              ? { operation: 'format', filePath: file.absolutePath, range: formatRange(request.lines, file), options: { tabSize: request.tabSize, insertSpaces: request.insertSpaces }, workspaceRoot }
              : { operation: request.operation, filePath: file.absolutePath, workspaceRoot },
          )
          outcome = answered({ kind: 'file', absolutePath: file.absolutePath, displayPath: file.displayPath }, result)
          break
        }
        case 'workspace': {
          const filePath = request.filePath === undefined ? null : (await openWorkspaceFile(request.filePath, files)).absolutePath
          const result = await ask({ operation: request.operation, query: request.query, filePath, workspaceRoot })
          outcome = answered({ kind: 'workspace', query: request.query }, result)
          break
        }
        case 'impact':
          // Not one seam result: `execute()` answers it through `runImpact`.
          throw new LspToolError('LSP_INVALID_INPUT', 'impact answers text only: ask it through the tool (the command without --json)')
        case 'moveFile': {
          const file = await openWorkspaceFile(request.filePath, files)
          const to = await moveTarget(request.newPath, file, workspaceRoot)
          const result = await ask({ operation: 'willRenameFiles', filePath: file.absolutePath, newPath: to.absolutePath, workspaceRoot }).catch((error: unknown) => {
            if (!LspError.isInstance(error) || error.code !== 'LSP_UNSUPPORTED_OPERATION') throw error
            throw new LspToolError('LSP_UNSUPPORTED_OPERATION', `${error.message}: it cannot rewrite the imports of ${file.displayPath}, so moveFile moved nothing`, { cause: error })
          })
          outcome = answered({ kind: 'file', absolutePath: file.absolutePath, displayPath: file.displayPath }, result)
          break
        }
        case 'workspaceDiagnostics': {
          const filePath = request.filePath === undefined ? null : (await openWorkspaceFile(request.filePath, files)).absolutePath
          const result = await ask({ operation: 'workspaceDiagnostics', filePath, workspaceRoot })
          outcome = answered({ kind: 'workspace', query: '' }, result)
          break
        }
      }
      // Places a server gave in a file whose line breaks it counts otherwise may be a line off: said, not shown as exact.
      return { ...outcome, result: await withMisplaced(outcome.result, askedFile(outcome), files) }
    }
    let outcome = await answer()
    // A file of the answer written while it was computed: the server's rows and the cross-check's
    // (or the rendering's lines) may be of two versions. Asked again once, on fresh reads; a file
    // written during that too makes the answer partial.
    if (outcome.kind === 'answered' && (await changedDuring(outcome.result, askedFile(outcome), files, startedAtMs)).length > 0) {
      startedAtMs = Date.now()
      files = createQueryFiles(workspaceRoot, fileTextsOf(ctx.lsp))
      readLines = createLineReader(files)
      outcome = await answer()
      if (outcome.kind === 'answered') outcome = { ...outcome, result: withChangedFiles(outcome.result, await changedDuring(outcome.result, askedFile(outcome), files, startedAtMs)) }
    }
    return await finish(outcome, { signal, readLines })
  } catch (error) {
    const failure = toToolError(error, { operation, callerSignal, deadline, timeoutMs: settings.timeoutMs })
    // The seam's or the server's failure at a position a server gave (the tool's own checks are of the file's lines).
    throw 'target' in request && !LspToolError.isInstance(error) ? await explainedByLineBreaks(failure, request.target.filePath, files) : failure
  } finally {
    release()
  }
}

/** The file an answer is about (its cursor's or its file's); `undefined` for a workspace-wide one. */
function askedFile(outcome: Answered): string | undefined {
  return outcome.subject.kind === 'workspace' ? undefined : outcome.subject.kind === 'cursor' ? outcome.subject.cursor.absolutePath : outcome.subject.absolutePath
}

/**
 * The range of whole lines `lines` (1-based, inclusive) of `file`, from the start of the first to
 * the end of the last; `null` (the whole file) without lines.
 * @throws LspToolError `LSP_INVALID_POSITION` past the end of the file.
 */
/** `first`'s answer joined again by `then`: both joins' methods and notes kept. */
async function joinBoth<R>(first: HierarchyJoin<R>, then: (result: R) => Promise<HierarchyJoin<R>>): Promise<HierarchyJoin<R>> {
  const second = await then(first.result)
  return { result: second.result, joined: [...first.joined, ...second.joined], notes: [...first.notes, ...second.notes] }
}

function formatRange(lines: { start: number; end: number } | undefined, file: OpenedFile): LspRange | null {
  if (lines === undefined) return null
  const last = file.lines[lines.end - 1]
  if (lines.end > file.lineCount || last === undefined) {
    throw new LspToolError('LSP_INVALID_POSITION', `line ${lines.end} is past the end of ${file.displayPath} (${file.lineCount} lines)`)
  }
  return { start: { line: lines.start - 1, character: 0 }, end: { line: lines.end - 1, character: last.length } }
}

/** `fileFilter` relative to the root, accepting an absolute one under the root or its real path. */
async function filterOf(fileFilter: string, files: QueryFiles, flags: ToolSettings['writeFlags']): Promise<string> {
  const { workspaceRoot } = files
  const real = await files.realRoot()
  return normalizeFileFilter(fileFilter, real === workspaceRoot ? [workspaceRoot] : [workspaceRoot, real], flags)
}

/**
 * Run one `lsp` tool query and return the seam's result unrendered (for callers that show it
 * themselves, such as `agent-lsp --json`): the same validation, path resolution, cursor
 * conversion, symbol resolution, deadline and error mapping as the tool's `execute()`.
 * @param input - untrusted, as the tool takes it (see `lspToolInputSchema`): a cursor (`filePath`,
 *   1-based `line` and `character` in Unicode code points) or a `symbol`, a `filePath`, or a
 *   `query`, by operation. `page` and `fileFilter` are checked but shape only text answers.
 * @param options - `workspaceRoot` (absolute) and `timeoutMs` (milliseconds, default
 *   `DEFAULT_TIMEOUT_MS`, bounding the whole call); `maxResults` is ignored.
 * @param signal - the caller's cancellation.
 * @returns the provider's `LspQueryResult`: zero-based UTF-16 positions, `file:` URIs, as sent.
 *   For a `symbol`, the result of the query at the symbol it resolved to.
 * @throws LspToolError `LSP_INVALID_OPTIONS` (bad `options`), `LSP_INVALID_INPUT`,
 *   `LSP_OUTSIDE_WORKSPACE`, `LSP_FILE_NOT_FOUND` (missing, a directory, not a regular file, or
 *   unreadable), `LSP_INVALID_POSITION`, `LSP_SYMBOL_NOT_FOUND` (no symbol has the name; the
 *   message names the closest), `LSP_SYMBOL_AMBIGUOUS` (several have it; the message lists them),
 *   `LSP_TIMEOUT` (`timeoutMs` expired), `LSP_CANCELLED` (`signal` aborted), any other seam code
 *   copied from the seam or provider (e.g. `LSP_UNAVAILABLE`, `LSP_SERVER_CRASHED`),
 *   `LSP_INTERNAL` for anything else. One-line messages.
 */
export async function runLspQuery(ctx: LspContext, input: unknown, options: LspToolOptions, signal?: AbortSignal): Promise<LspQueryResult> {
  return runQuery(ctx, toSettings(options), input, signal, (outcome) => {
    if (outcome.kind === 'answered') return outcome.result
    throw unresolvedError(outcome.resolution, options.writeFlags)
  })
}
