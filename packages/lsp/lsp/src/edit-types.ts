import type { LspDiagnostic } from './diagnostic-types.js'
import type { LspRange } from './positions.js'

/**
 * The edit family's data (LSP 3.17 §WorkspaceEdit, §CodeAction, §Completion), as plain values.
 * The seam never applies an edit: it describes one, and its consumer (the tool) previews,
 * applies and verifies it.
 */

/** One replacement in a document (LSP 3.17 §TextEdit): `range` in the document as it was. */
export interface LspTextEdit {
  /** Zero-based UTF-16, half-open; an empty range inserts. */
  readonly range: LspRange
  /** The text that replaces `range` (an empty string deletes it). */
  readonly newText: string
}

/**
 * One step of a workspace edit, in the order the server gave it (LSP 3.17 §documentChanges):
 * - `edit`: text edits of one document. `version` is the document version the server computed
 *   them against (a `TextDocumentEdit`'s), `null` when it gave none (`changes`, or a `null`
 *   version). Edits never overlap; their ranges refer to the document before this step.
 * - `create`, `rename`, `delete`: resource operations (§CreateFile, §RenameFile, §DeleteFile) with
 *   their options, absent options `false`.
 */
export type LspDocumentChange =
  | { readonly kind: 'edit'; readonly uri: string; readonly version: number | null; readonly edits: readonly LspTextEdit[] }
  | { readonly kind: 'create'; readonly uri: string; readonly overwrite: boolean; readonly ignoreIfExists: boolean }
  | {
      readonly kind: 'rename'
      readonly oldUri: string
      readonly newUri: string
      readonly overwrite: boolean
      readonly ignoreIfExists: boolean
    }
  | { readonly kind: 'delete'; readonly uri: string; readonly recursive: boolean; readonly ignoreIfNotExists: boolean }

/**
 * A workspace edit normalized from `changes` or `documentChanges` (LSP 3.17 §WorkspaceEdit): one
 * ordered list of steps. URIs are canonical (see `LspLocation.uri`).
 */
export interface LspWorkspaceEdit {
  readonly changes: readonly LspDocumentChange[]
}

/** A command a server can run (LSP 3.17 §Command); this client never executes one. */
export interface LspCommand {
  readonly title: string
  /** The server's command identifier, e.g. `_typescript.applyRefactoring`. */
  readonly command: string
}

/**
 * A code action (LSP 3.17 §CodeAction), or a bare `Command` a server listed as one.
 * `kind` is the server's hierarchical kind (`quickfix`, `refactor.extract.function`,
 * `source.organizeImports`), `null` when it gave none (always for a bare `Command`).
 */
export interface LspCodeAction {
  readonly title: string
  readonly kind: string | null
  /** The server marks it the preferred fix of a diagnostic. */
  readonly isPreferred: boolean
  /** Why the server says it cannot be applied now (§CodeAction.disabled), else `null`. */
  readonly disabledReason: string | null
  /** The diagnostics it resolves, as the server named them. */
  readonly diagnostics: readonly LspDiagnostic[]
  /**
   * What applying it changes: the action's own edit, or the one `codeAction/resolve` returned;
   * `null` when it has none (a command-only action).
   */
  readonly edit: LspWorkspaceEdit | null
  /** A command the server wants run after (or instead of) the edit; `null` without one. */
  readonly command: LspCommand | null
}

/**
 * A completion item kind, named as the LSP 3.17 `CompletionItemKind` members; `Unknown` for a
 * number outside it.
 */
export type LspCompletionItemKind =
  | 'Text'
  | 'Method'
  | 'Function'
  | 'Constructor'
  | 'Field'
  | 'Variable'
  | 'Class'
  | 'Interface'
  | 'Module'
  | 'Property'
  | 'Unit'
  | 'Value'
  | 'Enum'
  | 'Keyword'
  | 'Snippet'
  | 'Color'
  | 'File'
  | 'Reference'
  | 'Folder'
  | 'EnumMember'
  | 'Constant'
  | 'Struct'
  | 'Event'
  | 'Operator'
  | 'TypeParameter'
  | 'Unknown'

/** One completion (LSP 3.17 §CompletionItem), after `completionItem/resolve` where that was needed. */
export interface LspCompletionItem {
  readonly label: string
  /** `Unknown` when the server gave none or one outside the enumeration. */
  readonly kind: LspCompletionItemKind
  /** The type or signature, e.g. `(method) Cart.total(): number`. */
  readonly detail?: string
  /** Documentation as text (markdown when the server sent markdown). */
  readonly documentation?: string
  /** What accepting it inserts (`textEdit.newText`, else `insertText`, else the label). */
  readonly insertText: string
  /** Whether `insertText` is a snippet with `$1` placeholders. */
  readonly snippet: boolean
  /** The key the server orders by (`sortText`, else the label). */
  readonly sortText: string
  readonly deprecated: boolean
}

/** A completion list (LSP 3.17 §CompletionList): items in the server's order (by `sortText`). */
export interface LspCompletionList {
  /** The server says typing more may yield other items. */
  readonly isIncomplete: boolean
  readonly items: readonly LspCompletionItem[]
}

/** How to format (LSP 3.17 §FormattingOptions): the caller's, never defaulted by the seam. */
export interface LspFormattingOptions {
  /** Size of a tab in spaces. */
  readonly tabSize: number
  /** Indent with spaces rather than tabs. */
  readonly insertSpaces: boolean
}

