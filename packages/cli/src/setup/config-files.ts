import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { HarnessError } from '@agent-lsp/errors'
import { applyEdits, modify, parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser'
import { parse as parseToml, stringify as stringifyToml } from 'smol-toml'
import type { ConfigEntry } from './agent-hosts.js'

/** What writing one entry did to its file. */
export type EntryOutcome = 'created' | 'added' | 'replaced' | 'unchanged'

/**
 * Put `entry.value` at `entry.key` in its file, keeping everything else in it, comments and
 * layout included (JSON with comments through `jsonc-parser`'s edits; TOML by appending or
 * replacing the entry's own table). A key segment `[matcher=X]` is the item of a list whose
 * `matcher` is `X` (replaced, else appended). The new text is parsed again and must hold exactly
 * the old value plus the entry, else nothing is written. Written atomically (a temporary file
 * renamed into place).
 * @throws HarnessError `SETUP_UNREADABLE` (the file is not JSON/TOML, or a value on the way is
 *   not an object or list), `SETUP_UNWRITABLE` (the file or its folder cannot be written).
 */
export function writeEntry(entry: ConfigEntry): EntryOutcome {
  const old = readText(entry.file)
  const before = old === undefined ? {} : parsed(entry, old)
  const expected = structuredClone(before)
  const { path: keyPath, replaced } = resolveKey(entry, expected)
  if (replaced && isDeepStrictEqual(valueAt(expected, keyPath), entry.value)) return 'unchanged'
  setAt(expected, keyPath, entry.value)
  const text = entry.format === 'json' ? editedJson(old ?? '{}\n', before, keyPath, entry.value, replaced) : editedToml(entry, old ?? '')
  if (!isDeepStrictEqual(parsed(entry, text), expected)) throw unreadable(entry, `editing it would change more than the ${shownKey(entry)} entry; add the entry by hand`)
  try {
    mkdirSync(path.dirname(entry.file), { recursive: true })
    const temporary = `${entry.file}.agent-lsp-${process.pid}.tmp`
    writeFileSync(temporary, text)
    renameSync(temporary, entry.file)
  } catch (error) {
    throw new HarnessError('SETUP_UNWRITABLE', `cannot write ${entry.file}: ${(error as Error).message}`)
  }
  return old === undefined ? 'created' : replaced ? 'replaced' : 'added'
}

type KeyPath = (string | number)[]

/** The concrete path of `entry.key` in `document` (list selectors become indexes), and whether a value is there. */
function resolveKey(entry: ConfigEntry, document: unknown): { path: KeyPath; replaced: boolean } {
  const resolved: KeyPath = []
  let at: unknown = document
  for (const segment of entry.key) {
    const selector = /^\[(\w+)=(.*)\]$/.exec(segment)
    if (at !== undefined && (typeof at !== 'object' || at === null || Array.isArray(at) !== Boolean(selector))) {
      const kind = selector ? (entry.format === 'json' ? 'a list' : 'an array') : entry.format === 'json' ? 'an object' : 'a table'
      throw unreadable(entry, `${shownKey(entry, resolved.length)} is not ${kind}`)
    }
    if (selector) {
      const list = (at ?? []) as unknown[]
      const index = list.findIndex((item) => typeof item === 'object' && item !== null && (item as Record<string, unknown>)[selector[1]!] === selector[2])
      resolved.push(index === -1 ? list.length : index)
      at = index === -1 ? undefined : list[index]
    } else {
      resolved.push(segment)
      at = at === undefined ? undefined : (at as Record<string, unknown>)[segment]
    }
  }
  return { path: resolved, replaced: at !== undefined }
}

function valueAt(document: unknown, keyPath: KeyPath): unknown {
  return keyPath.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], document)
}

function setAt(document: unknown, keyPath: KeyPath, value: unknown): void {
  let at = document as Record<string | number, unknown>
  keyPath.forEach((key, index) => {
    if (index === keyPath.length - 1) at[key] = value
    else at = (at[key] ??= typeof keyPath[index + 1] === 'number' ? [] : {}) as Record<string | number, unknown>
  })
}

/** One edit at the first key that is missing (the rest of the path built as its value), or at the value replaced. */
function editedJson(text: string, before: unknown, keyPath: KeyPath, value: unknown, replaced: boolean): string {
  let depth = 0
  while (depth < keyPath.length - 1 && valueAt(before, keyPath.slice(0, depth + 1)) !== undefined) depth++
  const at = keyPath.slice(0, depth + 1)
  const rest = keyPath.slice(depth + 1)
  const built = rest.reduceRight<unknown>((inner, key) => (typeof key === 'number' ? [inner] : { [key]: inner }), value)
  const insertsItem = typeof at.at(-1) === 'number' && !(replaced && rest.length === 0)
  const edits = modify(text, at, built, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' }, isArrayInsertion: insertsItem })
  const edited = applyEdits(text, edits)
  return edited.endsWith('\n') ? edited : `${edited}\n`
}

/** TOML: the entry's table appended when new; when there, its own lines (header to next header) replaced. */
function editedToml(entry: ConfigEntry, text: string): string {
  const table = stringifyToml(nested(entry.key, entry.value))
  const header = `[${entry.key.join('.')}]`
  const lines = text.split('\n')
  const start = lines.findIndex((line) => line.trim() === header)
  if (start === -1) return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${text === '' ? '' : '\n'}${table.trimEnd()}\n`
  let end = lines.findIndex((line, index) => index > start && /^\s*\[/.test(line))
  if (end === -1) end = lines.length
  const kept = [...lines.slice(0, start), ...table.trimEnd().split('\n'), ...(end < lines.length ? [''] : []), ...lines.slice(end)]
  return kept.join('\n')
}

function nested(key: readonly string[], value: unknown): Record<string, unknown> {
  return key.reduceRight<Record<string, unknown>>((inner, segment) => ({ [segment]: inner }), value as Record<string, unknown>)
}

function parsed(entry: ConfigEntry, text: string): unknown {
  if (entry.format === 'toml') {
    try {
      // Plain objects (smol-toml gives null-prototype ones), dates as strings: compared as data.
      return JSON.parse(JSON.stringify(parseToml(text))) as unknown
    } catch (error) {
      throw unreadable(entry, `it is not TOML (${(error as Error).message.split('\n')[0]})`)
    }
  }
  const errors: ParseError[] = []
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true })
  if (errors.length > 0) throw unreadable(entry, `it is not JSON (${printParseErrorCode(errors[0]!.error)} at offset ${errors[0]!.offset})`)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw unreadable(entry, 'it does not hold an object')
  return value
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new HarnessError('SETUP_UNREADABLE', `cannot read ${file}: ${(error as Error).message}`)
  }
}

function shownKey(entry: ConfigEntry, length = entry.key.length): string {
  return entry.key.slice(0, Math.max(1, length)).join('.')
}

function unreadable(entry: ConfigEntry, why: string): HarnessError {
  return new HarnessError('SETUP_UNREADABLE', `cannot add the ${shownKey(entry)} entry to ${entry.file}: ${why}; nothing was written`)
}
