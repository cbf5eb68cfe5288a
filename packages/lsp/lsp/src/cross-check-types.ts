import type { LspLocation } from './positions.js'

/**
 * A place where the symbol's name occurs that the server did not list and could not resolve: it
 * may be this symbol (dynamic dispatch, an `any`-typed receiver, code the server does not cover).
 * `unresolved`: `goToDefinition` there answered nothing. `failed`: asking failed (`message` says
 * why, e.g. `LSP_TIMEOUT: …`), or it led into the symbol's file and whether to another declaration of
 * the symbol (an overload signature) could not be told (`could not tell whether it leads to another
 * declaration of over: LSP_TIMEOUT: …`). `declaration`: it leads to a declaration of the name in a compiled
 * declaration file (`.d.ts`) of the package the symbol's source is in — a use through the
 * package's build output (`dist/index.d.ts`), which the server does not map to the source without
 * declaration maps; `declaration` is that place. `counterpart`: it leads to a declaration of the
 * name in the symbol's counterpart, the JavaScript file a hand-written declaration file declares or
 * that declaration file (`lib.js` beside `lib.d.ts`): one function at run time, two symbols to the
 * server; `declaration` is that place. `fixture`: the symbol is a pytest fixture (a Python function
 * decorated `@pytest.fixture`, or `@fixture` imported from pytest) and the occurrence is a function's
 * parameter, or a `@pytest.mark.usefixtures("name")` string, where pytest looks for it (the module
 * declaring it, or the folder of its `conftest.py`): pytest binds the fixture to it by name.
 * `interface`: the symbol is a Go method and the occurrence leads to a method of an interface its
 * receiver's type satisfies that the server does not relate to it (`goToImplementation` at the
 * interface method lists the symbol, at the symbol does not list the interface method): an
 * anonymous interface of a type assertion (`v.(interface{ Basic() *BasicType })`), a type switch,
 * a field or a parameter. Calls there may run it, and a rename of it alone leaves the interface,
 * which the type then no longer satisfies, with no build error where it is asserted at run time;
 * `declaration` is the interface method.
 * `keyed`: a TypeScript string TypeScript checks against a union of keys holding the name (the
 * server offers the name as a completion there: `keyof`, an indexed access type), from a property's
 * answer; or, from such a string's answer, a declaration of the name it may be the key of.
 */
export interface LspCandidate {
  /** The occurrence: the name's range, zero-based UTF-16, half-open. */
  readonly location: LspLocation
  readonly reason: 'unresolved' | 'failed' | 'declaration' | 'counterpart' | 'fixture' | 'interface' | 'keyed'
  /** Why asking failed (an `LspError`'s `code: message`); `null` for the other reasons. */
  readonly message: string | null
  /** For `declaration`, `counterpart` and `interface`: where `goToDefinition` at the occurrence leads (the `.d.ts`, the counterpart, the interface method). */
  readonly declaration?: LspLocation
}

/**
 * How many whole-word occurrences of the name a cross-check found, by what became of each; they
 * add up to `occurrences`. For `goToImplementation` every occurrence the server resolves counts
 * as `elsewhere` (a use of the symbol is not an implementation of it), so `added` is 0; for
 * `incomingCalls` so does one that leads to the symbol without calling it (an import, a type, the
 * function passed as a value): `added` holds calls only.
 */
export interface LspCrossCheckCounts {
  readonly occurrences: number
  /** Already in the server's answer. */
  readonly listed: number
  /** Not in the answer, but `goToDefinition` there leads to this symbol: places the server missed. */
  readonly added: number
  /**
   * `goToDefinition` there leads to another symbol of the same name: not ours. A place leading to
   * any declaration of this symbol (an overload signature, not only the one the query was asked at)
   * is this symbol; for `incomingCalls` such a declaration itself is counted here, never as a call.
   */
  readonly elsewhere: number
  /** Listed in {@link LspCrossCheck.candidates}. */
  readonly candidates: number
  /**
   * In comments or strings: counted, never asked about. Those in strings are also in
   * {@link LspCrossCheck.inStrings} (the rest, `commentsOrStrings - inStrings.count`, are in comments).
   */
  readonly commentsOrStrings: number
  /**
   * In generated files (ending with a `//# sourceMappingURL=` comment: a compiler's or bundler's
   * copy of sources the server answers for, such as a package's `dist/`): counted, never asked about;
   * none when the symbol asked is in a generated file, whose occurrences are then its places, asked.
   */
  readonly generated: number
  /**
   * Used as a keyword of its file's language there, not as a name (`type Foo =` and `import type`
   * for a member named `type`, Python's `from`; `e.type` and `type: string` are names): counted,
   * never asked about (see `@agent-lsp/keywords`).
   */
  readonly keywords: number
  /** Left unclassified because the cross-check's bound (count or time) cut the work. */
  readonly unchecked: number
}

/**
 * A file of the searched kinds that the cross-check's text search left out although it may name
 * the symbol: places there were neither counted nor asked about. `too-large`: over the search's
 * bound of 4 MiB (ripgrep's `--max-filesize 4M`; generated or data files mostly), listed only when
 * its bytes hold the name as a whole word or were not looked at (past a bound of bytes per check).
 * `binary`: it holds a NUL byte, so the search (as ripgrep does) read it as binary, and it holds the
 * name. `unreadable`: reading the file, or listing the folder (`uri` then a folder's), failed
 * (`EACCES`, `EPERM`, `EIO`…).
 */
export interface LspUnsearchedFile {
  /** The file's (or the folder's) canonical `file:` URI, as in `LspLocation`. */
  readonly uri: string
  readonly reason: 'too-large' | 'binary' | 'unreadable'
  /** Its size in bytes; `null` when not known (`unreadable`). */
  readonly bytes: number | null
}

/** The files a cross-check's search left out (see {@link LspUnsearchedFile}). */
export interface LspUnsearched {
  /** How many in all. */
  readonly count: number
  /** The first of them by path, at most 20. */
  readonly files: readonly LspUnsearchedFile[]
}

/**
 * The occurrences of the name inside string literals (quoted strings, template and f-string text,
 * regular expressions, heredocs) that are the name or a dotted path through it (a quote or a dot on
 * each side: `"prepare_key"`, `"jwt.Algorithm.prepare_key"`), or that hold it beside code punctuation
 * with nothing joining it to another word (`{{.Title}}`, `"${TRAP} on_exit;"`, `"pkg.mod:func"`,
 * `action=do_build`; not `'./greet'`, `"--total"`, not prose), also in Python's `setup.cfg` and
 * `pyproject.toml` (entry points: `name = pkg.mod:func`): not references, and never asked about, but code may use the symbol by that name
 * (`getattr(alg, "prepare_key")`, `'closed' in value`), which no server follows and no rename changes. They are among `counts.commentsOrStrings`; comments are not listed, and neither is
 * a Python string standing alone as a statement (a docstring: documentation, as a comment is).
 */
export interface LspInStrings {
  /** How many in all. */
  readonly count: number
  /** The first of them by location (path, then line and character), at most 20: the name's range, zero-based UTF-16, half-open. */
  readonly locations: readonly LspLocation[]
}

/**
 * What a textual cross-check found for a reference-like answer (`findReferences`,
 * `goToImplementation`, `incomingCalls`): every whole-word, case-sensitive occurrence of the
 * symbol's name in the workspace's files of the provider's languages (ignored files left out),
 * and for each one the server did not list, where `goToDefinition` there leads. Set by a layer
 * over the seam (`@agent-lsp/lsp-crosscheck`), never by a provider; absent when none ran.
 * Candidates make the answer `partial` (`unresolved`); occurrences left unchecked, and files left
 * out of the search (`unsearched`), make it `partial` (`unchecked`).
 */
export interface LspCrossCheck {
  /** The name searched for. */
  readonly name: string
  /** How many files held at least one occurrence. */
  readonly files: number
  /**
   * The occurrences that lead to this symbol but were not in the answer, sorted as locations are.
   * A `findReferences` answer also includes them in its `locations`; `incomingCalls` lists them
   * only here (the server named no caller for them).
   */
  readonly added: readonly LspLocation[]
  /** The occurrences the server could not resolve, sorted by location. */
  readonly candidates: readonly LspCandidate[]
  readonly counts: LspCrossCheckCounts
  /** The search stopped at its bound of occurrences: those past it were not counted. */
  readonly truncated: boolean
  /** The files the search left out though they may name the symbol; `count` 0 when none. */
  readonly unsearched: LspUnsearched
  /** The occurrences in string literals (see {@link LspInStrings}); `count` 0 when none. They leave the answer `complete`. */
  readonly inStrings: LspInStrings
  /**
   * `incomingCalls` only: the occurrences that lead to the function without calling it and use it
   * as a value — passed (`.then(noop)`, `signal.connect(handler)`), stored (`{ onDone: noop }`)
   * or returned — not an import, export or type. It may be called through them where no call
   * names it, so they make the answer `partial` (`unresolved`). Absent for other operations.
   */
  readonly valueUses?: LspValueUses
}

/** The places a function is used as a value (see {@link LspCrossCheck.valueUses}). */
export interface LspValueUses {
  /** How many in all. */
  readonly count: number
  /** The first of them by location, at most 20: the name's range, zero-based UTF-16, half-open. */
  readonly locations: readonly LspLocation[]
}
