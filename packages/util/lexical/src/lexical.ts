import { aloneAsStatement } from './python-statement.js'
import { isLineEnd, lineEndAt, lineStartAt } from './line-bounds.js'
import { scanShell } from './shell-scan.js'

/**
 * Where comments and strings are in a source text, by a cheap scan per language family: enough to
 * tell that a word sits in a comment or a string literal (counted, never asked about), not a
 * parser. Interpolations are code: `${…}` in JavaScript templates, `{…}` in Python f-strings,
 * `$name`, `${…}` and `$(…)` in shell double quotes. Measured against tree-sitter on django, rxjs,
 * @tanstack/query-core and Go's `net`: the same verdict for every word (see the decision note).
 */
export type LexicalFamily = 'javascript' | 'c' | 'go' | 'python' | 'shell'

/**
 * The family of a file by its extension (lowercase, leading dot), or `undefined` for a language
 * none of the scanners reads (CSS, HTML, JSON, YAML, Dockerfile, Lua, Crystal…): its comments and
 * strings cannot be told from code, so such files are not cross-checked.
 */
export function lexicalFamily(extension: string): LexicalFamily | undefined {
  if (/^\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(extension)) return 'javascript'
  if (/^\.(py|pyi)$/.test(extension)) return 'python'
  if (/^\.(sh|bash|zsh|ksh)$/.test(extension)) return 'shell'
  if (extension === '.go') return 'go'
  // `//` and `/* */` comments, '…' and "…" literals.
  if (/^\.(c|h|cc|cpp|cxx|c\+\+|hpp|hh|hxx|rs|java|kt|kts|scala|cs|swift|dart|m|mm)$/.test(extension)) return 'c'
  return undefined
}

/**
 * The half-open UTF-16 ranges `[start, end)` of `text` that are comments or strings, sorted and
 * disjoint, as a flat list `[start0, end0, start1, end1, …]`.
 */
export function nonCodeRanges(text: string, family: LexicalFamily): number[] {
  return lexicalRanges(text, family).nonCode
}

/**
 * The comments and strings of `text` ({@link nonCodeRanges}: `nonCode`), and of them the string
 * literals (`strings`, in the same flat form: quoted strings, template and f-string text,
 * regular expressions, heredocs, `#include <…>` paths), where code may name a symbol by its name;
 * a Python string standing alone as a statement (a docstring) is documentation, as comments are.
 */
export function lexicalRanges(text: string, family: LexicalFamily): { readonly nonCode: number[]; readonly strings: number[] } {
  const scanner = new Scanner(text)
  if (family === 'python') scanner.python()
  else if (family === 'shell') scanner.shell()
  else scanner.cLike(family)
  return { nonCode: scanner.ranges, strings: scanner.strings }
}

/** Whether UTF-16 offset `offset` lies in one of `ranges` (see {@link nonCodeRanges}). */
export function inRanges(ranges: readonly number[], offset: number): boolean {
  let low = 0
  let high = ranges.length / 2 - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    if (offset < ranges[middle * 2]!) high = middle - 1
    else if (offset >= ranges[middle * 2 + 1]!) low = middle + 1
    else return true
  }
  return false
}

const word = /[\p{L}\p{N}_$]/u
/** `word` for each ASCII code unit, read at every character of a scan (the regular expression only past ASCII). */
const asciiWord = Uint8Array.from({ length: 128 }, (_, code) => (word.test(String.fromCharCode(code)) ? 1 : 0))

/** Whether the code unit at `at` of `text` is a word character (`word`). */
export function isWordAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at)
  return code < 128 ? asciiWord[code] === 1 : word.test(text[at]!)
}

/** Whether the code unit at `at` is white space (`/\s/`). */
function isSpaceAt(text: string, at: number): boolean {
  const code = text.charCodeAt(at)
  return code < 128 ? code === 32 || (code >= 9 && code <= 13) : /\s/.test(text[at]!)
}

/** Keywords after which `/` starts a regular expression rather than a division. */
const beforeExpression = /^(return|typeof|instanceof|in|of|new|delete|void|throw|case|do|else|yield|await)$/

class Scanner {
  readonly ranges: number[] = []
  /** The string literals among `ranges` (every push not a comment's). */
  readonly strings: number[] = []
  #i = 0
  constructor(private readonly text: string) {}

  #push(start: number, end: number, comment = false): void {
    if (end <= start) return
    this.ranges.push(start, Math.min(end, this.text.length))
    if (!comment) this.strings.push(start, Math.min(end, this.text.length))
  }

  /** JavaScript/TypeScript, C/C++ and the like, Go (raw strings in backquotes). */
  cLike(family: LexicalFamily): void {
    const { text } = this
    const js = family === 'javascript'
    const templates: number[] = [] // brace depth at which each open `${` began
    let braces = 0
    let afterValue = false // whether a `/` here would divide (after a value) rather than open a regex
    while (this.#i < text.length) {
      const i = this.#i
      const c = text[i]!
      if (c === '/' && text[i + 1] === '/') {
        this.#skipTo(lineEndAt(text, i), i, true)
      } else if (c === '/' && text[i + 1] === '*') {
        const close = text.indexOf('*/', i + 2)
        this.#skipTo(close === -1 ? text.length : close + 2, i, true)
      } else if (c === '"' || c === "'" || (c === '`' && family === 'go')) {
        let j = i + 1
        while (j < text.length && text[j] !== c && (c === '`' || !isLineEnd(text[j]))) j += text[j] === '\\' && c !== '`' ? 2 : 1
        this.#skipTo(j + 1, i)
        afterValue = true
      } else if (family === 'c' && c === '<' && /#\s*include\s*$/.test(text.slice(lineStartAt(text, i), i))) {
        const close = text.indexOf('>', i)
        this.#skipTo(close === -1 ? lineEndAt(text, i) : close + 1, i)
      } else if (js && (c === '`' || (c === '}' && templates.length > 0 && templates[templates.length - 1] === braces))) {
        if (c === '}') templates.pop()
        let j = i + 1
        while (j < text.length && text[j] !== '`' && !(text[j] === '$' && text[j + 1] === '{')) j += text[j] === '\\' ? 2 : 1
        if (text[j] === '`') {
          this.#skipTo(j + 1, i)
          afterValue = true
        } else {
          this.#skipTo(j + 2, i) // up to and with `${`; the expression is code
          templates.push(braces)
          afterValue = false
        }
      } else if (js && c === '/' && !afterValue && this.#regexEnd(i) !== undefined) {
        this.#skipTo(this.#regexEnd(i)!, i)
        afterValue = true
      } else if (isWordAt(text, i)) {
        let j = i + 1
        while (j < text.length && isWordAt(text, j)) j++
        afterValue = j - i > 10 || !beforeExpression.test(text.slice(i, j)) // `instanceof` is the longest
        this.#i = j
      } else {
        if (c === '{') braces++
        else if (c === '}') braces--
        if (c === ')' || c === ']') afterValue = true
        else if (!isSpaceAt(text, i)) afterValue = false
        this.#i = i + 1
      }
    }
  }

  /** The end of a regular expression literal starting at `start`, if one does (on one line). */
  #regexEnd(start: number): number | undefined {
    const { text } = this
    let inClass = false
    for (let j = start + 1; j < text.length && !isLineEnd(text[j]); j++) {
      const c = text[j]
      if (c === '\\') j++
      else if (c === '[') inClass = true
      else if (c === ']') inClass = false
      else if (c === '/' && !inClass) {
        let end = j + 1
        while (end < text.length && /[a-z]/.test(text[end]!)) end++
        return end
      }
    }
    return undefined
  }

  python(): void {
    const { text } = this
    while (this.#i < text.length) {
      const i = this.#i
      const c = text[i]!
      if (c === '#') {
        this.#skipTo(lineEndAt(text, i), i, true)
        continue
      }
      // A literal starts with a quote or a prefix letter: other characters need no look.
      const literal = 'rRbBuUfF\'"'.includes(c) ? /^([rRbBuUfF]{0,2})('''|"""|'|")/.exec(text.slice(i, i + 5)) : null
      const prefixed = literal !== null && literal[1] !== ''
      if (literal && !(prefixed && i > 0 && isWordAt(text, i - 1))) {
        const strings = this.strings.length
        this.#pythonString(i, literal[0].length, literal[2]!, /f/i.test(literal[1]!))
        // A docstring (or another string standing alone as a statement) documents, as a comment does.
        if (aloneAsStatement(text, i, this.#i)) this.strings.length = strings
        continue
      }
      if (isWordAt(text, i)) {
        let j = i + 1
        while (j < text.length && isWordAt(text, j)) j++
        this.#i = j
      } else this.#i = i + 1
    }
  }

  /** A Python string at `start` (its prefix and quote `opening` long); f-string fields are code, but for the strings in them. */
  #pythonString(start: number, opening: number, quote: string, formatted: boolean): void {
    const { text } = this
    let j = start + opening
    let from = start
    let depth = 0
    while (j < text.length) {
      if (depth === 0 && text.startsWith(quote, j)) {
        j += quote.length
        break
      }
      if (depth === 0 && quote.length === 1 && isLineEnd(text[j])) break
      if (depth === 0 && text[j] === '\\') {
        j += 2
        continue
      }
      if (formatted && text[j] === '{') {
        if (depth === 0 && text[j + 1] === '{') {
          j += 2
          continue
        }
        if (depth === 0) this.#push(from, j + 1)
        depth++
      } else if (formatted && depth > 0 && text[j] === '}') {
        depth--
        if (depth === 0) from = j
      } else if (formatted && depth > 0 && (text[j] === "'" || text[j] === '"')) {
        // A string in a field (`f"{row['name']}"`), of either quote since Python 3.12.
        let close = j + 1
        while (close < text.length && text[close] !== text[j] && !isLineEnd(text[close])) close += text[close] === '\\' ? 2 : 1
        this.#push(j, close + 1)
        j = close
      }
      j++
    }
    this.#push(from, j)
    this.#i = j
  }

  shell(): void {
    scanShell(this.text, (start, end, comment) => this.#push(start, end, comment))
    this.#i = this.text.length
  }

  /** Mark `[start, end)` as not code (a string, or a comment) and continue after it. */
  #skipTo(end: number, start: number, comment = false): void {
    this.#push(start, end, comment)
    this.#i = Math.max(end, start + 1)
  }
}
