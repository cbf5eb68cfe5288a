import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { LspDiagnostic, LspProviderQuery, LspQueryResult, LspSymbol } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { describe, expect, it } from 'vitest'
import { complete, failure, fileUri, positionOf, stubTool, tempWorkspace } from './workspace.test-support.js'

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } })
const a = 'export function total(n: number): number {\n  return n\n}\n'
const b = "import { total } from './a'\ntotal(1)\n"

/**
 * A stub over src/a.ts (function total, lines 1-3) and src/b.ts (its caller): no errors on disk;
 * with the edit in view, `overlayErrors` of each file.
 */
async function rangeTool(overlayErrors: (file: string) => LspDiagnostic[] = () => []) {
  const root = await tempWorkspace({ 'src/a.ts': a, 'src/b.ts': b })
  const base = { resolvedWorkspaceRoot: root, completeness: complete }
  // Its parameter listed as pyright lists them: a local, so the range's holder is total.
  const n: LspSymbol = { name: 'n', kind: 'Variable', uri: fileUri(root, 'src/a.ts'), range: range(0, 22, 0, 31), selectionRange: range(0, 22, 0, 23), children: [] }
  const total: LspSymbol = { name: 'total', kind: 'Function', uri: fileUri(root, 'src/a.ts'), range: range(0, 0, 2, 1), selectionRange: range(0, 16, 0, 21), children: [n] }
  const answer = (query: LspProviderQuery): LspQueryResult => {
    switch (query.operation) {
      case 'documentSymbol':
        return { kind: 'symbols', symbols: [total], ...base }
      case 'findReferences':
        return { kind: 'locations', locations: [{ uri: fileUri(root, 'src/a.ts'), range: range(0, 16, 0, 21) }, { uri: fileUri(root, 'src/b.ts'), range: range(1, 0, 1, 5) }], ...base }
      case 'diagnostics':
        return { kind: 'diagnostics', uri: URI.file(query.filePath).toString(), diagnostics: [], ...base }
      case 'overlayDiagnostics':
        return { kind: 'overlayDiagnostics', files: query.files.map((file) => ({ uri: URI.file(file).toString(), diagnostics: overlayErrors(path.relative(root, file)), completeness: complete })), ...base }
      default:
        throw new Error(`unexpected ${query.operation}`)
    }
  }
  const { tool, seen } = stubTool(answer, { workspaceRoot: root })
  return { root, tool, seen }
}

// `number` of `n: number` on line 1: code points 26 to 31, the end (32) exclusive.
const edit = { operation: 'edit', filePath: 'src/a.ts', line: 1, character: 26, endLine: 1, endCharacter: 32, text: 'string' }
const diff = ['--- a/src/a.ts', '+++ b/src/a.ts', '@@ -1,3 +1,3 @@', '-export function total(n: number): number {', '+export function total(n: string): number {', '   return n', ' }']

describe('edit (a range replaced) through the tool', () => {
  it('previews the range replaced, checking the file and the callers of the symbol holding the range', async () => {
    const broken: LspDiagnostic = { range: range(1, 6, 1, 7), severity: 'Error', code: 2345, source: 'ts', message: "Argument of type 'number' is not assignable to parameter of type 'string'.", relatedInformation: [] }
    const { root, tool, seen } = await rangeTool((file) => (file === 'src/b.ts' ? [broken] : []))
    expect(await tool.execute(edit)).toBe(
      [
        'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
        "  src/b.ts:2:7  error  2345  Argument of type 'number' is not assignable to parameter of type 'string'.",
        'Preview: edit src/a.ts:1:26-1:32: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
        ...diff,
      ].join('\n'),
    )
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe(a)
    // Then the users of total in b.ts (documentSymbol there) and their references, then the users
    // of those around their references (see dependentFiles; none here).
    expect(seen.map((query) => query.operation)).toEqual(['documentSymbol', 'findReferences', 'documentSymbol', 'findReferences', 'documentSymbol', 'documentSymbol', 'diagnostics', 'diagnostics', 'overlayDiagnostics'])
    // The references of total (not of its parameter n), asked at its name.
    expect(positionOf(seen[1])).toEqual({ line: 0, character: 16 })
  })

  it('applies what the preview showed and verifies the errors; an empty text deletes the range', async () => {
    const { root, tool } = await rangeTool()
    await tool.execute(edit)
    expect(await tool.execute({ ...edit, apply: true })).toBe(
      ['Applied: edit src/a.ts:1:26-1:32: 1 edit in 1 file written.', '  src/a.ts', 'Verified: errors 0 → 0 in the 2 checked files.'].join('\n'),
    )
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe('export function total(n: string): number {\n  return n\n}\n')
    // `: number` after the parameters, deleted: 1:33 up to the brace at 1:42.
    const deleted = await tool.execute({ ...edit, character: 33, endCharacter: 41, text: '', apply: true })
    expect(deleted.split('\n').slice(0, 3)).toEqual(['Applied: edit src/a.ts:1:33-1:41: 1 edit in 1 file written.', '  src/a.ts', 'Verified: errors 0 → 0 in the 2 checked files.'])
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe('export function total(n: string) {\n  return n\n}\n')
  })

  it('refuses to apply when the file changed since the preview, writing nothing', async () => {
    const { root, tool } = await rangeTool()
    await tool.execute(edit)
    const changed = a.replace('return n', 'return n + 1')
    await writeFile(path.join(root, 'src/a.ts'), changed)
    expect(await failure(tool.execute({ ...edit, apply: true }))).toEqual({
      code: 'LSP_EDIT_CONFLICT',
      message: 'src/a.ts changed on disk since the preview; nothing was written. Preview the edit again',
    })
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe(changed)
  })

  it('writes the text with the line breaks of the file, and spans lines', async () => {
    const root = await tempWorkspace({ 'src/c.ts': 'const x = 1\r\nconst y = 2\r\n' })
    const { tool } = stubTool(() => ({ kind: 'symbols', symbols: [], resolvedWorkspaceRoot: root, completeness: complete }), { workspaceRoot: root, checkEdits: false })
    const input = { operation: 'edit', filePath: 'src/c.ts', line: 1, character: 11, endLine: 2, endCharacter: 12, text: '1\nconst z = 3\nconst y = 4' }
    const answer = await tool.execute(input)
    expect(answer.split('\n')[0]).toBe('Preview: edit src/c.ts:1:11-2:12: 1 edit in 1 file; nothing written. The same call with apply: true writes it.')
    expect(answer.split('\n').slice(-3)).toEqual(['-const y = 2\r', '+const z = 3\r', '+const y = 4\r'])
    await tool.execute({ ...input, apply: true })
    expect(await readFile(path.join(root, 'src/c.ts'), 'utf8')).toBe('const x = 1\r\nconst z = 3\r\nconst y = 4\r\n')
  })

  it('appends at the end of a file that ends with a line break (the line after its last, as an editor shows it)', async () => {
    // A trial: "the range's start 6:1 is past the end of src/base.ts, whose last line is 5" — no way to append.
    const root = await tempWorkspace({ 'src/c.ts': 'const x = 1\n' })
    const { tool } = stubTool(() => ({ kind: 'symbols', symbols: [], resolvedWorkspaceRoot: root, completeness: complete }), { workspaceRoot: root, checkEdits: false })
    const input = { operation: 'edit', filePath: 'src/c.ts', line: 2, character: 1, endLine: 2, endCharacter: 1, text: 'const y = 2\n' }
    expect((await tool.execute(input)).split('\n')[0]).toBe('Preview: edit src/c.ts:2:1-2:1: 1 edit in 1 file; nothing written. The same call with apply: true writes it.')
    await tool.execute({ ...input, apply: true })
    expect(await readFile(path.join(root, 'src/c.ts'), 'utf8')).toBe('const x = 1\nconst y = 2\n')
  })
})

describe('edit: bad input', () => {
  const cases: { name: string; input: Record<string, unknown>; message: string }[] = [
    { name: 'no end', input: { ...edit, endLine: undefined, endCharacter: undefined }, message: 'edit needs filePath, line and character (the start), endLine and endCharacter (the end, exclusive) and text ("" deletes); endLine and endCharacter are missing' },
    { name: 'no text', input: { ...edit, text: undefined }, message: 'edit needs filePath, line and character (the start), endLine and endCharacter (the end, exclusive) and text ("" deletes); text is missing' },
    { name: 'a symbol', input: { ...edit, symbol: 'total' }, message: 'edit takes filePath, line, character, endLine, endCharacter, text and apply (remove symbol)' },
    { name: 'force', input: { ...edit, force: true }, message: 'edit takes no force (rename, moveFile)' },
    { name: 'a page', input: { ...edit, page: 2 }, message: 'edit takes no page (its answer is not a list)' },
    { name: 'an empty text for replaceSymbol', input: { operation: 'replaceSymbol', symbol: 'total', text: '' }, message: 'replaceSymbol needs a non-empty text (the code to write); to delete code, edit its range with text ""' },
    { name: 'text a number', input: { ...edit, text: 5 }, message: 'text must be a string (got 5)' },
    { name: 'text on hover', input: { operation: 'hover', filePath: 'src/a.ts', line: 1, character: 17, text: 'x' }, message: 'hover takes no text (replaceSymbol, insertBefore, insertAfter, edit)' },
  ]
  for (const { name, input, message } of cases) {
    it(`refuses ${name} before asking the server`, async () => {
      const { tool, seen } = await rangeTool()
      expect(await failure(tool.execute(input))).toEqual({ code: 'LSP_INVALID_INPUT', message })
      expect(seen).toEqual([])
    })
  }

  const places: { name: string; at: Record<string, number>; message: string }[] = [
    { name: 'an end past the end of the file', at: { endLine: 5, endCharacter: 1 }, message: "the range's end 5:1 is past the end of src/a.ts (3 lines), which ends at 4:1" },
    { name: 'a start past the end of the file', at: { line: 5, character: 1, endLine: 5, endCharacter: 1 }, message: "the range's start 5:1 is past the end of src/a.ts (3 lines), which ends at 4:1" },
    { name: 'a place after the final line break but not at its start', at: { line: 4, character: 2, endLine: 4, endCharacter: 2 }, message: "the range's start 4:2 is past the end of src/a.ts (3 lines), which ends at 4:1" },
    { name: 'an end past its line', at: { endLine: 2, endCharacter: 20 }, message: "the range's end 2:20 is past the end of line 2 of src/a.ts, which ends at 2:11" },
    { name: 'an end before the start', at: { endLine: 1, endCharacter: 20 }, message: 'the range ends (src/a.ts:1:20) before it starts (src/a.ts:1:26)' },
  ]
  for (const { name, at, message } of places) {
    it(`refuses ${name} as LSP_INVALID_INPUT naming where the file or line ends`, async () => {
      const { tool, seen } = await rangeTool()
      expect(await failure(tool.execute({ ...edit, ...at }))).toEqual({ code: 'LSP_INVALID_INPUT', message })
      expect(seen).toEqual([])
    })
  }
})
