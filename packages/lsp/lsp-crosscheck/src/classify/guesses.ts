import { extname } from 'node:path'
import { languageOfExtension } from '@agent-lsp/keywords'
import { LspError, rangeHolds, type LspLocation, type LspSymbol } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import type { Verdict } from './classify.js'
import type { DeclarationOptions } from './declarations.js'

// clangd answers goToDefinition where it parsed nothing (the code of an inactive `#ifdef` branch)
// with a guess: the nearest identifier of that spelling, or any symbol of that name in its index.
// `s->total` and a local `int total` there led to the function `total`, and the cross-check took
// them for references the server missed (the twenty-third trial). hover answers nothing there.

/** Where to ask, and what the symbol is (see `DeclarationOptions`). */
export interface GuessOptions extends DeclarationOptions {
  /** Hover requests in flight at once. */
  readonly concurrency: number
}

/**
 * `verdicts` (one per place of `asked`) with clangd's guesses settled: a C or C++ place found `here`
 * (not a declaration) or `elsewhere`, outside a macro's body, where hover says nothing is code the server did not parse. There a member
 * access (`->`, `.` before the name) is another symbol unless the symbol is a member, a local the
 * place declares (`int total =`) or one declared before it in its `#if` branch (its braces still
 * open) is another symbol, and any other place is `unresolved`: it may be this symbol, never a
 * reference found nor another symbol on the server's guess. One hover per such place, `concurrency`
 * at once; one documentSymbol when a member access needs the symbol's kind.
 * @throws LspError `LSP_CANCELLED` when the caller cancels (`signal` aborts before `deadline`).
 */
export async function settleGuesses(asked: readonly LspLocation[], verdicts: readonly Verdict[], options: GuessOptions): Promise<Verdict[]> {
  const settled = [...verdicts]
  const open = verdicts.flatMap((verdict, index) => ((verdict.kind === 'here' && verdict.declaration !== true) || verdict.kind === 'elsewhere') && isClangdFile(asked[index]!.uri) ? [index] : [])
  let member: Promise<boolean> | undefined
  const settle = async (index: number): Promise<void> => {
    const place = asked[index]!
    const verdict = verdicts[index]!
    // clangd leads a C++ explicit specialization (`template <> int twice<int>`), and a call it
    // chooses, to the specialization: another declaration, yet it must be renamed with the template.
    // An explicit instantiation leads to its namespace. Neither says the place is another symbol.
    if (verdict.kind === 'elsewhere' && verdict.targets.length > 0 && verdict.targets.every((target) => !spellsName(options, target) || specializes(options, target))) {
      settled[index] = { kind: 'unresolved' }
      return
    }
    const lines = options.lines(place.uri) ?? []
    // A macro's body is resolved where it expands, and those expansions are the server's references: its guess there stands.
    if (inMacroDefinition(lines, place.range.start.line)) return
    try {
      const hover = await options.lsp.query({ operation: 'hover', filePath: options.filePathOf(place.uri), position: place.range.start, workspaceRoot: options.workspaceRoot }, options.signal)
      if (hover.hover !== null) return
    } catch (error) {
      if (options.signal.aborted && !options.deadline.passed) throw new LspError('LSP_CANCELLED', 'the cross-check was cancelled', { cause: error })
      if (verdicts[index]!.kind === 'here') settled[index] = options.deadline.passed ? { kind: 'unchecked' } : { kind: 'failed', message: `could not tell whether the server parsed it: ${LspError.describe(error)}` }
      return
    }
    const { line, character } = place.range.start
    const accessed = /(?:->|\.)\s*$/.test(lines[line]?.slice(0, character) ?? '')
    const other = accessed ? !(await (member ??= isMember(options))) : declaresLocal(lines[line] ?? '', character, options.name.length) || shadowedInBranch(lines, line, character, options.name)
    settled[index] = other ? { kind: 'elsewhere', targets: [] } : { kind: 'unresolved' }
  }
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < open.length && !options.signal.aborted) await settle(open[next++]!)
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, open.length)) }, worker))
  if (options.signal.aborted && !options.deadline.passed) throw new LspError('LSP_CANCELLED', 'the cross-check was cancelled')
  // Past the deadline, a place found `here` and not asked is not known to be parsed.
  for (const index of open.slice(next)) if (verdicts[index]!.kind === 'here') settled[index] = { kind: 'unchecked' }
  return settled
}

/** Whether `target` (where goToDefinition led) starts with the symbol's name. */
function spellsName(options: GuessOptions, target: LspLocation): boolean {
  const { line, character } = target.range.start
  const text = options.lines(target.uri)?.[line]
  return text !== undefined && text.startsWith(options.name, character) && !/[\w$]/.test(text[character + options.name.length] ?? '')
}

/** Whether `target` names a C++ template's explicit specialization: the name, then template arguments (`twice<int>`). */
function specializes(options: GuessOptions, target: LspLocation): boolean {
  const { line, character } = target.range.start
  return /^\s*</.test(options.lines(target.uri)?.[line]?.slice(character + options.name.length) ?? '')
}

/** Whether the file at `uri` is C or C++ by its extension (clangd's, which guesses). */
function isClangdFile(uri: string): boolean {
  const language = languageOfExtension(extname(URI.parse(uri).path).toLowerCase())
  return language === 'c' || language === 'cpp'
}

/** Symbol kinds of a member, and of the types whose children are members. */
const memberKinds: ReadonlySet<string> = new Set(['Field', 'Method', 'Property', 'Constructor'])
const typeKinds: ReadonlySet<string> = new Set(['Class', 'Struct', 'Interface', 'Union'])

/** Whether the symbol may be a member (a field or method, or a child of a type), asked of `documentSymbol` of its first definition's file; `true` when that cannot be told. */
async function isMember(options: GuessOptions): Promise<boolean> {
  const own = options.symbol[options.symbol.length - 1]!
  try {
    const answer = await options.lsp.query({ operation: 'documentSymbol', filePath: options.filePathOf(own.uri), workspaceRoot: options.workspaceRoot }, options.signal)
    const find = (level: readonly LspSymbol[], parent: LspSymbol | undefined): boolean | undefined => {
      for (const symbol of level) {
        if (!rangeHolds(symbol.range, own.range.start)) continue
        if (rangeHolds(symbol.selectionRange, own.range.start)) return memberKinds.has(symbol.kind) || (parent !== undefined && typeKinds.has(parent.kind))
        const inner = find(symbol.children, symbol)
        if (inner !== undefined) return inner
      }
      return undefined
    }
    return find(answer.symbols, undefined) ?? true
  } catch (error) {
    if (options.signal.aborted && !options.deadline.passed) throw new LspError('LSP_CANCELLED', 'the cross-check was cancelled', { cause: error })
    return true
  }
}

/** C and C++ words before a name that are no type: it is used there, not declared. */
const notTypes = new Set(['return', 'else', 'case', 'do', 'goto', 'sizeof', 'alignof', 'decltype', 'typeid', 'throw', 'new', 'delete', 'co_return', 'co_await', 'co_yield', 'not', 'and', 'or', 'xor', 'if', 'while', 'for', 'switch'])

/**
 * Whether the name at `character` (`length` UTF-16 units) of `lineText` declares a variable: a
 * statement's or parameter's start, then type words (`int`, `struct stats *`, `const char`), then
 * the name, then `=`, `;`, `,`, `[` or `)` (a `(` would declare a function, maybe this one).
 */
export function declaresLocal(lineText: string, character: number, length: number): boolean {
  const typed = /(?:^|[;{}(,])\s*((?:[A-Za-z_]\w*(?:\s*[*&]+\s*|\s+))+)$/.exec(lineText.slice(0, character))
  if (typed === null || typed[1]!.match(/[A-Za-z_]\w*/g)!.some((word) => notTypes.has(word))) return false
  return /^\s*(?:[=;,[)]|$)/.test(lineText.slice(character + length))
}

/**
 * Whether a variable named `name` is declared before line `line`, `character` in the same
 * conditional branch (from the `#if`, `#ifdef`, `#ifndef`, `#elif` or `#else` that opens it, nested
 * branches skipped) with its braces still open at the place. No branch above: nothing is said.
 */
function shadowedInBranch(lines: readonly string[], line: number, character: number, name: string): boolean {
  let start = -1
  for (let above = line - 1, depth = 0; above >= 0 && start < 0; above--) {
    const directive = /^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b/.exec(lines[above]!)?.[1]
    if (directive === 'endif') depth++
    else if (directive !== undefined && directive.startsWith('if') && depth > 0) depth--
    else if (directive !== undefined && depth === 0) start = above + 1
  }
  if (start < 0) return false
  const word = new RegExp(`(?<![\\w$])${name.replace(/[$]/g, '\\$')}(?![\\w$])`, 'g')
  const declared: number[] = [] // the brace depth of each declaration seen, innermost last
  let depth = 0
  for (let at = start; at <= line; at++) {
    const text = at === line ? lines[at]!.slice(0, character) : lines[at]!
    const events = [...text.matchAll(/[{}]/g)].map((brace) => ({ at: brace.index, brace: brace[0] }))
    for (const found of text.matchAll(word)) if (declaresLocal(text, found.index, name.length)) events.push({ at: found.index, brace: '' })
    for (const event of events.sort((a, b) => a.at - b.at)) {
      if (event.brace === '{') depth++
      else if (event.brace === '}') {
        depth--
        while (declared.length > 0 && declared[declared.length - 1]! > depth) declared.pop()
      } else declared.push(depth)
    }
  }
  return declared.length > 0
}

/** Whether zero-based `line` is a `#define` line or one it continues (a backslash ending the line above). */
function inMacroDefinition(lines: readonly string[], line: number): boolean {
  let first = line
  while (first > 0 && /\\\s*$/.test(lines[first - 1]!)) first--
  return /^\s*#\s*define\b/.test(lines[first] ?? '')
}
