import { readFileSync } from 'node:fs'
import { HarnessError } from '@agent-lsp/errors'
import { TomlError, parse as parseToml } from 'smol-toml'
import type { z } from 'zod'
import { JsonSyntaxError, formatPath, lineOf, parseJsonWithLines, tomlKeyLines } from './config-lines.js'
import { configSchema, indexFields, serverFields, type AgentLspConfig } from './config-schema.js'

/**
 * Codes of {@link ConfigError}: `CONFIG_NOT_FOUND` (a `--config` file that cannot be read),
 * `CONFIG_INVALID` (TOML/JSON syntax, schema, or meaning — one line, `file:line: path: problem`),
 * `CONFIG_UNTRUSTED` (a workspace config sets what only a trusted one may; see `trust.ts`).
 */
export type ConfigErrorCode = 'CONFIG_NOT_FOUND' | 'CONFIG_INVALID' | 'CONFIG_UNTRUSTED'

/** A config that cannot be used; the message is one line naming the file (and line). */
export class ConfigError extends HarnessError<ConfigErrorCode> {
  constructor(code: ConfigErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options)
    this.name = 'ConfigError'
  }
}

/** A validated config file. */
export interface ConfigFile {
  /** Absolute path. */
  readonly path: string
  readonly config: AgentLspConfig
  /** The 1-based line of `segments` (or of the nearest enclosing key found; 1 if none). */
  lineOf(segments: readonly PropertyKey[]): number
  /** `path:line: servers[1].command: problem` — the {@link ConfigError} text for a place in this file. */
  problem(segments: readonly PropertyKey[], text: string): string
}

/**
 * Read and validate a config file: JSON when its name ends in `.json`, else TOML.
 * @throws ConfigError `CONFIG_NOT_FOUND` when it cannot be read, `CONFIG_INVALID` when it is not
 *   valid (the first problem by line).
 */
export function readConfigFile(path: string): ConfigFile {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigError('CONFIG_NOT_FOUND', `cannot read config ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, { cause: error })
  }
  return parseConfigText(text, path)
}

/**
 * Validate `text` as the config file `path` (format by extension, as {@link readConfigFile}).
 * @throws ConfigError `CONFIG_INVALID`.
 */
export function parseConfigText(text: string, path: string): ConfigFile {
  const json = path.endsWith('.json')
  let data: unknown
  let lines: Map<string, number>
  try {
    if (json) ({ value: data, lines } = parseJsonWithLines(text))
    else {
      data = parseToml(text)
      lines = tomlKeyLines(text)
    }
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw new ConfigError('CONFIG_INVALID', `${path}:${error.line}: ${error.message}`, { cause: error })
    if (error instanceof TomlError) {
      const what = error.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? 'invalid TOML'
      throw new ConfigError('CONFIG_INVALID', `${path}:${error.line}: invalid TOML: ${what}`, { cause: error })
    }
    throw error
  }
  const file = (config: AgentLspConfig): ConfigFile => ({
    path,
    config,
    lineOf: (segments) => lineOf(lines, segments),
    problem: (segments, problem) => `${path}:${lineOf(lines, segments)}: ${segments.length > 0 ? `${formatPath(segments)}: ` : ''}${problem}`,
  })
  const parsed = configSchema.safeParse(data)
  if (parsed.success) return file(parsed.data)
  const problems = parsed.error.issues.map((issue) => describeIssue(issue, data, json))
  const first = problems.map((p) => ({ ...p, line: lineOf(lines, p.path) })).sort((a, b) => a.line - b.line)[0]
  if (!first) throw new Error('unreachable: a failed parse has issues')
  throw new ConfigError('CONFIG_INVALID', file({}).problem(first.path, first.text))
}

/** The place and the short text of a schema issue (`expected string`, `unknown key (expected …)`). */
function describeIssue(issue: z.core.$ZodIssue, data: unknown, json: boolean): { path: PropertyKey[]; text: string } {
  const path = [...issue.path]
  const typeName = (name: string): string => (name === 'object' || name === 'record' ? (json ? 'object' : 'table') : name)
  switch (issue.code) {
    case 'invalid_type':
      return { path, text: valueAt(data, path) === undefined ? `missing (expected ${typeName(issue.expected)})` : `expected ${typeName(issue.expected)}` }
    case 'unrecognized_keys': {
      const allowed = path.length === 0 ? Object.keys(configSchema.shape) : path[0] === 'indexes' ? indexFields : serverFields
      return { path: [...path, issue.keys[0] ?? ''], text: `unknown key (expected one of ${allowed.join(', ')})` }
    }
    case 'invalid_key':
      return { path, text: `invalid key: ${issue.issues[0]?.message ?? issue.message}` }
    case 'too_small':
      return { path, text: issue.origin === 'string' ? 'must not be empty' : issue.message }
    default:
      return { path, text: issue.message }
  }
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined
    value = (value as Record<PropertyKey, unknown>)[key]
  }
  return value
}
