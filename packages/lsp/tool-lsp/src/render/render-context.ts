import type { LspLocation, LspOperation } from '@agent-lsp/lsp'
import type { Cursor } from '../input/cursor.js'
import type { LineReader } from '../input/file-lines.js'

/** What a query was about, for the answer's wording. */
export type Subject =
  | { readonly kind: 'cursor'; readonly cursor: Cursor }
  | { readonly kind: 'file'; readonly absolutePath: string; readonly displayPath: string }
  | { readonly kind: 'workspace'; readonly query: string }

/** What rendering an answer needs besides the answer. */
export interface RenderContext {
  readonly operation: LspOperation
  readonly subject: Subject
  /** The workspace root as requested (maybe a symlink), for paths a provider reports under it. */
  readonly workspaceRoot: string
  /** Rows a page. */
  readonly maxResults: number
  /** The 1-based page asked for. */
  readonly page: number
  /** Only rows under this path (see `normalizeFileFilter`), when given. */
  readonly fileFilter: string | undefined
  readonly readLines: LineReader
  /** `codeActions`: the kind the list was restricted to, when it was. */
  readonly only?: string
  /**
   * Where the symbol of a `findReferences` answer is declared, best guess first; asked only when
   * the answer is cut into pages (see `renderLocations`). Never rejects.
   */
  readonly declarations: () => Promise<readonly LspLocation[]>
  /** How hints name the input fields (see `LspToolOptions.writeFlags`); default the tool's. */
  readonly writeFlags?: 'tool' | 'command'
}
