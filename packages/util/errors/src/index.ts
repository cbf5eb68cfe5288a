const marker = Symbol.for('@agent-lsp/errors/HarnessError')

/** Options of {@link HarnessError}. */
export interface HarnessErrorOptions {
  /** The underlying error or value, kept as the standard `Error.cause`. */
  readonly cause?: unknown
}

/**
 * The base error of agent-lsp packages: a stable, machine-routable `code` beside a human message.
 * Callers route on `code`, never on `message`; `cause` always keeps the underlying failure.
 *
 * `HarnessError.isInstance()` recognises errors made by any copy of this package (it checks a
 * `Symbol.for` marker, not the prototype chain), so checks survive duplicated installs.
 */
export class HarnessError<Code extends string = string> extends Error {
  /** The stable code, e.g. `LSP_UNAVAILABLE`. */
  readonly code: Code
  private readonly [marker] = true

  constructor(code: Code, message: string, options: HarnessErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined)
    this.name = 'HarnessError'
    this.code = code
  }

  /** Whether `value` is a {@link HarnessError} from any copy of this package. */
  static isInstance(value: unknown): value is HarnessError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true
  }
}
