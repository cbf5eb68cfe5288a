import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { untilAborted } from '@agent-lsp/abort'
import { isKeywordUse, languageOfExtension } from '@agent-lsp/keywords'
import { LspError, type LspLocation, type LspPosition, type LspSymbol } from '@agent-lsp/lsp'
import { namedList, relativeInside, shownPath } from '@agent-lsp/wording'
import { URI } from 'vscode-uri'
import type { HierarchyContext } from './hierarchy-context.js'
import { splitLines } from '@agent-lsp/text-lines'
import { rangeHolds } from '../text/positions.js'
import { oneLine } from '../text/one-line.js'
import type { Unfollowed } from './unfollowed.js'

/** A class as its file's `documentSymbol` lists it, and the symbols it declares directly. */
export interface ClassSymbol {
  readonly uri: string
  readonly symbol: LspSymbol
}

/** Base classes followed upwards from a class: enough for real hierarchies (Django's views: 6), bounded for cycles; past it said. */
const MAX_DEPTH = 8

const CLASS_KINDS: ReadonlySet<string> = new Set(['Class', 'Interface', 'Struct'])

/** The symbol kinds a method is listed under (a property or field may hold one). */
export const METHOD_KINDS: ReadonlySet<string> = new Set(['Method', 'Property', 'Function', 'Field'])

/** The method named `name` that `klass` declares itself. */
export function ownMethod(klass: ClassSymbol, name: string): LspSymbol | undefined {
  return klass.symbol.children.find((child) => child.name === name && METHOD_KINDS.has(child.kind))
}

/** `uri#line:character` of a place (zero-based, UTF-16): one key per position of a file. */
export const positionKey = (uri: string, position: LspPosition): string => `${uri}#${position.line}:${position.character}`

/** {@link positionKey} of a symbol's name: one key per declaration. */
export const symbolKey = (uri: string, symbol: LspSymbol): string => positionKey(uri, symbol.selectionRange.start)

/** {@link symbolKey} of a class. */
export const classKey = (klass: ClassSymbol): string => symbolKey(klass.uri, klass.symbol)

/**
 * The classes above a class, found with the server's own questions only (no parser of any
 * language): the identifiers of the class header (between its name and its body, outside generic
 * arguments) are asked `goToDefinition`, and each answer naming a class in its file's
 * `documentSymbol` is a base. pyright offers no type hierarchy; this is what its answers allow.
 * Each file's symbols and text are asked once per hierarchy.
 */
export class ClassHierarchy {
  readonly #context: HierarchyContext
  readonly #symbols = new Map<string, Promise<readonly LspSymbol[]>>()
  readonly #lines = new Map<string, Promise<readonly string[] | undefined>>()
  readonly #bases = new Map<string, Promise<readonly ClassSymbol[]>>()
  /** Bases outside the workspace by {@link classKey} of the class naming them (`Worker` → `Thread`): the seam lists no symbols there, so their methods are unknown. */
  readonly #outside = new Map<string, Map<string, LspLocation[]>>()
  /** What was not read, by its message (or the class it is of): a server's failure, a level past {@link MAX_DEPTH}. */
  readonly #unread = new Map<string, Unfollowed>()

  constructor(context: HierarchyContext) {
    this.#context = context
  }

  /** The lines of the file at `uri` as on disk (see `splitLines`); undefined when it cannot be read. */
  linesOf(uri: string): Promise<readonly string[] | undefined> {
    let known = this.#lines.get(uri)
    if (known === undefined) {
      known = readFile(URI.parse(uri).fsPath, 'utf8').then(splitLines, () => undefined)
      this.#lines.set(uri, known)
    }
    return known
  }

  /** The document symbols of `uri` (none when the server cannot list them). */
  symbolsOf(uri: string): Promise<readonly LspSymbol[]> {
    let known = this.#symbols.get(uri)
    if (known === undefined) {
      const { ctx, workspaceRoot, signal } = this.#context
      known = untilAborted(ctx.lsp.query({ operation: 'documentSymbol', filePath: URI.parse(uri).fsPath, workspaceRoot }, signal), signal).then(
        (result) => result.symbols,
        (error: unknown) => {
          if (signal.aborted) throw error
          // A file outside the workspace (where the seam answers nothing) or gone holds none of its classes.
          const nothing = LspError.isInstance(error) && (error.code === 'LSP_OUTSIDE_WORKSPACE' || error.code === 'LSP_FILE_NOT_FOUND')
          if (!nothing) this.#said('failed', `the language server failed to list the symbols of ${this.#shown(uri)} (${oneLine(LspError.describe(error))}): its classes were not read`)
          return []
        },
      )
      this.#symbols.set(uri, known)
    }
    return known
  }

  /** The innermost class of `uri` whose range holds `at`, or whose name does. */
  async classAt(uri: string, at: LspPosition): Promise<ClassSymbol | undefined> {
    let found: LspSymbol | undefined
    const walk = (list: readonly LspSymbol[]): void => {
      for (const symbol of list) {
        if (!rangeHolds(symbol.range, at) && !rangeHolds(symbol.selectionRange, at)) continue
        if (CLASS_KINDS.has(symbol.kind)) found = symbol
        walk(symbol.children)
      }
    }
    walk(await this.symbolsOf(uri))
    return found === undefined ? undefined : { uri, symbol: found }
  }

  /** The names of the bases of `klass` found outside the workspace, once its bases were asked (see {@link ancestorsOf}). */
  basesOutside(klass: ClassSymbol): readonly string[] {
    return [...(this.#outside.get(classKey(klass))?.keys() ?? [])]
  }

  /** Where `goToDefinition` led each base of {@link basesOutside} (the library's class: `threading.py`'s `Thread`), by its name. */
  basesOutsideAt(klass: ClassSymbol): ReadonlyMap<string, readonly LspLocation[]> {
    return this.#outside.get(classKey(klass)) ?? new Map()
  }

  /** Every class above `klass`, nearest first, to {@link MAX_DEPTH} levels. */
  async ancestorsOf(klass: ClassSymbol): Promise<ClassSymbol[]> {
    const seen = new Map<string, ClassSymbol>([[classKey(klass), klass]])
    let level: ClassSymbol[] = [klass]
    for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
      const next: ClassSymbol[] = []
      for (const bases of await Promise.all(level.map((each) => this.basesOf(each)))) {
        for (const base of bases) {
          if (seen.has(classKey(base))) continue
          seen.set(classKey(base), base)
          next.push(base)
        }
      }
      level = next
    }
    // Past the depth, the bases of the last level are asked to tell whether any was left.
    const beyond = (await Promise.all(level.map((each) => this.basesOf(each)))).flat().filter((base) => !seen.has(classKey(base)))
    if (beyond.length > 0) this.#said('unchecked', `the classes above ${klass.symbol.name} past ${MAX_DEPTH} levels (${namedList([...new Set(beyond.map((base) => base.symbol.name))])}) were not looked at`)
    return [...seen.values()].slice(1)
  }

  /** What the hierarchy could not read (a server's failure) or left (past {@link MAX_DEPTH} levels), each said once. */
  unread(): readonly Unfollowed[] {
    return [...this.#unread.values()]
  }

  /** `message` said once per `key` (a class's bases the server failed at: its first failure). */
  #said(reason: Unfollowed['reason'], message: string, key = message): void {
    if (!this.#unread.has(key)) this.#unread.set(key, { reason, message })
  }

  /** A file's path as an answer shows it: relative to the workspace root when inside it. */
  #shown(uri: string): string {
    return shownPath(this.#context.workspaceRoot, URI.parse(uri).fsPath)
  }

  /** The direct bases of `klass` in the workspace, in the order its header names them. */
  basesOf(klass: ClassSymbol): Promise<readonly ClassSymbol[]> {
    const key = classKey(klass)
    let known = this.#bases.get(key)
    if (known === undefined) {
      known = this.#askBases(klass)
      this.#bases.set(key, known)
    }
    return known
  }

  async #askBases(klass: ClassSymbol): Promise<ClassSymbol[]> {
    const path = URI.parse(klass.uri).fsPath
    const lines = await this.linesOf(klass.uri)
    if (lines === undefined) return []
    const { ctx, workspaceRoot, signal } = this.#context
    const found: ClassSymbol[] = []
    const identifiers = headerIdentifiers(lines, klass.symbol)
    // Asked together (each answer is independent of the others), read in the header's order.
    const answers = await Promise.all(
      identifiers.map((at) => untilAborted(ctx.lsp.query({ operation: 'goToDefinition', filePath: path, position: at, workspaceRoot }, signal), signal).then((answer) => ({ answer }), (error: unknown) => ({ error }))),
    )
    for (const [index, at] of identifiers.entries()) {
      const asked = answers[index]!
      let answer: { readonly locations: readonly LspLocation[] } | undefined
      if ('error' in asked) {
        const { error } = asked
        if (signal.aborted) throw error
        // A keyword of the header (`interface`, `extends`, `public`) names no base: gopls answers "no identifier found" there.
        const word = /^[\p{L}\p{N}_$]*/u.exec(lines[at.line]!.slice(at.character))![0]
        if (!isKeywordUse(lines[at.line]!, at.character, at.character + word.length, languageOfExtension(extname(path).toLowerCase())))
          this.#said('failed', `the language server failed at a base of ${klass.symbol.name} (${this.#shown(klass.uri)}:${at.line + 1}:${at.character + 1}; ${oneLine(LspError.describe(error))}): it was not followed`, `bases of ${classKey(klass)}`)
      } else answer = asked.answer
      for (const location of answer?.locations ?? []) {
        // A name leading to a module, no class, is defined at its file's start.
        const module = location.range.start.line === 0 && location.range.start.character === 0 && location.range.end.line === 0 && location.range.end.character === 0
        if (relativeInside(workspaceRoot, URI.parse(location.uri).fsPath) === undefined) {
          if (module) continue
          const word = /^[\w$]+/.exec(lines[at.line]!.slice(at.character))![0]
          const named = this.#outside.get(classKey(klass)) ?? new Map<string, LspLocation[]>()
          named.set(word, [...(named.get(word) ?? []), location])
          this.#outside.set(classKey(klass), named)
          continue
        }
        const base = await this.classAt(location.uri, location.range.start)
        if (base !== undefined && rangeHolds(base.symbol.selectionRange, location.range.start) && !found.some((other) => classKey(other) === classKey(base))) found.push(base)
      }
    }
    return found
  }
}

/** Whether `text`, starting at a dotted name (`BaseManager.from_queryset(…)`), is a call of it. */
const qualifiesCall = (text: string): boolean => /^[\p{L}_$][\p{L}\p{N}_$]*(?:\s*\.\s*[\p{L}_$][\p{L}\p{N}_$]*)+\s*\(/u.test(text)

/**
 * Where each identifier of a class header starts (zero-based UTF-16): the text after the name up
 * to the body (a `:` or `{` outside brackets, after some header text; or the first member),
 * skipping generic arguments (`[…]`, `<…>`), keyword arguments (`metaclass=Meta`) and the
 * qualifiers of a dotted name (`mod` of `mod.Base`) but a call's (`Base` of `Base.factory(…)`).
 */
export function headerIdentifiers(lines: readonly string[], klass: LspSymbol): LspPosition[] {
  const first = klass.children[0]?.range.start
  const found: LspPosition[] = []
  let depth = 0
  let parens = 0
  let started = false
  // After `metaclass=`, up to the next `,` or `)`: a keyword argument's value, not a base.
  let keywordValue = false
  for (let line = klass.selectionRange.end.line; line < lines.length && line <= klass.range.end.line; line++) {
    const text = lines[line]!
    let column = line === klass.selectionRange.end.line ? klass.selectionRange.end.character : 0
    while (column < text.length) {
      if (first !== undefined && (line > first.line || (line === first.line && column >= first.character))) return found
      const char = text[column]!
      if (char === '#' || (char === '/' && text[column + 1] === '/')) break
      if (char === '[' || char === '<') depth++
      else if ((char === ']' || char === '>') && depth > 0) depth--
      else if (char === '(') parens++
      else if (char === ')' && parens > 0) {
        parens--
        keywordValue = false
      } else if (char === ',' && depth === 0) keywordValue = false
      else if (char === '{' && depth === 0 && parens === 0) return found
      // `class A:` ends its header; `class A : public B` (C++) has its bases after the colon.
      else if (char === ':' && depth === 0 && parens === 0 && (started || /^:\s*(#.*)?$/.test(text.slice(column)))) return found
      const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(column))?.[0]
      if (word !== undefined && (column === 0 || !/[\w$]/.test(text[column - 1]!))) {
        started = true
        if (/^\s*=(?!=)/.test(text.slice(column + word.length))) keywordValue = true
        // A qualifier (`threading` of `threading.Thread`, a module or an outer class) is not the base: only the name after the
        // last dot is; but a call's is (Django's `BaseManager.from_queryset(QuerySet)` returns a subclass of BaseManager).
        else if (depth === 0 && !keywordValue && (!/^\s*\.(?!\.)/.test(text.slice(column + word.length)) || qualifiesCall(text.slice(column)))) found.push({ line, character: column })
        column += word.length
        continue
      }
      if (!/\s/.test(char) && char !== ':') started = true
      column++
    }
  }
  return found
}
