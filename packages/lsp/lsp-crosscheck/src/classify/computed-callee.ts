import { inRanges, type LexicalFamily } from '@agent-lsp/lexical'

/** A call whose callee is an expression, not a name: `table[k](1)`, `(0, helper)(3)`, `make()()`. */
export interface ComputedCall {
  /** Where the callee begins: the name its brackets follow (`table` of `table[k]`), or its bracket. */
  readonly at: number
  /** Where the callee ends: after its closing bracket. */
  readonly end: number
  /** The callee as written, cut to {@link LABEL} characters. */
  readonly label: string
}

const LABEL = 24

/** A closing bracket a call's `(` follows on its line, by family: not `)` in C (a cast), `?.(` in JavaScript. */
const closers: Partial<Record<LexicalFamily, string>> = {
  c: String.raw`\](?=[ \t]*\()`,
  javascript: String.raw`[\])](?=[ \t]*(?:\?\.)?\()`,
}
const closer = String.raw`[\])](?=[ \t]*\()`

/** Words that open a parenthesised condition or clause (`if (a) (b)` calls nothing). */
const clauses: ReadonlySet<string> = new Set(['if', 'elif', 'while', 'for', 'switch', 'catch', 'with', 'until'])

/** Words before a parenthesised callee that are not part of it (`return (0, f)(x)`). */
const operatorWords: ReadonlySet<string> = new Set(['return', 'await', 'yield', 'new', 'typeof', 'void', 'delete', 'in', 'of', 'not', 'and', 'or', 'else', 'throw', 'case', 'is'])

/** Callees that are functions written in place (an IIFE): their calls are in the body already. */
const inPlace = /^\(\s*(?:async\b|function\b|lambda\b|\([^()]*\)\s*=>|[\p{L}_$][\p{L}\p{N}_$]*\s*=>)/u

/**
 * The calls in `text[start, end)` whose callee is a subscript or a parenthesised or called
 * expression: a `(` in code right after a `]` (every family) or a `)` (not in C and C++, where
 * `(int)(x)` is a cast), found by its matching bracket. Offsets are UTF-16 units into `text`;
 * A `(` on the next line is left alone (`(y)\n(x)` reads as a call in JavaScript, but rarely is one). `nonCode` the comments and strings (see `lexicalRanges`), whose brackets are skipped. A server's
 * call hierarchy lists none of them (tsserver, pyright, gopls resolve named callees only).
 */
export function computedCalls(text: string, nonCode: readonly number[], start: number, end: number, family: LexicalFamily): ComputedCall[] {
  const calls: ComputedCall[] = []
  const closing = new RegExp(closers[family] ?? closer, 'g')
  closing.lastIndex = start
  for (let match = closing.exec(text); match !== null && match.index < end; match = closing.exec(text)) {
    const close = match.index
    if (inRanges(nonCode, close)) continue
    const open = openingOf(text, nonCode, close, start)
    if (open === undefined) continue
    let from = open
    while (from > start && /[\p{L}\p{N}_$.?]/u.test(text[from - 1]!)) from--
    const before = /([\p{L}_$][\p{L}\p{N}_$]*)\s*$/u.exec(text.slice(Math.max(start, open - 40), open))?.[1]
    if (before !== undefined && clauses.has(before)) continue
    if (before !== undefined && operatorWords.has(before)) from = open
    const callee = text.slice(from, close + 1).replace(/\s+/g, ' ')
    // Go's `(*T)(p)`, `(func())(f)` convert.
    if (inPlace.test(callee) || (family === 'go' && /^\(\s*(?:\*|func\b|chan\b|\[|map\[)/.test(callee))) continue
    calls.push({ at: from, end: close + 1, label: callee.length > LABEL ? `${callee.slice(0, LABEL - 1)}…` : callee })
  }
  return calls
}

/** The offset of the bracket `close` closes, scanning back no further than `floor`; brackets in comments and strings skipped. */
function openingOf(text: string, nonCode: readonly number[], close: number, floor: number): number | undefined {
  const pairs: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' }
  const stack = [pairs[text[close]!]!]
  for (let at = close - 1; at >= floor; at--) {
    const char = text[at]!
    if (!'()[]{}'.includes(char) || inRanges(nonCode, at)) continue
    if (char in pairs) stack.push(pairs[char]!)
    else if (char === stack.at(-1)) {
      stack.pop()
      if (stack.length === 0) return at
    } else return undefined
  }
  return undefined
}
