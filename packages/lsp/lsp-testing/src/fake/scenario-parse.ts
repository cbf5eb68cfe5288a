import { isJsonObject } from './json.js'
import { FAKE_SCENARIO_ENV, type FakeServerScenario } from './scenario.js'

// Reading a scenario from the environment: every field is checked against its declared shape.

type FieldCheck = (value: unknown) => string | undefined

const isString = (value: unknown): value is string => typeof value === 'string'
const isInteger = (value: unknown): value is number => Number.isInteger(value)

const check =
  (ok: (value: unknown) => boolean, what: string): FieldCheck =>
  (value) =>
    ok(value) ? undefined : `must be ${what}`

const anyJson: FieldCheck = () => undefined

const isError = (value: unknown): boolean =>
  isJsonObject(value) && isInteger(value.code) && isString(value.message)

const fieldChecks: { readonly [K in keyof Required<FakeServerScenario>]: FieldCheck } = {
  capabilities: check(isJsonObject, 'an object (ServerCapabilities)'),
  serverInfo: check(
    (v) => isJsonObject(v) && isString(v.name) && (v.version === undefined || isString(v.version)),
    'an object { name: string, version?: string }',
  ),
  initialize: check(
    (v) => v === 'ok' || v === 'hang' || (isJsonObject(v) && isError(v.error)),
    "'ok', 'hang' or { error: { code: integer, message: string } }",
  ),
  hover: check(
    (v) => isJsonObject(v) && Object.keys(v).every((key) => /^(0|[1-9]\d*)$/.test(key)),
    'an object keyed by zero-based line numbers ("0", "1", ...)',
  ),
  definition: anyJson,
  references: anyJson,
  implementation: anyJson,
  results: check(isJsonObject, 'an object of method name to result'),
  errors: check((v) => isJsonObject(v) && Object.values(v).every(isError), 'an object of method name to { code, message }'),
  hang: check((v) => Array.isArray(v) && v.every(isString), 'an array of method names'),
  serverRequests: check(
    (v) =>
      Array.isArray(v) &&
      v.every((r) => isJsonObject(r) && isString(r.method) && (r.params === undefined || isJsonObject(r.params))),
    'an array of { method: string, params?: object }',
  ),
  progress: check(
    (v) =>
      isJsonObject(v) &&
      isString(v.token) &&
      (v.delayMs === undefined || (isInteger(v.delayMs) && v.delayMs >= 0)) &&
      (v.holdRequests === undefined || typeof v.holdRequests === 'boolean') &&
      (v.after === undefined || v.after === 'initialized' || v.after === 'didOpen') &&
      (v.startDelayMs === undefined || (isInteger(v.startDelayMs) && v.startDelayMs >= 0)) &&
      (v.endAfterMessage === undefined || typeof v.endAfterMessage === 'boolean'),
    "an object { token: string, delayMs?: non-negative integer, holdRequests?: boolean, after?: 'initialized' | 'didOpen', startDelayMs?: non-negative integer, endAfterMessage?: boolean }",
  ),
  diagnosticsOnOpen: check((v) => typeof v === 'boolean', 'a boolean'),
  exitOnShutdown: check((v) => typeof v === 'boolean', 'a boolean'),
  hangOnShutdown: check((v) => typeof v === 'boolean', 'a boolean'),
  crash: check(
    (v) =>
      isJsonObject(v) &&
      isString(v.on) &&
      isInteger(v.exitCode) &&
      (v.stderr === undefined || isString(v.stderr)) &&
      (v.partialBody === undefined || typeof v.partialBody === 'boolean') &&
      (v.launches === undefined || (isInteger(v.launches) && v.launches >= 1)),
    'an object { on: string, exitCode: integer, stderr?: string, partialBody?: boolean, launches?: positive integer }',
  ),
  stderr: check(isString, 'a string'),
  log: check(isString, 'a string (a file path)'),
  framing: check(
    (v) =>
      isJsonObject(v) &&
      Object.entries(v).every(
        ([key, flag]) => ['split', 'coalesceLogMessage', 'contentType'].includes(key) && typeof flag === 'boolean',
      ),
    'an object { split?: boolean, coalesceLogMessage?: boolean, contentType?: boolean }',
  ),
  stdoutBeforeInitialize: check(isString, 'a string'),
  logFrames: check((v) => typeof v === 'boolean', 'a boolean'),
  answerDelayMs: check(
    (v) => isJsonObject(v) && Object.values(v).every((ms) => isInteger(ms) && ms >= 0),
    'an object of method name → non-negative integer milliseconds',
  ),
  wedgeOnRefusal: check((v) => typeof v === 'boolean', 'a boolean'),
  sticky: check((v) => typeof v === 'boolean', 'a boolean'),
  stopReadingOn: check(isString, 'a method name'),
  grow: check((v) => isJsonObject(v) && isString(v.method) && isInteger(v.mb) && v.mb > 0, 'an object { method: string, mb: positive integer }'),
}

const isField = (key: string): key is keyof FakeServerScenario => Object.hasOwn(fieldChecks, key)

/**
 * Parses the scenario JSON from {@link FAKE_SCENARIO_ENV}; `undefined` or an empty string is the
 * empty scenario. Throws an `Error` naming the first invalid or unknown field.
 */
export function parseScenario(text: string | undefined): FakeServerScenario {
  if (text === undefined || text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`${FAKE_SCENARIO_ENV} is not valid JSON`, { cause: error })
  }
  if (!isJsonObject(value)) throw new Error(`${FAKE_SCENARIO_ENV} must be a JSON object`)
  for (const [key, field] of Object.entries(value)) {
    if (!isField(key)) throw new Error(`scenario field "${key}" is unknown`)
    const problem = fieldChecks[key](field)
    if (problem !== undefined) throw new Error(`scenario field "${key}" ${problem}`)
  }
  // Every field was checked against its declared shape above.
  return value as FakeServerScenario
}
