import type { Field, LspToolInput } from './input-schema.js'
import { listed } from './input-problems.js'
import type { ToolRequest } from './tool-request.js'

const takes: readonly Field[] = ['filePath', 'line', 'character', 'endLine', 'endCharacter', 'text', 'apply']

/**
 * `edit`: `filePath`, `line` and `character` (the start), `endLine` and `endCharacter` (the end,
 * exclusive; 1-based, code points), `text` (may be empty: the range is deleted), optional `apply`.
 * Where the range lies in the file is checked once the file is read (see `locateSelection`).
 * @param present - the fields given besides `operation`, `page` and `fileFilter` (refused before).
 */
export function rangeEditRequest(input: LspToolInput, present: readonly Field[], problems: string[]): { request?: ToolRequest; problems: string[] } {
  const missing = takes.filter((field) => field !== 'apply' && input[field] === undefined)
  const extra = present.filter((field) => !takes.includes(field))
  if (missing.length > 0) {
    problems.unshift(`edit needs filePath, line and character (the start), endLine and endCharacter (the end, exclusive) and text ("" deletes); ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} missing`)
  }
  if (extra.length > 0) problems.push(`edit takes filePath, line, character, endLine, endCharacter, text and apply (remove ${listed(extra)})`)
  const { filePath, line, character, endLine, endCharacter, text } = input
  if (filePath === undefined || line === undefined || character === undefined || endLine === undefined || endCharacter === undefined || text === undefined) return { problems }
  return {
    request: { shape: 'edit', operation: 'edit', target: { kind: 'position', filePath, line, character }, end: { line: endLine, character: endCharacter }, text, apply: input.apply ?? false },
    problems,
  }
}
