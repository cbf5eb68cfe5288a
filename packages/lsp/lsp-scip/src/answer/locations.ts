import type { ScipModel, ScipOccurrence } from '../scip/model.js'
import { symbolKindOf } from './kinds.js'

/** A row of an answer: a document (relative path) and a range, before it becomes a URI. */
export type Row = Pick<ScipOccurrence, 'path' | 'range'>

/** The symbol at a position: the occurrence there, if any. */
export type Cursor = { readonly path: string; readonly occurrence: ScipOccurrence | undefined }

/** Where the symbol at the cursor is defined (every definition occurrence: overloads, merged declarations). */
export function definitionRows(model: ScipModel, cursor: Cursor): Row[] {
  const { occurrence } = cursor
  return occurrence === undefined ? [] : model.definitionsOf(occurrence.symbol, cursor.path)
}

/**
 * Every occurrence of the symbol at the cursor, its definitions included (as the seam requires),
 * and the definitions of the members that override or implement it (`is_reference`
 * relationships), which tsserver lists among a base member's references too.
 */
export function referenceRows(model: ScipModel, cursor: Cursor): Row[] {
  const { occurrence } = cursor
  if (occurrence === undefined) return []
  const overriding = model.referrersOf(occurrence.symbol, cursor.path).flatMap((symbol) => model.definitionsOf(symbol, cursor.path))
  return [...model.occurrencesOf(occurrence.symbol, cursor.path), ...overriding]
}

/**
 * The definitions of the symbols that implement the one at the cursor (SCIP relationships with
 * `is_implementation`, followed transitively: a class implementing an interface or extending a
 * class, a method implementing or overriding one), and, as tsserver answers, the symbol's own
 * definitions when it is a class (abstract or not; never an interface) or nothing implements it.
 */
export function implementationRows(model: ScipModel, cursor: Cursor): Row[] {
  const { occurrence } = cursor
  if (occurrence === undefined) return []
  const own = model.definitionsOf(occurrence.symbol, cursor.path)
  const implementors = model.implementationsOf(occurrence.symbol, cursor.path).flatMap((symbol) => model.definitionsOf(symbol, cursor.path))
  if (implementors.length === 0) return own
  const isClass = symbolKindOf(occurrence.symbol, model.infoOf(occurrence.symbol, cursor.path)) === 'Class'
  return isClass ? [...own, ...implementors] : implementors
}
