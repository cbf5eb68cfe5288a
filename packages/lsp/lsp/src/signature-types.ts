/** A parameter of a signature (LSP 3.17 §ParameterInformation), its label as text. */
export interface LspParameterInformation {
  readonly label: string
  readonly documentation?: string
}

/** One signature (LSP 3.17 §SignatureInformation). */
export interface LspSignatureInformation {
  readonly label: string
  readonly documentation?: string
  readonly parameters: readonly LspParameterInformation[]
  /**
   * This signature's own active parameter (zero-based, within `parameters`), when the server sets
   * one per signature (LSP 3.16); for the active signature it is also `LspSignatureHelp.activeParameter`.
   */
  readonly activeParameter?: number
}

/** Signature help at a call (LSP 3.17 §SignatureHelp); zero-based indexes. */
export interface LspSignatureHelp {
  readonly signatures: readonly LspSignatureInformation[]
  readonly activeSignature: number
  /**
   * The active signature's active parameter, zero-based: 0 when the server omits it and the
   * signature has parameters (the LSP 3.17 default); `null` when the signature has none, or the
   * server says none is active (`null`, or an index past the parameters: an extra argument).
   */
  readonly activeParameter: number | null
}
