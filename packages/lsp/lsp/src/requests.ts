import type { LspDiagnostic } from './diagnostic-types.js'
import type { LspFormattingOptions } from './edit-types.js'
import type { LspCursorOperation, LspFileOperation, LspFileRenameOperation, LspWorkspaceOperation } from './operations.js'
import type { LspPosition, LspRange } from './positions.js'

/**
 * A query at a cursor. Every field is required: `workspaceRoot` is the caller's, timeouts and
 * result limits are the consumer's, cancellation is the `AbortSignal` passed beside the request.
 */
export interface LspCursorRequest {
  /** Which query to run. */
  readonly operation: LspCursorOperation
  /** The file to query: absolute, or relative to `workspaceRoot`. The provider canonicalizes it. */
  readonly filePath: string
  /** Zero-based line, zero-based UTF-16 character (see {@link LspPosition}). */
  readonly position: LspPosition
  /** The workspace the provider indexes and resolves `filePath` against. Never defaulted. */
  readonly workspaceRoot: string
}

/** A query about a whole file (its symbols, its diagnostics). */
export interface LspFileRequest {
  readonly operation: LspFileOperation
  /** The file: absolute, or relative to `workspaceRoot`. */
  readonly filePath: string
  readonly workspaceRoot: string
}

/**
 * A search of the workspace's symbols by name (LSP 3.17 §Workspace Symbols). With a `filePath`,
 * only the provider of that file's extension is asked; with `null`, every provider is, and the
 * answers are merged.
 */
export interface LspWorkspaceSymbolRequest {
  readonly operation: LspWorkspaceOperation
  /** The name, or part of it, as the server matches it (often fuzzily); `''` asks for all. */
  readonly query: string
  /** A file whose provider to ask, or `null` for all providers. */
  readonly filePath: string | null
  readonly workspaceRoot: string
}

/**
 * Rename the symbol at `position` to `newName` everywhere (LSP 3.17 §Rename). The provider asks
 * `textDocument/prepareRename` first where the server offers it, and fails with
 * `LSP_CANNOT_RENAME` when the position cannot be renamed.
 */
export interface LspRenameRequest {
  readonly operation: 'rename'
  readonly filePath: string
  /** Zero-based line, zero-based UTF-16 character, on the symbol's name. */
  readonly position: LspPosition
  /** The new name, as it should appear in the code. Non-empty. */
  readonly newName: string
  readonly workspaceRoot: string
}

/**
 * The code actions for a range of a file (LSP 3.17 §Code Action Request); an empty range is a
 * cursor. `diagnostics` are the ones the actions should fix; `null` lets the provider pass the
 * diagnostics it knows overlapping `range`. `only` restricts to kinds (and their sub-kinds),
 * e.g. `['source.organizeImports']`; `null` asks for every kind.
 */
export interface LspCodeActionsRequest {
  readonly operation: 'codeActions'
  readonly filePath: string
  readonly range: LspRange
  readonly diagnostics: readonly LspDiagnostic[] | null
  readonly only: readonly string[] | null
  readonly workspaceRoot: string
}

/** Format a whole file (`range: null`) or a range of it (LSP 3.17 §Document Formatting). */
export interface LspFormatRequest {
  readonly operation: 'format'
  readonly filePath: string
  readonly range: LspRange | null
  readonly options: LspFormattingOptions
  readonly workspaceRoot: string
}

/**
 * The diagnostics of every file of the workspace (see `LspProjectOperation`). With a
 * `filePath`, only the provider of that file's extension is asked; with `null`, every provider
 * is (those without a project check are left out), and the answers are merged.
 */
export interface LspWorkspaceDiagnosticsRequest {
  readonly operation: 'workspaceDiagnostics'
  /** A file whose provider to ask, or `null` for all providers. */
  readonly filePath: string | null
  readonly workspaceRoot: string
}

/**
 * A file moved or renamed (LSP 3.17 §WillRenameFiles, §DidRenameFiles; one `FileRename` of their
 * `files`), see `LspFileRenameOperation`. `willRenameFiles` is asked before the move (`filePath`
 * exists), `didRenameFiles` after it (`newPath` exists). The provider is chosen by `filePath`'s
 * extension.
 */
export interface LspFileRenameRequest {
  readonly operation: LspFileRenameOperation
  /** The file as it is named before the move: absolute, or relative to `workspaceRoot`. */
  readonly filePath: string
  /** Its name after the move: absolute, or relative to `workspaceRoot`; inside the workspace. */
  readonly newPath: string
  readonly workspaceRoot: string
}

/** A document's text in the server's view only, for {@link LspOverlayDiagnosticsRequest}. */
export interface LspOverlay {
  /** The document: absolute, or relative to `workspaceRoot`; an existing file of the provider's languages. */
  readonly filePath: string
  /** Its whole new text (what a full-text `didChange` carries). */
  readonly text: string
}

/**
 * The diagnostics `files` would have if each overlay's text were its document's (see
 * `LspOverlayOperation`); nothing is written, and the server's view is restored to the disk before
 * the answer. The provider is chosen by `filePath`'s extension (give one of the overlays' files).
 */
export interface LspOverlayDiagnosticsRequest {
  readonly operation: 'overlayDiagnostics'
  readonly filePath: string
  /** The documents to change in the server's view; non-empty, one per file. */
  readonly overlays: readonly LspOverlay[]
  /** The files whose diagnostics to report (absolute, or relative to `workspaceRoot`), the overlays' among them if wanted. */
  readonly files: readonly string[]
  /**
   * Also asked while the overlays are in view, after the diagnostics: the references
   * (`textDocument/references` with the declaration, LSP 3.17 §Find References) at `position`
   * (zero-based, UTF-16, in the overlay's text when `filePath` has one). A rename's check: which
   * places the new name refers to once written.
   */
  readonly references?: { readonly filePath: string; readonly position: LspPosition }
  /**
   * Also asked with the overlays in view, after the references: the definitions
   * (`textDocument/definition`, LSP 3.17 §Goto Definition) at each place (zero-based, UTF-16, in the
   * overlay's text when its file has one). A rename's check: where each renamed place leads once
   * written (a module's own export shadows a star re-export of the new name).
   */
  readonly definitions?: readonly { readonly filePath: string; readonly position: LspPosition }[]
  readonly workspaceRoot: string
}

/** A caller's query: a discriminated union on `operation`. */
export type LspQueryRequest =
  | LspCursorRequest
  | LspFileRequest
  | LspWorkspaceSymbolRequest
  | LspRenameRequest
  | LspCodeActionsRequest
  | LspFormatRequest
  | LspWorkspaceDiagnosticsRequest
  | LspFileRenameRequest
  | LspOverlayDiagnosticsRequest

/**
 * A request as a provider receives it: the caller's request plus the LSP `languageId` that the
 * seam derived from the provider's extension map (used to open the document, never to select);
 * `null` for a `workspaceSymbol` or `workspaceDiagnostics` request without a file.
 */
export type LspProviderQuery =
  | (LspCursorRequest & { readonly languageId: string })
  | (LspFileRequest & { readonly languageId: string })
  | (LspWorkspaceSymbolRequest & { readonly languageId: string | null })
  | (LspRenameRequest & { readonly languageId: string })
  | (LspCodeActionsRequest & { readonly languageId: string })
  | (LspFormatRequest & { readonly languageId: string })
  | (LspWorkspaceDiagnosticsRequest & { readonly languageId: string | null })
  | (LspFileRenameRequest & { readonly languageId: string })
  | (LspOverlayDiagnosticsRequest & { readonly languageId: string })
