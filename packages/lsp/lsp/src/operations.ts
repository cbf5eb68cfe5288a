import type { LspQueryResult } from './results.js'

/**
 * The operations that take a cursor `position` in a file, named after the LSP requests they use:
 * `textDocument/definition`, `typeDefinition`, `references`, `implementation`, `hover`,
 * `signatureHelp`, `completion` (then `completionItem/resolve`),
 * `textDocument/prepareCallHierarchy` (alone, or then `callHierarchy/incomingCalls` or
 * `outgoingCalls`), and `textDocument/prepareTypeHierarchy` then `typeHierarchy/supertypes` or
 * `subtypes` (LSP 3.17 §Type Hierarchy).
 */
export type LspCursorOperation =
  | 'goToDefinition'
  | 'goToTypeDefinition'
  | 'findReferences'
  | 'goToImplementation'
  | 'hover'
  | 'signatureHelp'
  | 'incomingCalls'
  | 'outgoingCalls'
  | 'completion'
  | 'prepareCallHierarchy'
  | 'supertypes'
  | 'subtypes'

/** The operations on a whole file: `textDocument/documentSymbol`, and its diagnostics. */
export type LspFileOperation = 'documentSymbol' | 'diagnostics'

/** The operations on the whole workspace: `workspace/symbol`. */
export type LspWorkspaceOperation = 'workspaceSymbol'

/**
 * The operations that compute an edit (never applied by the seam): `rename`
 * (`textDocument/prepareRename` then `textDocument/rename`), `codeActions`
 * (`textDocument/codeAction`, then `codeAction/resolve`), `format` (`textDocument/formatting` or
 * `rangeFormatting`). Each has its own request arm.
 */
export type LspEditOperation = 'rename' | 'codeActions' | 'format'

/**
 * The diagnostics of every file of the workspace, not only the open ones: the server's pull
 * diagnostics (`workspace/diagnostic`, LSP 3.17) where it has them, else the compiler's own project
 * check. Its own request arm ({@link LspWorkspaceDiagnosticsRequest}).
 */
export type LspProjectOperation = 'workspaceDiagnostics'

/**
 * The file operations of the workspace (LSP 3.17 §Workspace Features, File Operations), for a file
 * a client moves or renames (its own request arm, {@link LspFileRenameRequest}):
 * `willRenameFiles` (`workspace/willRenameFiles`, §WillRenameFiles) asks the server, before the
 * move, for the edit that keeps the workspace compiling (the imports of the file, and its own
 * relative imports), answered as a `workspaceEdit` that is never applied by the seam;
 * `didRenameFiles` (`workspace/didRenameFiles`, §DidRenameFiles) tells it, after the move, that the
 * file moved (a notification: its answer's `edit` is always `null`). A provider whose server does
 * not take them (no `workspace.fileOperations.willRename`/`didRename`, or filters that leave the
 * file out) rejects with `LSP_UNSUPPORTED_OPERATION`.
 */
export type LspFileRenameOperation = 'willRenameFiles' | 'didRenameFiles'

/**
 * The diagnostics an edit would cause, without writing it: each overlay's text is sent to the
 * server as the document's new full text (`textDocument/didChange`, LSP 3.17 §DidChangeTextDocument),
 * the settled diagnostics of the asked files are collected, and each document is changed back to
 * its text on disk, whatever happens (timeout, cancellation, a thrown error; a crashed server starts
 * again from disk). Its own request arm ({@link LspOverlayDiagnosticsRequest}).
 */
export type LspOverlayOperation = 'overlayDiagnostics'

/**
 * Every query the seam offers. A closed union: adding an operation fails compilation until the
 * seam ({@link lspResultKinds}), every provider and the tool handle it.
 */
export type LspOperation =
  | LspCursorOperation
  | LspFileOperation
  | LspWorkspaceOperation
  | LspEditOperation
  | LspProjectOperation
  | LspFileRenameOperation
  | LspOverlayOperation

/**
 * Which result `kind` answers each operation. `satisfies` makes this table total: a new
 * operation does not compile until it has a row.
 */
export const lspResultKinds = {
  goToDefinition: 'locations',
  goToTypeDefinition: 'locations',
  findReferences: 'locations',
  goToImplementation: 'locations',
  hover: 'hover',
  signatureHelp: 'signatureHelp',
  incomingCalls: 'calls',
  outgoingCalls: 'calls',
  documentSymbol: 'symbols',
  workspaceSymbol: 'symbols',
  diagnostics: 'diagnostics',
  completion: 'completion',
  rename: 'workspaceEdit',
  codeActions: 'codeActions',
  format: 'workspaceEdit',
  prepareCallHierarchy: 'callHierarchyItems',
  supertypes: 'typeHierarchy',
  subtypes: 'typeHierarchy',
  workspaceDiagnostics: 'workspaceDiagnostics',
  willRenameFiles: 'workspaceEdit',
  didRenameFiles: 'workspaceEdit',
  overlayDiagnostics: 'overlayDiagnostics',
} as const satisfies Record<LspOperation, LspQueryResult['kind']>

/**
 * What each operation takes: a cursor (`filePath` and `position`), a file (`filePath`), the
 * workspace (`query`, optional `filePath`), or the edit operations' own requests (`rename`:
 * cursor and `newName`; `codeActions`: a range; `format`: a file, range and options), and
 * `workspaceDiagnostics` its own (an optional `filePath`, no query), and the file operations
 * theirs (`filePath` and `newPath`: `renameFiles`), `overlayDiagnostics` its own (overlays and
 * files). The type
 * checks each row against the unions above.
 */
export const lspRequestShapes = {
  goToDefinition: 'cursor',
  goToTypeDefinition: 'cursor',
  findReferences: 'cursor',
  goToImplementation: 'cursor',
  hover: 'cursor',
  signatureHelp: 'cursor',
  incomingCalls: 'cursor',
  outgoingCalls: 'cursor',
  documentSymbol: 'file',
  diagnostics: 'file',
  workspaceSymbol: 'workspace',
  completion: 'cursor',
  rename: 'rename',
  codeActions: 'codeActions',
  format: 'format',
  prepareCallHierarchy: 'cursor',
  supertypes: 'cursor',
  subtypes: 'cursor',
  workspaceDiagnostics: 'workspaceDiagnostics',
  willRenameFiles: 'renameFiles',
  didRenameFiles: 'renameFiles',
  overlayDiagnostics: 'overlayDiagnostics',
} as const satisfies { [Op in LspCursorOperation]: 'cursor' } & { [Op in LspFileOperation]: 'file' } & {
  [Op in LspWorkspaceOperation]: 'workspace'
} & { [Op in LspEditOperation | LspProjectOperation | LspOverlayOperation]: Op } & { [Op in LspFileRenameOperation]: 'renameFiles' }

/** Every operation, in the order of {@link lspResultKinds}. */
export const lspOperations = Object.keys(lspResultKinds) as readonly LspOperation[]

/** The result type of operation `Op`. */
export type LspResultFor<Op extends LspOperation> = Extract<LspQueryResult, { kind: (typeof lspResultKinds)[Op] }>
