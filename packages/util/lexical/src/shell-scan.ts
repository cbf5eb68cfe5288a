// The shell's comments and strings (see `lexicalRanges`): `#` comments after a blank, '…', "…" with
// its expansions as code, heredocs, `${…}` words and assignments' values.
import { lineEndAt, lineStartAt } from './line-bounds.js'

/** Where a shell scan puts a piece that is not code: `[start, end)`, a comment or a string. */
export type Push = (start: number, end: number, comment?: boolean) => void

/** Scan a shell script's `text`, giving each piece that is not code to `push`, in order. */
export function scanShell(text: string, push: Push): void {
  new ShellScanner(text, push).scan()
}

/**
 * Whether offset `at` of a shell script starts a command's word: the line's start, or after `;`,
 * `&`, `|`, `(`, `{`, or `export`, `local`, `declare`, `readonly`, `typeset` and their options,
 * or another assignment (`A=1 B=2 cmd`).
 */
function commandStart(text: string, at: number): boolean {
  const before = text.slice(lineStartAt(text, at), at)
  return /^(?:.*[;&|({]\s*|\s*)(?:(?:export|local|declare|readonly|typeset)(?:\s+-\w+)*\s+)?(?:[A-Za-z_]\w*=\S*\s+)*$/.test(before)
}

class ShellScanner {
  #i = 0

  constructor(
    private readonly text: string,
    private readonly push: Push,
  ) {}

  scan(): void {
    const { text } = this
    while (this.#i < text.length) {
      const i = this.#i
      const c = text[i]!
      if (c === '\\') {
        this.#i = i + 2
      } else if (c === '#' && (i === 0 || /[\s;&|(]/.test(text[i - 1]!))) {
        this.#skipTo(lineEndAt(text, i), i, true)
      } else if (c === "'") {
        const close = text.indexOf("'", i + 1)
        this.#skipTo(close === -1 ? text.length : close + 1, i)
      } else if (c === '"') {
        this.#doubleQuoted(i)
      } else if (c === '$' && text[i + 1] === '{') {
        this.#i = this.#parameter(i)
      } else if (commandStart(text, i) && /^[A-Za-z_]\w*=[^\s$'"(`]/.test(text.slice(i, i + 200))) {
        // An assignment's value is a word, `x=my-func`; up to a blank, an operator or an expansion.
        const value = text.indexOf('=', i) + 1
        let end = value
        while (end < text.length && !/[\s;&|()<>$'"`]/.test(text[end]!)) end++
        this.#skipTo(end, value)
      } else {
        const heredoc = /^<<-?\s*(['"]?)([A-Za-z_]\w*)\1/.exec(text.slice(i, i + 40))
        if (heredoc) {
          const body = lineEndAt(text, i) + 1
          const end = new RegExp(`^\\s*${heredoc[2]}\\s*$`, 'm').exec(text.slice(body))
          this.#skipTo(end ? body + end.index : text.length, body)
        } else this.#i = i + 1
      }
    }
  }

  /** `"…"`: text, except `$name`, `${…}` and `$(…)`, which are code. */
  #doubleQuoted(start: number): void {
    const { text } = this
    let j = start + 1
    let from = start
    while (j < text.length && text[j] !== '"') {
      if (text[j] === '\\') {
        j += 2
      } else if (text[j] === '$' && text[j + 1] === '{') {
        this.push(from, j)
        j = this.#parameter(j)
        from = j
      } else if (text[j] === '$' && text[j + 1] === '(') {
        this.push(from, j)
        const open = text[j + 1]!
        const close = open === '(' ? ')' : '}'
        let depth = 0
        for (j += 1; j < text.length; j++) {
          if (text[j] === open) depth++
          else if (text[j] === close && --depth === 0) {
            j++
            break
          }
        }
        from = j
      } else if (text[j] === '$' && /[A-Za-z_]/.test(text[j + 1] ?? '')) {
        this.push(from, j)
        j++
        while (j < text.length && /\w/.test(text[j]!)) j++
        from = j
      } else j++
    }
    this.push(from, j + 1)
    this.#i = j + 1
  }

  /**
   * `${…}` at `start`: its parameter's name is code (`${name`, `${#name`, `${!name`); what follows
   * it up to the closing brace is a word, text, as `-func` of `${my-func}` (the default when `my` is
   * unset: no function runs), but for the expansions in it (`${x:-$(pick)}`, `"${y}"`), which are
   * code. As bash reads it, the first `}` outside quotes and expansions closes it: a `{` in the word
   * opens nothing (`${option%%[<{().[]*}`, Debian's bash_completion).
   * @returns the offset after the closing brace.
   */
  #parameter(start: number): number {
    const { text } = this
    let j = start + 2
    while (j < text.length && /[#!]/.test(text[j]!)) j++
    while (j < text.length && /\w/.test(text[j]!)) j++
    let from = j
    while (j < text.length && text[j] !== '}') {
      const c = text[j]!
      if (c === '\\') j += 2
      else if (c === "'") {
        const close = text.indexOf("'", j + 1)
        j = close === -1 ? text.length : close + 1
      } else if (c === '"') {
        this.push(from, j)
        this.#doubleQuoted(j)
        from = j = this.#i
      } else if (c === '$' && (text[j + 1] === '(' || text[j + 1] === '{')) {
        this.push(from, j)
        const open = text[j + 1]!
        const close = open === '(' ? ')' : '}'
        let inner = 0
        for (j += 1; j < text.length; j++) {
          if (text[j] === open) inner++
          else if (text[j] === close && --inner === 0) break
        }
        from = ++j
      } else if (c === '$' && /[A-Za-z_]/.test(text[j + 1] ?? '')) {
        this.push(from, j)
        for (j++; j < text.length && /\w/.test(text[j]!); j++);
        from = j
      } else j++
    }
    this.push(from, Math.min(j, text.length))
    return Math.min(j + 1, text.length)
  }

  /** Mark `[start, end)` as not code (a string, or a comment) and continue after it. */
  #skipTo(end: number, start: number, comment = false): void {
    this.push(start, end, comment)
    this.#i = Math.max(end, start + 1)
  }
}
