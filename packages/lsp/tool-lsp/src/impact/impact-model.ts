import type { LspCandidate, LspLocation, LspSymbolKind } from '@agent-lsp/lsp'
import type { DiffSpec } from '../input/tool-request.js'

/** A symbol of an impact answer: its name path, kind, file (relative) and name's place. */
export interface ImpactSymbol {
  readonly namePath: string
  readonly kind: LspSymbolKind
  readonly location: LspLocation
}

/** One reference to a symbol (its declaration left out), and whether it is in a test file. */
export interface ImpactUse {
  readonly location: LspLocation
  readonly test: boolean
}

/**
 * A symbol and who uses it: depth 1 is a changed symbol, depth 2 a symbol holding a reference to
 * one of depth 1 (its caller, or whatever declares that reference), and so on.
 */
export interface ImpactNode {
  readonly symbol: ImpactSymbol
  readonly depth: number
  /** The changed lines on disk it holds (1-based), for depth 1. */
  readonly changedLines: readonly number[]
  /** `findReferences` (cross-checked) without the declaration, in location order. */
  readonly uses: readonly ImpactUse[]
  /** Places naming it that may be it: the cross-check's candidates (unresolved, or through compiled declarations). */
  readonly candidates: readonly LspCandidate[]
  /** Why its references may be incomplete (`Partial (reason): message`), when they may. */
  readonly partial?: string
  /** Not asked: the bound on symbols asked about was reached. */
  readonly unasked: boolean
  /** The symbols one level further, in the order their uses come. */
  readonly users: readonly ImpactNode[]
}

/** A declaration the diff removed (a deleted file's, or lines no longer holding that name). */
export interface DeletedName {
  readonly name: string
  /** The old file, relative. */
  readonly file: string
  /** 1-based line in the old text. */
  readonly line: number
  readonly fileDeleted: boolean
  /** Places in the working tree's tracked files still naming it (`git grep -w`), at most a bound. */
  readonly places: readonly LspLocation[]
  /** Places past the bound. */
  readonly more: number
}

/** Everything an impact answer says. */
export interface ImpactModel {
  readonly spec: DiffSpec
  /** Depth-1 nodes, by file then position. */
  readonly changed: readonly ImpactNode[]
  /** Changed lines in no symbol (imports, top-level statements), per file; 1-based. */
  readonly outside: readonly { readonly file: string; readonly lines: readonly number[] }[]
  /** Changed files that were not outlined, and why (no language server for them, binary). */
  readonly unread: readonly { readonly file: string; readonly reason: string }[]
  readonly deleted: readonly DeletedName[]
  /** The depth bound. */
  readonly maxDepth: number
  /** Symbols one level past the bound that use a listed one: not followed. */
  readonly cut: number
  /** Symbols not asked about because of the bound on questions or on time. */
  readonly unasked: number
}
