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

/**
 * The order of names and URIs in answers: by UTF-16 code units, as `<` compares strings; never by
 * locale (`localeCompare` loads ICU's collation, ~3 MB, and orders by the host's language).
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The order of ranges: by start, then end (line, then UTF-16 character). */
export function compareRanges(a: LspRange, b: LspRange): number {
  return a.start.line - b.start.line || a.start.character - b.start.character || a.end.line - b.end.line || a.end.character - b.end.character
}

/**
 * Whether zero-based UTF-16 `at` lies in `range`, both ends included (a cursor right after a name
 * is on it; a range of the name alone ends on it); a range `at`, when both its ends do.
 */
export function rangeHolds(range: LspRange, at: LspPosition | LspRange): boolean {
  if ('start' in at) return rangeHolds(range, at.start) && rangeHolds(range, at.end)
  const afterStart = range.start.line < at.line || (range.start.line === at.line && range.start.character <= at.character)
  const beforeEnd = at.line < range.end.line || (at.line === range.end.line && at.character <= range.end.character)
  return afterStart && beforeEnd
}

/** The order locations are answered in: by URI ({@link compareCodeUnits}), then {@link compareRanges}. */
export function compareLocations(a: LspLocation, b: LspLocation): number {
  return compareCodeUnits(a.uri, b.uri) || compareRanges(a.range, b.range)
}
