// Issue 4, "Bad input": what a model can send wrong, one row each. Every row gets one line and a
// stable code, reaches the provider only when it must, and the same tool then answers a valid query.
// A stub provider: what is checked here is the tool's own (the command and the real server are in
// the cli's bad-input.test.ts).
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { LspProviderQuery, LspQueryResult } from '@agent-lsp/lsp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emojiLine, pricingFiles } from './fixtures.test-support.js'
import type { LspTool } from './tool.js'
import { at, complete, failure, fileUri, stubTool } from './workspace.test-support.js'

interface Row {
  readonly name: string
  /** The tool's input; `<root>` and `<outside>` in strings stand for the two directories. */
  readonly input: unknown
  readonly code: string
  /** The whole message, with the same placeholders. */
  readonly message: string
  /** How many provider queries the call makes (0: refused before asking anyone). */
  readonly asks?: number
}

const MB = 1024 * 1024
const cursor = { operation: 'goToDefinition', filePath: 'src/app.ts', line: 1, character: 10 }
const operations =
  'goToDefinition, goToTypeDefinition, findReferences, goToImplementation, hover, signatureHelp, incomingCalls, ' +
  'outgoingCalls, documentSymbol, workspaceSymbol, diagnostics, completion, rename, codeActions, format, ' +
  'prepareCallHierarchy, supertypes, subtypes, workspaceDiagnostics, symbolSource, replaceSymbol, insertBefore, insertAfter, edit, moveFile, impact'
const fields = 'operation, filePath, line, character, symbol, query, page, fileFilter, newName, newPath, action, only, text, apply, force, endLine, endCharacter, tabSize, insertSpaces, diff, depth'
const notObject = 'input must be an object with operation and the fields it takes'

const rows: Row[] = [
  // The input's shape.
  { name: 'an array', input: [cursor], code: 'LSP_INVALID_INPUT', message: `${notObject} (got [{"operation":"goToDefinition","filePath…)` },
  {
    name: "the call's JSON text instead of the object",
    input: JSON.stringify(cursor),
    code: 'LSP_INVALID_INPUT',
    message: `${notObject} (got "{\\"operation\\":\\"goToDefinition\\",\\"fil…)`,
  },
  { name: 'operation missing', input: { ...cursor, operation: undefined }, code: 'LSP_INVALID_INPUT', message: `operation is missing (expected one of ${operations})` },
  { name: 'operation empty', input: { ...cursor, operation: '' }, code: 'LSP_INVALID_INPUT', message: `operation must be one of ${operations} (got "")` },
  {
    name: 'operation in the wrong case',
    input: { ...cursor, operation: 'GotoDefinition' },
    code: 'LSP_INVALID_INPUT',
    message: `operation must be one of ${operations} (got "GotoDefinition"); did you mean goToDefinition?`,
  },
  { name: 'operation a number', input: { ...cursor, operation: 3 }, code: 'LSP_INVALID_INPUT', message: `operation must be one of ${operations} (got 3)` },
  {
    name: 'an unknown field beside the right ones',
    input: { ...cursor, column: 10 },
    code: 'LSP_INVALID_INPUT',
    message: `unknown property "column" (expected only ${fields})`,
  },
  {
    name: 'an own __proto__ property, as JSON.parse makes it',
    input: JSON.parse('{"operation":"goToDefinition","filePath":"src/app.ts","line":1,"character":10,"__proto__":{"page":2}}'),
    code: 'LSP_INVALID_INPUT',
    message: `unknown property "__proto__" (expected only ${fields})`,
  },
  {
    name: 'a thousand unknown fields, one of them 1 MB long',
    input: { ...cursor, ['k'.repeat(MB)]: 1, ...Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`extra${index}`, index])) },
    code: 'LSP_INVALID_INPUT',
    message: `unknown properties "${'k'.repeat(39)}…, "extra0", "extra1", "extra2", "extra3" and 996 more (expected only ${fields})`,
  },
  // Numbers.
  { name: 'line negative', input: { ...cursor, line: -1 }, code: 'LSP_INVALID_INPUT', message: 'line must be an integer >= 1 (got -1)' },
  { name: 'line fractional', input: { ...cursor, line: 1.5 }, code: 'LSP_INVALID_INPUT', message: 'line must be an integer >= 1 (got 1.5)' },
  { name: 'line NaN', input: { ...cursor, line: Number.NaN }, code: 'LSP_INVALID_INPUT', message: 'line must be an integer >= 1 (got NaN)' },
  { name: 'line Infinity', input: { ...cursor, line: Number.POSITIVE_INFINITY }, code: 'LSP_INVALID_INPUT', message: 'line must be an integer >= 1 (got Infinity)' },
  { name: 'line a word', input: { ...cursor, line: 'one' }, code: 'LSP_INVALID_INPUT', message: 'line must be an integer >= 1 (got "one")' },
  {
    name: 'line past 2^53',
    input: { ...cursor, line: 1e20 },
    code: 'LSP_INVALID_INPUT',
    message: 'line must be at most 9007199254740991 (got 100000000000000000000)',
  },
  {
    name: 'line a whole number no file reaches',
    input: { ...cursor, line: 2 ** 31 },
    code: 'LSP_INVALID_POSITION',
    message: 'line 2147483648 is past the end of src/app.ts (3 lines)',
  },
  { name: 'character null', input: { ...cursor, character: null }, code: 'LSP_INVALID_INPUT', message: 'character must be an integer >= 1 (got null)' },
  { name: 'character a boolean', input: { ...cursor, character: true }, code: 'LSP_INVALID_INPUT', message: 'character must be an integer >= 1 (got true)' },
  { name: 'page negative', input: { ...cursor, page: -2 }, code: 'LSP_INVALID_INPUT', message: 'page must be an integer >= 1 (got -2)' },
  { name: 'page a numeric string', input: { ...cursor, page: '2' }, code: 'LSP_INVALID_INPUT', message: 'page must be an integer >= 1 (got "2")' },
  {
    name: 'page past the last page',
    input: { operation: 'findReferences', filePath: 'src/pricing.ts', line: 1, character: 17, page: 3 },
    code: 'LSP_INVALID_INPUT',
    message: 'page 3 is past the last page (the answer has 3 rows: 2 pages of up to 2)',
    asks: 1,
  },
  // Missing and misplaced fields, by operation.
  {
    name: 'a cursor without its line',
    input: { operation: 'hover', filePath: 'src/app.ts', character: 3 },
    code: 'LSP_INVALID_INPUT',
    message: 'hover needs filePath, line and character, or symbol (a name like Cart.addItem); line is missing',
  },
  {
    name: 'a cursor operation given only query',
    input: { operation: 'incomingCalls', query: 'applyDiscount' },
    code: 'LSP_INVALID_INPUT',
    message: 'incomingCalls needs filePath, line and character, or symbol (a name like Cart.addItem); query is for workspaceSymbol only',
  },
  {
    name: 'diagnostics with a cursor',
    input: { operation: 'diagnostics', filePath: 'src/app.ts', line: 1, character: 1 },
    code: 'LSP_INVALID_INPUT',
    message: 'diagnostics takes only filePath and page (remove line and character)',
  },
  { name: 'workspaceSymbol without query', input: { operation: 'workspaceSymbol', filePath: 'src/app.ts' }, code: 'LSP_INVALID_INPUT', message: 'workspaceSymbol needs query (a symbol name, or the start of one)' },
  // Strings.
  { name: 'filePath a number', input: { ...cursor, filePath: 42 }, code: 'LSP_INVALID_INPUT', message: 'filePath must be a non-empty string (got 42)' },
  { name: 'filePath an array', input: { ...cursor, filePath: ['src/app.ts'] }, code: 'LSP_INVALID_INPUT', message: 'filePath must be a non-empty string (got ["src/app.ts"])' },
  {
    name: 'filePath of 1 MB',
    input: { ...cursor, filePath: 'a/'.repeat(MB / 2) },
    code: 'LSP_INVALID_INPUT',
    message: 'filePath must be at most 4096 characters long (got 1048576)',
  },
  {
    name: 'filePath with a NUL',
    input: { ...cursor, filePath: 'src/app.ts\u0000.png' },
    code: 'LSP_INVALID_INPUT',
    message: 'filePath must not contain a NUL character (got "src/app.ts\\u0000.png")',
  },
  {
    name: 'filePath with an unpaired surrogate',
    input: { ...cursor, filePath: 'src/\ud83c.ts' },
    code: 'LSP_INVALID_INPUT',
    message: 'filePath holds an unpaired UTF-16 surrogate, which is not text (got "src/\\ud83c.ts")',
  },
  { name: 'symbol a number', input: { operation: 'hover', symbol: 7 }, code: 'LSP_INVALID_INPUT', message: 'symbol must be a non-empty string (got 7)' },
  { name: 'symbol of spaces', input: { operation: 'hover', symbol: '   ' }, code: 'LSP_INVALID_INPUT', message: 'symbol must be a name or name path like Cart.addItem (got "   ")' },
  {
    name: 'symbol with an empty segment',
    input: { operation: 'findReferences', symbol: 'Cart..addItem' },
    code: 'LSP_INVALID_INPUT',
    message: 'symbol "Cart..addItem" has an empty segment; join names with single dots, like Cart.addItem',
  },
  {
    name: 'symbol ending in a separator',
    input: { operation: 'findReferences', symbol: 'Cart::' },
    code: 'LSP_INVALID_INPUT',
    message: 'symbol "Cart::" has an empty segment; join names with single dots, like Cart.addItem',
  },
  {
    name: 'symbol of 1 MB',
    input: { operation: 'findReferences', symbol: 'x'.repeat(MB) },
    code: 'LSP_INVALID_INPUT',
    message: 'symbol must be at most 1000 characters long (got 1048576)',
  },
  { name: 'query empty', input: { operation: 'workspaceSymbol', query: '' }, code: 'LSP_INVALID_INPUT', message: 'query must be a symbol name, or the start of one (got "")' },
  { name: 'query a tab', input: { operation: 'workspaceSymbol', query: '\t' }, code: 'LSP_INVALID_INPUT', message: 'query must be a symbol name, or the start of one (got "\\t")' },
  {
    name: 'query of 1 MB',
    input: { operation: 'workspaceSymbol', query: 'q'.repeat(MB) },
    code: 'LSP_INVALID_INPUT',
    message: 'query must be at most 1000 characters long (got 1048576)',
  },
  { name: 'fileFilter empty', input: { ...cursor, fileFilter: '' }, code: 'LSP_INVALID_INPUT', message: 'fileFilter must be a non-empty string (got "")' },
  {
    name: 'fileFilter of 1 MB',
    input: { ...cursor, fileFilter: 'f'.repeat(MB) },
    code: 'LSP_INVALID_INPUT',
    message: 'fileFilter must be at most 4096 characters long (got 1048576)',
  },
  {
    name: 'fileFilter above the root',
    input: { ...cursor, fileFilter: 'src/../..' },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: 'fileFilter src/../.. is outside the workspace root <root>; give a file or folder inside it',
  },
  {
    name: 'fileFilter an absolute path elsewhere',
    input: { ...cursor, fileFilter: '<outside>' },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: 'fileFilter <outside> is outside the workspace root <root>; give a file or folder inside it',
  },
  // Files.
  {
    name: 'filePath absolute elsewhere',
    input: { ...cursor, filePath: '<outside>/secret.ts' },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: '<outside>/secret.ts is outside the workspace root <root>; give a path inside it',
  },
  {
    name: 'filePath the parent folder',
    input: { operation: 'documentSymbol', filePath: '..' },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: '.. resolves to <parent>, outside the workspace root <root>; give a path inside it',
  },
  {
    name: 'a file symlink leading out of the root',
    input: { ...cursor, filePath: 'src/escape.ts', line: 40 },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: 'src/escape.ts resolves to <outside>/secret.ts, outside the workspace root <root>; give a path inside it',
  },
  {
    name: 'a file under a folder symlink leading out of the root',
    input: { operation: 'diagnostics', filePath: 'vendor/secret.ts' },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: 'vendor/secret.ts resolves to <outside>/secret.ts, outside the workspace root <root>; give a path inside it',
  },
  {
    name: 'a symbol looked up in a file outside',
    input: { operation: 'findReferences', symbol: 'secret', filePath: 'vendor/secret.ts' },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: 'vendor/secret.ts resolves to <outside>/secret.ts, outside the workspace root <root>; give a path inside it',
  },
  {
    name: 'a missing file for workspaceSymbol',
    input: { operation: 'workspaceSymbol', query: 'apply', filePath: 'src/gone.ts' },
    code: 'LSP_FILE_NOT_FOUND',
    message: 'file not found: src/gone.ts (resolved to <root>/src/gone.ts)',
  },
  {
    name: 'a path ending in a space',
    input: { ...cursor, filePath: 'src/app.ts ' },
    code: 'LSP_FILE_NOT_FOUND',
    message: 'file not found: "src/app.ts " (resolved to "<root>/src/app.ts ")',
  },
  {
    name: 'the cursor written into the path',
    input: { ...cursor, filePath: 'src/app.ts:1:10' },
    code: 'LSP_FILE_NOT_FOUND',
    message: 'file not found: src/app.ts:1:10 (resolved to <root>/src/app.ts:1:10); give the line and character as their own fields, not in filePath',
  },
  {
    name: 'a file: URI',
    input: { ...cursor, filePath: 'file://<root>/src/app.ts' },
    code: 'LSP_FILE_NOT_FOUND',
    message:
      'file not found: file://<root>/src/app.ts (resolved to <root>/file:<root>/src/app.ts); give a path (relative to the workspace root, or absolute), not a file: URI',
  },
  {
    name: 'a folder with a trailing slash',
    input: { operation: 'documentSymbol', filePath: 'src/' },
    code: 'LSP_FILE_NOT_FOUND',
    message: 'src/ is a directory, not a file (resolved to <root>/src)',
  },
  {
    name: 'a binary file',
    input: { ...cursor, filePath: 'src/logo.ts' },
    code: 'LSP_NOT_TEXT',
    message: 'src/logo.ts is not a text file: it holds NUL bytes (binary, or not UTF-8) (resolved to <root>/src/logo.ts)',
  },
  {
    name: 'a UTF-16 file',
    input: { operation: 'documentSymbol', filePath: 'src/utf16.ts' },
    code: 'LSP_NOT_TEXT',
    message: 'src/utf16.ts is not a text file: it is UTF-16, not UTF-8 (it starts with a UTF-16 byte order mark) (resolved to <root>/src/utf16.ts)',
  },
  {
    name: 'a UTF-16 file without a NUL byte (CJK text only)',
    input: { operation: 'documentSymbol', filePath: 'src/utf16-cjk.ts' },
    code: 'LSP_NOT_TEXT',
    message: 'src/utf16-cjk.ts is not a text file: it is UTF-16, not UTF-8 (it starts with a UTF-16 byte order mark) (resolved to <root>/src/utf16-cjk.ts)',
  },
  {
    name: 'a UTF-16 big-endian file',
    input: { operation: 'documentSymbol', filePath: 'src/utf16be.ts' },
    code: 'LSP_NOT_TEXT',
    message: 'src/utf16be.ts is not a text file: it is UTF-16, not UTF-8 (it starts with a UTF-16 byte order mark) (resolved to <root>/src/utf16be.ts)',
  },
  {
    name: 'a UTF-16 file without a byte order mark',
    input: { operation: 'documentSymbol', filePath: 'src/utf16-nobom.ts' },
    code: 'LSP_NOT_TEXT',
    message: 'src/utf16-nobom.ts is not a text file: it holds NUL bytes (binary, or not UTF-8) (resolved to <root>/src/utf16-nobom.ts)',
  },
  {
    name: 'a file no provider takes',
    input: { operation: 'documentSymbol', filePath: 'README' },
    code: 'LSP_UNAVAILABLE',
    message: 'no language server configured for files without an extension (<root>/README)',
  },
  // Positions.
  {
    name: 'the line after a final newline',
    input: { ...cursor, filePath: 'src/pricing.ts', line: 7, character: 1 },
    code: 'LSP_INVALID_POSITION',
    message: 'line 7 is past the end of src/pricing.ts (6 lines)',
  },
  {
    name: 'a column past the end of an empty file',
    input: { ...cursor, filePath: 'src/empty.ts', line: 1, character: 2 },
    code: 'LSP_INVALID_POSITION',
    message: 'character 2 is past the end of line 1 of src/empty.ts (0 code points; 1 is the end of the line)',
  },
  {
    // 🎉🎉🎉 are 3 code points and 6 UTF-16 units: a column counted in UTF-16 overshoots.
    name: 'a column counted in UTF-16 units past the end in code points',
    input: { ...cursor, line: 2, character: emojiLine.length + 1 },
    code: 'LSP_INVALID_POSITION',
    message: `character ${emojiLine.length + 1} is past the end of line 2 of src/app.ts (${Array.from(emojiLine).length} code points; ${Array.from(emojiLine).length + 1} is the end of the line)`,
  },
]

// The valid query asked after each row, and its answer.
const valid = { operation: 'goToDefinition', filePath: 'src/app.ts', line: 1, character: 10 }
const validAnswer = 'applyDiscount → src/pricing.ts:1:17  export function applyDiscount(price: number, rate: number): number {'

describe('bad input through the tool', () => {
  let root: string
  let outside: string
  let tool: LspTool
  let seen: LspProviderQuery[]

  beforeAll(async () => {
    root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'tool-lsp-bad-')))
    outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'tool-lsp-outside-')))
    const files: Record<string, string | Buffer> = {
      ...pricingFiles,
      'src/empty.ts': '',
      'src/logo.ts': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
      'src/utf16.ts': Buffer.from('\ufeffexport const a = 1\n', 'utf16le'),
      // FF FE 2D 4E 87 65: no NUL byte, only the byte order mark says it is not UTF-8.
      'src/utf16-cjk.ts': Buffer.from('\ufeff中文', 'utf16le'),
      'src/utf16be.ts': Buffer.from('\ufeffexport const a = 1\n', 'utf16le').swap16(),
      'src/utf16-nobom.ts': Buffer.from('export const a = 1\n', 'utf16le'),
      README: 'read me\n',
    }
    for (const [relative, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, relative)), { recursive: true })
      await writeFile(path.join(root, relative), content)
    }
    await writeFile(path.join(outside, 'secret.ts'), 'export const secret = 1\n')
    await symlink(path.join(outside, 'secret.ts'), path.join(root, 'src/escape.ts'))
    await symlink(outside, path.join(root, 'vendor'))
    const pricing = fileUri(root, 'src/pricing.ts')
    const app = fileUri(root, 'src/app.ts')
    const answer = (query: LspProviderQuery): LspQueryResult => {
      const base = { resolvedWorkspaceRoot: root, completeness: complete }
      switch (query.operation) {
        case 'goToDefinition':
          return { kind: 'locations', locations: [at(pricing, 0, 16, 13)], ...base }
        case 'findReferences':
          return { kind: 'locations', locations: [at(pricing, 0, 16, 13), at(app, 0, 9, 13), at(app, 1, emojiLine.indexOf('applyDiscount'), 13)], ...base }
        default:
          throw new Error(`unexpected ${query.operation}`)
      }
    }
    ;({ tool, seen } = stubTool(answer, { workspaceRoot: root, maxResults: 2 }))
  })

  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
    await rm(outside, { recursive: true, force: true })
  })

  const fill = (text: string): string =>
    text.replaceAll('<root>', root).replaceAll('<outside>', outside).replaceAll('<parent>', path.dirname(root))
  const filled = (value: unknown): unknown => {
    if (typeof value === 'string') return fill(value)
    if (Array.isArray(value) || value === null || typeof value !== 'object') return value
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, filled(field)]))
  }

  it('has at least 40 distinct rows', () => {
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length)
    expect(rows.length).toBeGreaterThanOrEqual(40)
  })

  it.each(rows)('$name: $code', async (row) => {
    // Placeholders are filled only in plain objects: arrays and strings are inputs as they are.
    const input = row.input !== null && typeof row.input === 'object' && !Array.isArray(row.input) && Object.getPrototypeOf(row.input) === Object.prototype
      ? filled(row.input)
      : row.input
    const before = seen.length
    const { code, message } = await failure(tool.execute(input))
    expect({ code, message }).toEqual({ code: row.code, message: fill(row.message) })
    // One line (failure() checks it), no JS error prefix, no stack, bounded whatever the input's size.
    expect(message).not.toMatch(/^(?:\w*Error|Error):|\bat .+:\d+:\d+/)
    expect(message.length).toBeLessThan(600)
    expect(seen.length - before).toBe(row.asks ?? 0)
    expect(await tool.execute(valid)).toBe(validAnswer)
  })
})
