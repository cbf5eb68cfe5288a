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
  // `new X(…)` names X's constructor; tsserver answers there with the class's references.
  const constructed = occurrence.definition ? undefined : classOfConstructor(occurrence.symbol)
  return referenceRowsOf(model, constructed ?? occurrence.symbol, cursor.path)
}

/** scip-typescript's constructor of a class: `…/X#` followed by this. */
const CONSTRUCTOR = '`<constructor>`().'

/** The class whose constructor `symbol` is (`…/X#`<constructor>`().` → `…/X#`), else `undefined`. */
function classOfConstructor(symbol: string): string | undefined {
  return symbol.endsWith(`#${CONSTRUCTOR}`) ? symbol.slice(0, -CONSTRUCTOR.length) : undefined
}

/**
 * {@link referenceRows} of `symbol` (of `path`'s document, for a local one). A class's include its
 * constructions: scip-typescript names the constructor at each `new X(…)` (a class with its own
 * constructor), tsserver the class, so the constructor's occurrences other than its declaration
 * are the class's too (`super(…)` has none).
 */
export function referenceRowsOf(model: ScipModel, symbol: string, path: string): Row[] {
  const overriding = model.referrersOf(symbol, path).flatMap((referrer) => model.definitionsOf(referrer, path))
  const constructions = symbol.endsWith('#') ? model.occurrencesOf(`${symbol}${CONSTRUCTOR}`, path).filter((occurrence) => !occurrence.definition) : []
  return [...model.occurrencesOf(symbol, path), ...constructions, ...overriding]
}

/**
 * The definitions of the symbols implementing the global `symbol` in `model`, and its own when it
 * is a class there: an index's share of an answer whose own rule (see {@link implementationRows})
 * another index applies.
 */
export function implementorRowsOf(model: ScipModel, symbol: string): Row[] {
  const implementors = model.implementationsOf(symbol, '').flatMap((implementor) => model.definitionsOf(implementor, ''))
  const isClass = symbolKindOf(symbol, model.infoOf(symbol, '')) === 'Class'
  return isClass ? [...model.definitionsOf(symbol, ''), ...implementors] : implementors
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
