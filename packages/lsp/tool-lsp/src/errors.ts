import { HarnessError, type HarnessErrorOptions } from '@agent-lsp/errors'
import type { LspErrorCode } from '@agent-lsp/lsp'
import { oneLine } from './text/one-line.js'

/**
 * The stable codes of {@link LspToolError}. Every {@link LspErrorCode} of the seam, copied when a
 * failure came from the seam or a provider, plus the tool's own:
 * - `LSP_INVALID_INPUT`: the input does not match `lspToolInputSchema` (names the field).
 * - `LSP_INVALID_OPTIONS`: `createLspTool` was given unusable options (a harness bug).
 * - `LSP_INTERNAL`: anything that was not an `LspError` (a bug; the message says what).
 * - `LSP_EDIT_CONFLICT`: `apply` refused because a file changed on disk since the preview (or the
 *   server now computes another edit than the preview showed); nothing was written.
 * - `LSP_EDIT_FAILED`: writing the edit failed; every file was put back as it was (the message
 *   names any that could not be).
 * - `LSP_EDIT_INCOMPLETE`: a rename's `apply` refused because the old name's references include
 *   places the edit leaves, or places the server could not resolve (`force: true` writes anyway);
 *   nothing was written.
 * - `LSP_EDIT_ADDS_ERRORS`: a rename's `apply` refused because, applied in the servers' view only
 *   (`overlayDiagnostics`), it adds errors (`force: true` writes anyway); nothing was written.
 * - `LSP_EDIT_NAME_CONFLICT`: a rename's `apply` refused because, applied in the servers' view
 *   only, the new name's references are not the renamed ones: a declaration of the new name already
 *   in scope captures a renamed reference, or the renamed declaration captures another symbol's
 *   uses (`force: true` writes anyway); nothing was written.
 * - `LSP_EDIT_LINE_BREAKS`: an edit (preview or apply) refused because a file it changes holds a
 *   line break servers count otherwise than LSP (a lone CR, which gopls does not count; U+2028 or
 *   U+2029, which tsserver does), after which the server's positions may be a line off; nothing was
 *   written. The message names the break and where it is.
 * - `LSP_NOT_A_REPOSITORY`, `LSP_INVALID_REVISION`: `impact` asked outside a git work tree, or
 *   about a revision git does not resolve to a commit.
 * - `LSP_FILE_EXISTS`: `moveFile` refused because its `newPath` exists (a file or a folder);
 *   nothing was written.
 * - `LSP_SYMBOL_NOT_FOUND`, `LSP_SYMBOL_AMBIGUOUS`: from `runLspQuery`, when a `symbol` names
 *   no symbol or several (the message suggests or lists them); `execute()` answers those in text,
 *   but for an `apply`, which wrote nothing: then they are its error (`… Nothing was written.`).
 *
 * The tool also raises these seam codes itself: `LSP_FILE_NOT_FOUND` (the file is missing, a
 * directory, not a regular file, or unreadable: a symlink loop, a name too long, no permission),
 * `LSP_NOT_TEXT` (not UTF-8 text: it holds NUL bytes, or starts with a UTF-16 byte order mark;
 * a file an edit writes, also any byte UTF-8 does not allow, such as Latin-1's),
 * `LSP_OUTSIDE_WORKSPACE` (a path, or `fileFilter`, whose real
 * path is outside the root's: `..`, an absolute path elsewhere, a symlink leading out),
 * `LSP_INVALID_POSITION`, `LSP_TIMEOUT` (its own `timeoutMs` expired) and `LSP_CANCELLED` (the
 * caller's signal aborted).
 */
export type LspToolErrorCode =
  | LspErrorCode
  | 'LSP_INVALID_INPUT'
  | 'LSP_INVALID_OPTIONS'
  | 'LSP_INTERNAL'
  | 'LSP_SYMBOL_NOT_FOUND'
  | 'LSP_SYMBOL_AMBIGUOUS'
  | 'LSP_EDIT_CONFLICT'
  | 'LSP_EDIT_FAILED'
  | 'LSP_EDIT_INCOMPLETE'
  | 'LSP_EDIT_ADDS_ERRORS'
  | 'LSP_EDIT_NAME_CONFLICT'
  | 'LSP_EDIT_LINE_BREAKS'
  | 'LSP_NOT_A_REPOSITORY'
  | 'LSP_INVALID_REVISION'
  | 'LSP_FILE_EXISTS'

const marker = Symbol.for('@agent-lsp/tool-lsp/LspToolError')

/**
 * What `execute()` and `runLspQuery()` reject with: a stable {@link LspToolErrorCode} and a
 * one-line message written for the model (which field, what was expected, what to do), never a
 * stack: the constructor drops stack frame lines and joins the rest, whoever builds the error.
 * `cause` keeps the underlying error, e.g. the seam's `LspError`. Route on `code` (design doc,
 * "The tool").
 */
export class LspToolError extends HarnessError<LspToolErrorCode> {
  private readonly [marker] = true

  constructor(code: LspToolErrorCode, message: string, options: HarnessErrorOptions = {}) {
    super(code, oneLine(message), 'cause' in options ? { cause: options.cause } : {})
    this.name = 'LspToolError'
  }

  /** Whether `value` is an `LspToolError` from any copy of this package. */
  static override isInstance(value: unknown): value is LspToolError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true
  }
}
