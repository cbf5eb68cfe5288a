/**
 * What a server wrote to stderr, for error messages: its first line (often the cause, e.g.
 * rustup's "error: Unknown binary 'rust-analyzer'") and its last ones (the latest state).
 */
export class StderrTail {
  #head = ''
  #tail = ''
  constructor(private readonly limit = 4_000) {}

  push(chunk: Buffer | string): void {
    const text = chunk.toString()
    if (this.#head.length < this.limit) this.#head = (this.#head + text).slice(0, this.limit)
    this.#tail = (this.#tail + text).slice(-this.limit)
  }

  /**
   * One line, at most `chars` long: the first non-empty line, then ` … ` and as many of the last
   * lines as fit, joined with ` | `; ANSI colours, stack frames and V8's garbage collection trace
   * removed (see {@link traceLine}): the summary goes into the error a model reads.
   */
  summary(chars = 300): string {
    const lines = (text: string): string[] =>
      text
        .replace(/\x1b\[[0-9;]*m/g, '')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== '' && !traceLine.test(line))
    const first = lines(this.#head)[0] ?? lines(this.#tail)[0]
    if (first === undefined) return ''
    const last = lines(this.#tail)
    const whole = last.join(' | ')
    if (whole.length <= chars && this.#head.length < this.limit && last[0] === first) return whole
    const head = first.length > chars / 2 ? `${first.slice(0, chars / 2 - 1)}…` : first
    const room = chars - head.length - 3
    const rest = last.slice(1).join(' | ')
    if (rest === '' || room <= 1) return head
    return `${head} … ${rest.length > room ? `…${rest.slice(-(room - 1))}` : rest}`
  }
}

/**
 * A line of a trace rather than of a message: a numbered frame (V8's native stack, a Rust
 * backtrace, LLVM's `#3 0x…` in clangd), a JavaScript or Java frame (`at …`), a Python frame
 * (`File "…", line N`), a Go goroutine heading, frame location (`x.go:12 +0x1d`) or register
 * (`rip    0x46ee01`), a V8 garbage collection line (`[pid:0x…] 254 ms: Mark-Compact …`), a
 * trace's heading.
 */
const traceLine = new RegExp(
  [
    String.raw`^(?:\d+: |#\d+ 0x[0-9a-f]+|at |File ".*", line \d+|\[\d+:0x[0-9a-f]+\])`,
    String.raw`^goroutine \d+ \[`,
    String.raw`\.(?:go|s):\d+ \+0x[0-9a-f]+`,
    String.raw`^[a-z0-9]{2,6}\s+0x[0-9a-f]+$`,
    String.raw`^(?:<---.*--->|-----.*-----|stack backtrace:|Stack dump:|Traceback \(most recent call last\):)$`,
  ].join('|'),
)
