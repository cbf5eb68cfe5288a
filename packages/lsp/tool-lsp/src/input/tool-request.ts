import { lspOperations, type LspCursorOperation, type LspFileOperation, type LspFileRenameOperation, type LspOperation, type LspOverlayOperation, type LspWorkspaceOperation } from '@agent-lsp/lsp'

/**
 * The tool's own operations, composed from `documentSymbol` (no seam operation): a symbol's source,
 * and edits of whole symbols that go through the edit flow (see `symbols/`).
 */
export const symbolOperations = ['symbolSource', 'replaceSymbol', 'insertBefore', 'insertAfter'] as const

/** One of {@link symbolOperations}. */
export type SymbolOperation = (typeof symbolOperations)[number]

/** The tool's own question about a git diff (see `impact/`): composed from documentSymbol and findReferences. */
export const impactOperation = 'impact'

/** Which changes `impact` is about, as `git diff` names them. */
export type DiffSpec =
  /** The working tree against the index (`git diff`). */
  | { readonly kind: 'worktree' }
  /** The index against `HEAD` (`git diff --staged`). */
  | { readonly kind: 'staged' }
  /** Commit `from` against commit `to` (`git diff from to`), as given. */
  | { readonly kind: 'range'; readonly from: string; readonly to: string }

/**
 * The seam's operations the tool offers as they are: all but the file operations
 * (`willRenameFiles`, `didRenameFiles`), which `moveFile` asks on the model's behalf, and
 * `overlayDiagnostics`, which an edit's preview asks (see `speculative-check.ts`).
 */
export type ToolSeamOperation = Exclude<LspOperation, LspFileRenameOperation | LspOverlayOperation>

/** The tool's own edit of a range of a file (see `range/`): its text replaced, through the edit flow. */
export const rangeEditOperation = 'edit'

/** What the tool's `operation` takes: a seam operation, one of the symbol operations, `edit`, `moveFile` or `impact`. */
export type ToolOperation = ToolSeamOperation | SymbolOperation | typeof rangeEditOperation | 'moveFile' | typeof impactOperation

const fileRenameOperations: readonly string[] = ['willRenameFiles', 'didRenameFiles', 'overlayDiagnostics'] satisfies (LspFileRenameOperation | LspOverlayOperation)[]

/** The seam's operations the tool offers, in the seam's order. */
export const toolSeamOperations = lspOperations.filter((operation): operation is ToolSeamOperation => !fileRenameOperations.includes(operation))

/** Every `operation` of the tool, in the order its schema and description list them. */
export const toolOperations: readonly ToolOperation[] = [...toolSeamOperations, ...symbolOperations, rangeEditOperation, 'moveFile', impactOperation]

/** Whether `operation` is one of the tool's own (a symbol operation, `edit`, `moveFile` or `impact`), which no seam operation answers alone. */
export function isOwnOperation(operation: string): operation is SymbolOperation | typeof rangeEditOperation | 'moveFile' | typeof impactOperation {
  return operation === 'moveFile' || operation === impactOperation || operation === rangeEditOperation || isSymbolOperation(operation)
}

/** Whether `operation` is one of the tool's own {@link symbolOperations}. */
export function isSymbolOperation(operation: string): operation is SymbolOperation {
  return (symbolOperations as readonly string[]).includes(operation)
}

/** Where a cursor operation runs: at a position, or at a symbol found by name. */
export type CursorTarget =
  | { readonly kind: 'position'; readonly filePath: string; readonly line: number; readonly character: number }
  | {
      readonly kind: 'symbol'
      readonly symbol: string
      /** Resolve within this file's document symbols; absent: the workspace's symbols. */
      readonly filePath?: string
      /** 1-based line hint. */
      readonly line?: number
    }

/** A validated input, by what its operation takes. `page` defaults to 1, `apply` to `false`. */
export type ToolRequest =
  | ImpactRequest
  | {
      readonly shape: 'rename'
      readonly operation: 'rename'
      readonly target: CursorTarget
      readonly newName: string
      readonly apply: boolean
      /** Write although the references check refused (see `refusal`). */
      readonly force: boolean
    }
  | {
      readonly shape: 'codeActions'
      readonly operation: 'codeActions'
      readonly target: Extract<CursorTarget, { kind: 'position' }>
      /** A kind to list only (with its sub-kinds). */
      readonly only?: string
      /** The chosen action: 1-based number or exact title. Absent: list them. */
      readonly action?: number | string
      /** The end of the selection (1-based line, code-point column); absent: the cursor alone. */
      readonly end?: { readonly line: number; readonly character: number }
      readonly apply: boolean
    }
  | {
      readonly shape: 'format'
      readonly operation: 'format'
      readonly filePath: string
      /** 1-based first and last line to format; absent: the whole file. */
      readonly lines?: { readonly start: number; readonly end: number }
      readonly tabSize: number
      readonly insertSpaces: boolean
      readonly apply: boolean
    }
  | {
      readonly shape: 'cursor'
      readonly operation: LspCursorOperation
      readonly target: CursorTarget
      readonly page: number
      readonly fileFilter?: string
    }
  | { readonly shape: 'file'; readonly operation: LspFileOperation; readonly filePath: string; readonly page: number }
  | {
      readonly shape: 'workspace'
      readonly operation: LspWorkspaceOperation
      readonly query: string
      readonly filePath?: string
      readonly page: number
      readonly fileFilter?: string
    }
  | {
      readonly shape: 'symbol'
      readonly operation: SymbolOperation
      readonly target: CursorTarget
      /** What replaceSymbol / insertBefore / insertAfter write; absent for symbolSource. */
      readonly text?: string
      readonly apply: boolean
    }
  | {
      readonly shape: 'edit'
      readonly operation: typeof rangeEditOperation
      /** The range's start: 1-based line, code-point column. */
      readonly target: Extract<CursorTarget, { kind: 'position' }>
      /** The range's end, exclusive (1-based line, code-point column), as codeActions' selection ends. */
      readonly end: { readonly line: number; readonly character: number }
      /** What replaces the range; empty deletes it. */
      readonly text: string
      readonly apply: boolean
    }
  | {
      readonly shape: 'moveFile'
      readonly operation: 'moveFile'
      /** The file to move, as given. */
      readonly filePath: string
      /** Where it goes, as given (relative to the workspace root, or absolute). */
      readonly newPath: string
      readonly apply: boolean
      /** With apply: write although the server's edit leaves imports of the old path (refused otherwise). */
      readonly force: boolean
    }
  | {
      readonly shape: 'workspaceDiagnostics'
      readonly operation: 'workspaceDiagnostics'
      /** Ask only this file's language server; absent: every one. */
      readonly filePath?: string
      readonly page: number
      readonly fileFilter?: string
    }

/** A validated `impact` question. */
export interface ImpactRequest {
  readonly shape: 'impact'
  readonly operation: typeof impactOperation
  readonly spec: DiffSpec
  /** Levels of users followed, at least 1 (the changed symbols' own references). */
  readonly depth: number
  readonly page: number
}

/** The operations whose answer is a list, so `page` applies (the tool's input and the command's `--page`). */
export const pagedOperations: ReadonlySet<LspOperation> = new Set<LspOperation>([
  'goToDefinition',
  'goToTypeDefinition',
  'findReferences',
  'goToImplementation',
  'incomingCalls',
  'outgoingCalls',
  'documentSymbol',
  'workspaceSymbol',
  'diagnostics',
  'workspaceDiagnostics',
])

/** The operations whose rows are in many files, so `fileFilter` applies (and the command's `--filter`). */
export const filteredOperations: ReadonlySet<LspOperation> = new Set<LspOperation>([
  'goToDefinition',
  'goToTypeDefinition',
  'findReferences',
  'goToImplementation',
  'incomingCalls',
  'outgoingCalls',
  'workspaceSymbol',
  'workspaceDiagnostics',
])
