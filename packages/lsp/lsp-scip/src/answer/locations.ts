import type { ScipModel, ScipOccurrence } from '../scip/model.js'

/** A row of an answer: a document (relative path) and a range, before it becomes a URI. */
export type Row = Pick<ScipOccurrence, 'path' | 'range'>

/** The symbol at a position: the occurrence there, if any. */
export type Cursor = { readonly path: string; readonly occurrence: ScipOccurrence | undefined }

/** Where the symbol at the cursor is defined (every definition occurrence: overloads, merged declarations). */
export function definitionRows(model: ScipModel, cursor: Cursor): Row[] {
  const { occurrence } = cursor
  return occurrence === undefined ? [] : model.definitionsOf(occurrence.symbol, cursor.path)
}

/** Every occurrence of the symbol at the cursor, its definitions included (as the seam requires). */
export function referenceRows(model: ScipModel, cursor: Cursor): Row[] {
  const { occurrence } = cursor
  return occurrence === undefined ? [] : [...model.occurrencesOf(occurrence.symbol, cursor.path)]
}

/**
 * The definitions of the symbols that implement the one at the cursor (SCIP relationships with
 * `is_implementation`, followed transitively: a class implementing an interface, a method
 * implementing or overriding one). A symbol nothing implements is its own implementation, as
 * tsserver answers for a concrete function: its definitions.
 */
export function implementationRows(model: ScipModel, cursor: Cursor): Row[] {
  const { occurrence } = cursor
  if (occurrence === undefined) return []
  const implementors = model.implementationsOf(occurrence.symbol, cursor.path)
  if (implementors.length === 0) return model.definitionsOf(occurrence.symbol, cursor.path)
  return implementors.flatMap((symbol) => model.definitionsOf(symbol, cursor.path))
}
