/** A usage mistake: printed with a pointer to `--help`, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}

/** The largest line, column or page accepted: beyond it no real file has the position. */
export const MAX_NUMBER = 2 ** 31 - 1

/** A whole number from 1 to `max` ({@link MAX_NUMBER} unless given). */
export function positive(name: string, text: string, max = MAX_NUMBER): number {
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < 1 || value > max) throw new UsageError(`${name} must be a whole number from 1 to ${max} (got ${shown(text)})`)
  return value
}

/** Node's parseArgs messages are long and suggest `--`; say just what is wrong. */
export function parseArgsMessage(error: Error & { code?: string }): string {
  const option = /'([^']+)'/.exec(error.message)?.[1]
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `unknown option ${shown(option)}`
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    const name = shown(option.split(' ')[0]!)
    // `--line -3`: parseArgs will not take a value that looks like an option.
    return /ambiguous/.test(error.message) ? `option ${name} needs a value (for one that starts with "-", write ${name}=VALUE)` : `option ${name} needs a value`
  }
  return error.message.split('\n')[0] ?? 'invalid arguments'
}

/** Longest value quoted in a usage message, in code points, the `…` included. */
const MAX_QUOTED = 60

/** A value as a usage message quotes it: in JSON quotes (a line break shows as `\n`), cut to {@link MAX_QUOTED}. */
export function quoted(text: string): string {
  const codePoints = Array.from(text)
  return JSON.stringify(codePoints.length > MAX_QUOTED ? `${codePoints.slice(0, MAX_QUOTED - 1).join('')}…` : text)
}

/** A value as it is when short and plain (`0`, `two`, `--bogus`), else {@link quoted}. */
export function shown(text: string): string {
  return /^[\x21-\x7e]+$/.test(text) && text.length <= MAX_QUOTED ? text : quoted(text)
}
