import type { LspCrossCheck } from './cross-check-types.js'
import type { LspDiagnostic } from './diagnostic-types.js'
import type { LspCodeAction, LspCompletionList, LspWorkspaceEdit } from './edit-types.js'
import type { LspLocation, LspRange } from './positions.js'
import type { LspSignatureHelp } from './signature-types.js'
import type { LspCall, LspCallHierarchyItem, LspSymbol, LspTypeHierarchyItem } from './symbol-types.js'

/** Hover content (LSP 3.17 §Hover), every `MarkedString`/`MarkupContent` shape joined to one text. */
export interface LspHover {
  /** Non-empty text: markdown (code in fenced blocks) when the server sent any, else plain. */
  readonly contents: string
  /** The range the hover is about, when the server gave one. */
  readonly range?: LspRange
}

/**
 * Why an answer may be missing something. `indexing`: the server had not finished loading.
 * `unconfigured`: no project configuration covers the file or some of the workspace's files (no
 * `tsconfig.json`, not in `compile_commands.json`, excluded by the server's own configuration), so
 * the server searched only what it could reach. `failed`: some of the providers of a merged answer
 * failed; the others' answers are there. `unresolved`: a cross-check found occurrences of the name
 * the server could not resolve (see {@link LspCrossCheck.candidates}). `unchecked`: a cross-check
 * stopped at its bound before classifying every occurrence, or left out files that may name it
 * (`unsearched`). `stale`: the answer is from a prebuilt index and files it covers changed since it
 * was built (see {@link LspProvenance}): rows there may have moved, references written since missing.
 * `misplaced`: the file asked about or a file of the answer's rows holds a line break servers count
 * otherwise than LSP (a lone CR, U+2028, U+2029): places after it may be a line off.
 */
export type LspIncompleteReason = 'indexing' | 'unconfigured' | 'failed' | 'unresolved' | 'unchecked' | 'stale' | 'misplaced'

/**
 * Whether an answer is known to be complete. A provider that could not reach readiness within
 * its bound answers `partial`; it never presents such an answer as complete.
 */
export type LspCompleteness =
  | { readonly state: 'complete' }
  | { readonly state: 'partial'; readonly reason: LspIncompleteReason; readonly message: string }

/**
 * Where an answer came from when a provider answered from a prebuilt index (a SCIP file built in
 * CI, say) rather than a live server; a live server's answer has none. One line for a reader:
 * `index <index>, built <builtAt> at <revision>`.
 */
export interface LspProvenance {
  readonly source: 'index'
  /** The index file, an absolute path. */
  readonly index: string
  /** When the index was built: ISO 8601, UTC (`2026-12-01T09:30:00.000Z`). */
  readonly builtAt: string
  /** What it was built from: a commit id, or `sha256:<hex>` over the indexed files' contents. */
  readonly revision: string
  /**
   * The documents of this answer (its rows, its own file) whose content changed since the index was
   * built, sorted: their rows may have moved. Canonical URIs, as in `LspLocation`.
   */
  readonly staleUris: readonly string[]
  /**
   * Set on an answer merged from several providers (a workspace-wide search) of which some answered
   * live: only the rows of those that answered from the index come from it.
   */
  readonly partly?: true
}

/**
 * Another repository whose index gave rows of an answer (a workspace config's `[[indexes]]`: a
 * library and its consumers): rows whose URI is under `root` are that repository's, displayed
 * `name:path`. One line for a reader: `<name>: index <index>, built <builtAt> at <revision>`.
 */
export interface LspRepository {
  /** Its name as configured (letters, digits, `.`, `_`, `-`). */
  readonly name: string
  /** Its root, an absolute real path. */
  readonly root: string
  /** Where its rows came from: its index (`staleUris`: its rows' documents changed since that build). */
  readonly provenance: LspProvenance
}

/**
 * Something the reader of an answer should know that is neither an error nor a gap in the answer.
 * `LSP_SERVER_RESTARTED`: the server went over its memory cap (`maxMemoryMB`) and was restarted
 * before this answer, which comes from the new server (its documents re-opened, its caches cold).
 */
export interface LspNotice {
  readonly code: 'LSP_SERVER_RESTARTED'
  /** One line for the reader, naming the server, what it used and its cap (MB). */
  readonly message: string
}

/**
 * Which server answered when it was not the configured one: a fallback (pylsp for pyright, say),
 * tried because the servers before it were not installed or failed to start. One line for a
 * reader: `Answered by <server> in place of <insteadOf>: <reason>`.
 */
export interface LspFallback {
  /** The id of the server that answered (`pylsp`). */
  readonly server: string
  /** The id of the configured server it stands in for (`python`). */
  readonly insteadOf: string
  /** Why the servers before it did not answer, one line (`pyright-langserver was not found`). */
  readonly reason: string
}

/** What every result carries beside its `kind`. */
interface LspResultBase {
  /**
   * The provider's canonical (realpath) form of the request's `workspaceRoot`. Relativize display
   * paths against this, not the request's root, which may be a symlink.
   */
  readonly resolvedWorkspaceRoot: string
  readonly completeness: LspCompleteness
  /** Set when the answer comes from a prebuilt index; absent for a live server's answer. */
  readonly provenance?: LspProvenance
  /** What happened to the server before this answer (see {@link LspNotice}); absent when nothing did. */
  readonly notices?: readonly LspNotice[]
  /** Set when a fallback server answered in place of the configured one; absent otherwise. */
  readonly fallback?: LspFallback
}

/** The answer of `goToDefinition`, `goToTypeDefinition`, `findReferences`, `goToImplementation`. */
export interface LspLocationsResult extends LspResultBase {
  readonly kind: 'locations'
  /** Deduplicated, sorted by `uri`, then start position. `findReferences` includes the declaration. */
  readonly locations: readonly LspLocation[]
  /** What a cross-check found (`findReferences`, `goToImplementation`); absent when none ran. */
  readonly crossCheck?: LspCrossCheck
  /**
   * The other repositories whose indexes were searched for the symbol (`findReferences`,
   * `goToImplementation`), in configured order, each with its provenance; their rows are among
   * `locations`. Absent when none was.
   */
  readonly repositories?: readonly LspRepository[]
}

/** The answer of `hover`. `hover` is `null` when the server has nothing for the position. */
export interface LspHoverResult extends LspResultBase {
  readonly kind: 'hover'
  readonly hover: LspHover | null
}

/** The answer of `documentSymbol` (a tree, in document order) and `workspaceSymbol` (a flat list). */
export interface LspSymbolsResult extends LspResultBase {
  readonly kind: 'symbols'
  readonly symbols: readonly LspSymbol[]
}

/** The answer of `incomingCalls` and `outgoingCalls`. */
export interface LspCallsResult extends LspResultBase {
  readonly kind: 'calls'
  readonly direction: 'incoming' | 'outgoing'
  /** The items at the cursor (`prepareCallHierarchy`); empty when there is no function there. */
  readonly origins: readonly LspCallHierarchyItem[]
  /** Sorted by the item's `uri`, then position. */
  readonly calls: readonly LspCall[]
  /** What a cross-check found (`incomingCalls`); absent when none ran. */
  readonly crossCheck?: LspCrossCheck
}

/**
 * The answer of `prepareCallHierarchy` (LSP 3.17 §Call Hierarchy): the functions, methods or
 * constructors at the cursor, as the server names them; empty when there is none there.
 */
export interface LspCallHierarchyItemsResult extends LspResultBase {
  readonly kind: 'callHierarchyItems'
  /** In the server's order. */
  readonly items: readonly LspCallHierarchyItem[]
}

/**
 * The answer of `supertypes` and `subtypes` (LSP 3.17 §Type Hierarchy): the direct supertypes
 * (base classes, implemented interfaces) or direct subtypes of the type at the cursor.
 */
export interface LspTypeHierarchyResult extends LspResultBase {
  readonly kind: 'typeHierarchy'
  readonly direction: 'supertypes' | 'subtypes'
  /** The types at the cursor (`textDocument/prepareTypeHierarchy`); empty when there is none there. */
  readonly origins: readonly LspTypeHierarchyItem[]
  /** Deduplicated, sorted by `uri`, then `selectionRange` start; empty without origins. */
  readonly items: readonly LspTypeHierarchyItem[]
}

/** The answer of `signatureHelp`; `null` outside a call's argument list. */
export interface LspSignatureHelpResult extends LspResultBase {
  readonly kind: 'signatureHelp'
  readonly signatureHelp: LspSignatureHelp | null
}

/** The answer of `diagnostics`: the file's diagnostics for its current content, in document order. */
export interface LspDiagnosticsResult extends LspResultBase {
  readonly kind: 'diagnostics'
  readonly uri: string
  readonly diagnostics: readonly LspDiagnostic[]
}

/** One file's diagnostics in a {@link LspWorkspaceDiagnosticsResult}. */
export interface LspFileDiagnostics {
  readonly uri: string
  /** In document order; never empty. */
  readonly diagnostics: readonly LspDiagnostic[]
}

/**
 * The answer of `workspaceDiagnostics`: the diagnostics of every file of the workspace (files
 * without any are left out), from the server's pull diagnostics (`workspace/diagnostic`), the
 * compiler's project check, or each file's diagnostics where the server has neither and the files are few. Each diagnostic's `source` says who reported it (`tsc`, `pyright`,
 * or the server's own label for pulled ones). An empty `files` with a complete answer is a clean
 * workspace.
 */
export interface LspWorkspaceDiagnosticsResult extends LspResultBase {
  readonly kind: 'workspaceDiagnostics'
  /** Sorted by `uri`. */
  readonly files: readonly LspFileDiagnostics[]
  /**
   * What ran, one line each, in order: `workspace/diagnostic` for a server's pull diagnostics, else
   * the command line of the check with paths relative to `resolvedWorkspaceRoot`
   * (`tsc --noEmit -p tsconfig.json`, `pyright --outputjson`), else, for a server with neither whose
   * files here are few, `json diagnostics of each of its 2 files` (each file's own diagnostics).
   */
  readonly checks: readonly string[]
}

/** One asked file's diagnostics in a {@link LspOverlayDiagnosticsResult}. */
export interface LspOverlayFileDiagnostics {
  readonly uri: string
  /** In the server's order; empty for a clean file. */
  readonly diagnostics: readonly LspDiagnostic[]
  /** `partial` when the server did not settle on this file's diagnostics within its bound. */
  readonly completeness: LspCompleteness
}

/**
 * The answer of `overlayDiagnostics`: each asked file's diagnostics while the overlays were the
 * documents' text, in the order asked. The server's view was restored before it was answered.
 */
export interface LspOverlayDiagnosticsResult extends LspResultBase {
  readonly kind: 'overlayDiagnostics'
  readonly files: readonly LspOverlayFileDiagnostics[]
  /** The references asked by the request's `references`, in the server's order (positions in the overlays' text); absent when not asked. */
  readonly references?: readonly LspLocation[]
  /** The definitions asked by the request's `definitions`: one list per place, in the request's order (an empty list where the server found none); absent when not asked, or the server has no `definitionProvider`. */
  readonly definitions?: readonly (readonly LspLocation[])[]
}

/**
 * The answer of `rename`, `format` and `willRenameFiles`: the edit the server computed, as data
 * (never applied; for `willRenameFiles`, text edits only: the move itself is the caller's).
 * `edit` is `null` when there is nothing to change (a formatted file, a server without an edit),
 * and always for `didRenameFiles` (a notification).
 */
export interface LspWorkspaceEditResult extends LspResultBase {
  readonly kind: 'workspaceEdit'
  readonly edit: LspWorkspaceEdit | null
}

/** The answer of `codeActions`: titled actions in the server's order, each with its edit. */
export interface LspCodeActionsResult extends LspResultBase {
  readonly kind: 'codeActions'
  readonly actions: readonly LspCodeAction[]
}

/** The answer of `completion`; `completion` is `null` when the server has nothing there. */
export interface LspCompletionResult extends LspResultBase {
  readonly kind: 'completion'
  readonly completion: LspCompletionList | null
}

/**
 * The closed result union; each operation maps to exactly one `kind` ({@link lspResultKinds}).
 * Consumers `switch` on `kind` with an exhaustiveness check.
 */
export type LspQueryResult =
  | LspLocationsResult
  | LspHoverResult
  | LspSymbolsResult
  | LspCallsResult
  | LspSignatureHelpResult
  | LspDiagnosticsResult
  | LspWorkspaceEditResult
  | LspCodeActionsResult
  | LspCompletionResult
  | LspCallHierarchyItemsResult
  | LspTypeHierarchyResult
  | LspWorkspaceDiagnosticsResult
  | LspOverlayDiagnosticsResult
