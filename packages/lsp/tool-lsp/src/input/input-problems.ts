import { namedList } from '@agent-lsp/wording'
import type { z } from 'zod'
import { expected, fields, type Field, type LspToolInput } from './input-schema.js'
import { toolOperations } from './tool-request.js'

// Messages are ours, built from the field and the value, so they do not drift with zod's wording.
export function schemaProblems(input: unknown, issues: readonly z.core.$ZodIssue[]): string[] {
  const problems = new Set<string>()
  for (const issue of issues) {
    const field = issue.path[0]
    if (issue.code === 'unrecognized_keys') {
      const { keys } = issue
      problems.add(`unknown ${keys.length === 1 ? 'property' : 'properties'} ${namedList(keys.map(show), { shown: MAX_KEYS_SHOWN })} (expected only ${fields.join(', ')})`)
    } else if (typeof field === 'string' && field in expected) {
      const value = (input as Record<string, unknown>)[field]
      const what = expected[field as Field]
      if (value === undefined) problems.add(`${field} is missing (expected ${what})`)
      // z.int() refuses integers past 2^53 as too big: ">= 1" would not say what is wrong with them.
      else if (issue.code === 'too_big' && typeof value === 'number') problems.add(`${field} must be at most ${issue.maximum} (got ${show(value)})`)
      else problems.add(`${field} must be ${what} (got ${show(value)})${field === 'operation' ? operationHint(value) : ''}`)
    } else {
      problems.add(`input must be an object with operation and the fields it takes (got ${show(input)})`)
    }
  }
  return [...problems]
}

/** `; did you mean findReferences?` for an operation named in the wrong case, else nothing. */
function operationHint(value: unknown): string {
  if (typeof value !== 'string') return ''
  const match = toolOperations.find((operation) => operation.toLowerCase() === value.toLowerCase())
  return match === undefined ? '' : `; did you mean ${match}?`
}

/** Longest `filePath` or `fileFilter`, in UTF-16 code units: Linux's PATH_MAX (4096 bytes). */
export const MAX_PATH_LENGTH = 4096

/**
 * Longest `symbol` or `query`, in UTF-16 code units. A workspace symbol search costs the server
 * time in proportion to the query's length times the symbols it holds (tsserver: 1.5 s for 1000
 * characters over 300,000 symbols, and a 1 MB query kept it busy past every later query's deadline),
 * while no real name path comes near this.
 */
export const MAX_NAME_LENGTH = 1000

const stringFields = ['filePath', 'symbol', 'query', 'fileFilter'] as const

// A character no file name or symbol holds: NUL (no path may contain it; `fs` throws on it).
const nul = /\0/
// An unpaired UTF-16 surrogate: not text, and a path holding one names another file once encoded
// as UTF-8 (Node writes U+FFFD for it).
const loneSurrogate = /\p{Cs}/u
// `.`, `#` or `::` next to another separator or at either end, once a trailing `()` is dropped:
// an empty segment. `#` may start a segment (a private name: `#count`, `Cart.#count`).
const emptySegment = /^(?:\.|::)|(?:\.|::)(?:\.|::|$)|#(?:\.|::|#|$)/

/**
 * What is wrong with the strings of a schema-valid input, each problem in words: too long, holding
 * a NUL or an unpaired surrogate, a `query` of nothing but spaces, a `symbol` with no name in it
 * (`..`, `()`) or with an empty segment (`Cart..addItem`, `Cart.`).
 */
export function textProblems(input: LspToolInput): string[] {
  const problems: string[] = []
  for (const field of stringFields) {
    const value = input[field]
    if (value === undefined) continue
    const max = field === 'filePath' || field === 'fileFilter' ? MAX_PATH_LENGTH : MAX_NAME_LENGTH
    if (value.length > max) {
      problems.push(`${field} must be at most ${max} characters long (got ${value.length})`)
    } else if (nul.test(value)) {
      problems.push(`${field} must not contain a NUL character (got ${show(value)})`)
    } else if (loneSurrogate.test(value)) {
      problems.push(`${field} holds an unpaired UTF-16 surrogate, which is not text (got ${show(value)})`)
    } else if (field === 'query' && value.trim() === '') {
      problems.push(`query must be a symbol name, or the start of one (got ${show(value)})`)
    } else if (field === 'symbol') {
      const name = value.replace(/\s+/g, '').replace(/\(\)$/, '')
      if (name.replace(/::|[.#]/g, '') === '') {
        problems.push(`symbol must be a name or name path like Cart.addItem (got ${show(value)})`)
      } else if (emptySegment.test(name)) {
        problems.push(`symbol ${show(value)} has an empty segment; join names with single dots, like Cart.addItem`)
      }
    }
  }
  return problems
}

/** `a`, `a and b`, `a, b and c`. */
export function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

const maxShown = 40

/** Unknown properties named in a message; the rest are counted. */
const MAX_KEYS_SHOWN = 5

/** A short, one-line rendering of a bad value for an error message. */
export function show(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  let text: string
  try {
    text = JSON.stringify(value) ?? typeof value
  } catch {
    text = typeof value
  }
  return text.length > maxShown ? `${text.slice(0, maxShown)}…` : text
}
