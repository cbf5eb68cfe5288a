import type { LspLocation, LspRange } from './positions.js'

/** A diagnostic's severity (LSP 3.17 `DiagnosticSeverity`); a server that omits it means `Error`. */
export type LspDiagnosticSeverity = 'Error' | 'Warning' | 'Information' | 'Hint'

/** A compiler error, warning or hint (LSP 3.17 §Diagnostic). */
export interface LspDiagnostic {
  readonly range: LspRange
  readonly severity: LspDiagnosticSeverity
  readonly code?: string | number
  /** Who reports it, e.g. `typescript`, `Pyright`. */
  readonly source?: string
  readonly message: string
  readonly relatedInformation: readonly { readonly location: LspLocation; readonly message: string }[]
}
