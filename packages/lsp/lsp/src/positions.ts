/**
 * A cursor coordinate in LSP wire units (LSP 3.17 §Position): zero-based `line`, zero-based
 * `character` counted in **UTF-16 code units** of that line.
 */
export interface LspPosition {
  /** Zero-based line. */
  readonly line: number
  /** Zero-based UTF-16 code-unit offset within the line. */
  readonly character: number
}

/** A half-open range `[start, end)` of zero-based UTF-16 positions (LSP 3.17 §Range). */
export interface LspRange {
  readonly start: LspPosition
  readonly end: LspPosition
}

/** One location (LSP 3.17 §Location), normalized from `Location` or `LocationLink`. */
export interface LspLocation {
  /**
   * The document URI in canonical form (parsed and re-serialized with `vscode-uri`, so one
   * document always has one spelling). Usually `file:`; other schemes pass through.
   */
  readonly uri: string
  /**
   * The range to show: a `Location`'s `range`, or a `LocationLink`'s `targetSelectionRange`
   * (the symbol's name, not the whole declaration with its decorators and comments).
   */
  readonly range: LspRange
}

/** The order of ranges: by start, then end (line, then UTF-16 character). */
export function compareRanges(a: LspRange, b: LspRange): number {
  return a.start.line - b.start.line || a.start.character - b.start.character || a.end.line - b.end.line || a.end.character - b.end.character
}

/** The order locations are answered in: by URI (as strings compare), then {@link compareRanges}. */
export function compareLocations(a: LspLocation, b: LspLocation): number {
  if (a.uri !== b.uri) return a.uri < b.uri ? -1 : 1
  return compareRanges(a.range, b.range)
}
