/** Keeps the last `limit` characters a process wrote to stderr, for error messages. */
export class StderrTail {
  #text = ''
  constructor(private readonly limit = 4_000) {}

  push(chunk: Buffer | string): void {
    this.#text = (this.#text + chunk.toString()).slice(-this.limit)
  }

  /** The last non-empty lines, joined on one line with ` | `, at most `chars` long. */
  summary(chars = 300): string {
    const lines = this.#text
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '')
    const joined = lines.join(' | ')
    return joined.length > chars ? `…${joined.slice(-(chars - 1))}` : joined
  }
}
