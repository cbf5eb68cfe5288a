/**
 * The first bytes a server writes to stdout, checked for the one thing an LSP stream may start
 * with: a header line, `Content-Length:` or `Content-Type:` (LSP 3.17 §Header Part). A server that
 * prints a banner or a log line there (`Loading project configuration...`) can never be read:
 * `vscode-jsonrpc` fails on that header with `onError` and leaves every request pending. The probe
 * names the problem as soon as the first line is complete, quoting it.
 */
export class StdoutProbe {
  #head = Buffer.alloc(0)
  #verdict: string | undefined | null = null

  /**
   * Feed a stdout chunk. Returns the first line, quoted (JSON string, at most {@link QUOTE_CHARS}
   * characters), the first time the stream is found not to start with an LSP header; else `undefined`.
   */
  push(chunk: Buffer): string | undefined {
    if (this.#verdict !== null) return undefined
    this.#head = Buffer.concat([this.#head, chunk]).subarray(0, DECIDE_BYTES)
    const newline = this.#head.indexOf(0x0a)
    if (newline === -1 && this.#head.length < DECIDE_BYTES) return undefined
    const firstLine = this.#head.subarray(0, newline === -1 ? this.#head.length : newline + 1).toString('utf8')
    this.#verdict = HEADER_LINE.test(firstLine) ? undefined : quote(firstLine)
    return this.#verdict
  }

  /** The quoted first line when stdout is known not to start with an LSP header, else `undefined`. */
  get nonLspOutput(): string | undefined {
    return this.#verdict ?? undefined
  }
}

/** A line that opens an LSP header block. */
const HEADER_LINE = /^content-(length|type)[ \t]*:/i

/** Bytes after which a stream with no line break yet is judged anyway (a header line is far shorter). */
const DECIDE_BYTES = 256

/** Characters of the first line quoted in the error. */
export const QUOTE_CHARS = 80

function quote(line: string): string {
  return JSON.stringify(line.length > QUOTE_CHARS ? `${line.slice(0, QUOTE_CHARS)}…` : line)
}
