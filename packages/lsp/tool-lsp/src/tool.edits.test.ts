import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { LspCodeAction, LspCompletionItem, LspProviderQuery, LspQueryResult, LspWorkspaceEdit } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { describe, expect, it } from 'vitest'
import { complete, failure, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } })
const files = { 'src/a.ts': 'export function total() {}\ntotal()\n' }

/** A stub answering rename with `edits()` (asked each time), diagnostics with none, references with `references`. */
async function editTool(edits: () => LspWorkspaceEdit | null, extra: (query: LspProviderQuery, root: string) => LspQueryResult | undefined = () => undefined) {
  const root = await tempWorkspace(files)
  const base = { resolvedWorkspaceRoot: root, completeness: complete }
  const { tool, seen } = stubTool(
    (query) =>
      extra(query, root) ??
      (query.operation === 'diagnostics'
        ? { kind: 'diagnostics', uri: fileUri(root, 'src/a.ts'), diagnostics: [], ...base }
        : query.operation === 'overlayDiagnostics'
          ? { kind: 'overlayDiagnostics', files: query.files.map((file) => ({ uri: URI.file(file).toString(), diagnostics: [], completeness: complete })), ...base }
        : query.operation === 'findReferences'
          ? { kind: 'locations', locations: [{ uri: fileUri(root, 'src/a.ts'), range: range(0, 16, 19) }, { uri: fileUri(root, 'src/a.ts'), range: range(1, 0, 3) }], ...base }
          : { kind: 'workspaceEdit', edit: edits(), ...base }),
    { workspaceRoot: root },
  )
  return { root, tool, seen }
}

const renameEdit = (root: string, newName = 'sum'): LspWorkspaceEdit => ({
  changes: [{ kind: 'edit', uri: fileUri(root, 'src/a.ts'), version: null, edits: [{ range: range(0, 16, 21), newText: newName }, { range: range(1, 0, 5), newText: newName }] }],
})

const rename = { operation: 'rename', filePath: 'src/a.ts', line: 1, character: 17, newName: 'sum' }

describe('rename through the tool', () => {
  it('previews, then applies what the preview showed and verifies references and errors', async () => {
    let root = ''
    const { tool, root: r, seen } = await editTool(() => renameEdit(root))
    root = r
    expect(await tool.execute(rename)).toBe(
      [
        'Preview: rename total → sum: 2 edits in 1 file; nothing written. The same call with apply: true writes it.',
        'Errors 0 → 0 if applied (in the 1 checked file).',
        '--- a/src/a.ts',
        '+++ b/src/a.ts',
        '@@ -1,2 +1,2 @@',
        '-export function total() {}',
        '-total()',
        '+export function sum() {}',
        '+sum()',
      ].join('\n'),
    )
    expect(await tool.execute({ ...rename, apply: true })).toBe(
      [
        'Applied: rename total → sum: 2 edits in 1 file written.',
        '  src/a.ts',
        'Verified: findReferences of sum finds all 2 references of total, renamed.',
        'Verified: errors 0 → 0 in the 1 checked file.',
        'Not cross-checked: places the server cannot see or resolve were not searched for total.',
      ].join('\n'),
    )
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe('export function sum() {}\nsum()\n')
    // The old name's references before the preview, its errors on disk and with the edit in the servers' view,
    // then before the apply the references again, the same check of the errors (a rename adding some is
    // refused; its counts on disk are the counts before), errors after the write, the new name's references and where
    // each renamed reference leads (goToDefinition).
    // The declaration (goToDefinition) for its class hierarchy, asked once for the methods of the old
    // name and of the new: the stub has none, so nothing more is asked.
    expect(seen.map((query) => query.operation)).toEqual([
      'rename', 'findReferences', 'goToDefinition', 'diagnostics', 'overlayDiagnostics',
      'rename', 'findReferences', 'goToDefinition', 'diagnostics', 'overlayDiagnostics', 'diagnostics', 'findReferences', 'goToDefinition', 'goToDefinition',
    ])
    expect(seen[0]).toMatchObject({ operation: 'rename', position: { line: 0, character: 16 }, newName: 'sum' })
  })

  it('refuses to apply an edit other than the one previewed', async () => {
    let root = ''
    let name = 'sum'
    const { tool, root: r } = await editTool(() => renameEdit(root, name))
    root = r
    await tool.execute(rename)
    name = 'summ'
    expect(await failure(tool.execute({ ...rename, apply: true }))).toEqual({
      code: 'LSP_EDIT_CONFLICT',
      message: 'the language server now computes another edit than the preview showed; nothing was written. Preview the edit again',
    })
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe(files['src/a.ts'])
  })

  it('says when there is nothing to change, and validates its fields', async () => {
    const { tool } = await editTool(() => null)
    expect(await tool.execute(rename)).toBe('Nothing to change: rename total → sum changes no file.')
    expect(await failure(tool.execute({ operation: 'rename', filePath: 'src/a.ts', line: 1, character: 17 }))).toEqual({
      code: 'LSP_INVALID_INPUT',
      message: 'rename needs newName (the new name of the symbol)',
    })
    expect(await failure(tool.execute({ operation: 'hover', filePath: 'src/a.ts', line: 1, character: 17, apply: true }))).toEqual({
      code: 'LSP_INVALID_INPUT',
      message: 'hover takes no apply (rename, codeActions, format, replaceSymbol, insertBefore, insertAfter, edit, moveFile)',
    })
  })
})

const action = (title: string, fields: Partial<LspCodeAction> = {}): LspCodeAction => ({
  title,
  kind: 'quickfix',
  isPreferred: false,
  disabledReason: null,
  diagnostics: [],
  edit: null,
  command: null,
  ...fields,
})

describe('a rename whose apply makes errors rise', () => {
  // Found by a trial on requests and rxjs: the warning named the file's first error (one already
  // there before the edit), not the new one.
  it('names the new error, not one the file already had', async () => {
    const root = await tempWorkspace({ 'src/a.ts': 'export function total() {}\n', 'src/b.ts': "const n: number = 'x'\nimport { total } from './a'\ntotal()\n" })
    const written = () => readFileSync(path.join(root, 'src/a.ts'), 'utf8').includes('sum')
    const old = { range: range(0, 6, 7), severity: 'Error' as const, message: "Type 'string' is not assignable to type 'number'.", relatedInformation: [] }
    const fresh = { range: range(1, 9, 14), severity: 'Error' as const, message: "Module './a' has no exported member 'total'.", relatedInformation: [] }
    const { tool } = stubTool(
      (query) => {
        const base = { resolvedWorkspaceRoot: root, completeness: complete }
        if (query.operation === 'rename') {
          return { kind: 'workspaceEdit', edit: { changes: [{ kind: 'edit', uri: fileUri(root, 'src/a.ts'), version: null, edits: [{ range: range(0, 16, 21), newText: 'sum' }] }] }, ...base }
        }
        if (query.operation === 'findReferences') {
          return { kind: 'locations', locations: [{ uri: fileUri(root, 'src/a.ts'), range: range(0, 16, 21) }, { uri: fileUri(root, 'src/b.ts'), range: range(2, 0, 5) }], ...base }
        }
        if (query.operation !== 'diagnostics') throw new Error(`not asked: ${query.operation}`)
        const diagnostics = !query.filePath.endsWith('b.ts') ? [] : written() ? [old, fresh] : [old]
        return { kind: 'diagnostics', uri: URI.file(query.filePath).toString(), diagnostics, ...base }
      },
      { workspaceRoot: root },
    )
    // The rename leaves b.ts's reference, so apply refuses; forced, the errors after it are told.
    expect(await failure(tool.execute({ operation: 'rename', filePath: 'src/a.ts', line: 1, character: 17, newName: 'sum', apply: true }))).toEqual({
      code: 'LSP_EDIT_INCOMPLETE',
      message: 'rename total → sum was not applied: it leaves 1 reference of total as it is; nothing was written. Rename those by hand, or apply with force: true to write it anyway',
    })
    const answer = await tool.execute({ operation: 'rename', filePath: 'src/a.ts', line: 1, character: 17, newName: 'sum', apply: true, force: true })
    expect(answer.split('\n')[0]).toBe("Warning: errors rose after the edit: src/b.ts 1 → 2 (line 2: Module './a' has no exported member 'total'.).")
  })

  it('says so on its first line, counting the files that referenced the old name, and never says the errors were verified', async () => {
    const root = await tempWorkspace({ 'src/a.ts': 'export function total() {}\n', 'src/b.ts': "import { total } from './a'\ntotal()\n" })
    // The errors of b.ts are those of the files on disk: one once a.ts no longer exports total.
    const written = () => readFileSync(path.join(root, 'src/a.ts'), 'utf8').includes('sum')
    const { tool } = stubTool(
      (query) => {
        const base = { resolvedWorkspaceRoot: root, completeness: complete }
        if (query.operation === 'rename') {
          return { kind: 'workspaceEdit', edit: { changes: [{ kind: 'edit', uri: fileUri(root, 'src/a.ts'), version: null, edits: [{ range: range(0, 16, 21), newText: 'sum' }] }] }, ...base }
        }
        if (query.operation === 'findReferences') {
          // Once written, b.ts's `total` is no reference of `sum`.
          const inB = written() ? [] : [{ uri: fileUri(root, 'src/b.ts'), range: range(1, 0, 5) }]
          return { kind: 'locations', locations: [{ uri: fileUri(root, 'src/a.ts'), range: range(0, 16, 21) }, ...inB], ...base }
        }
        if (query.operation !== 'diagnostics') throw new Error(`not asked: ${query.operation}`)
        const broken = query.filePath.endsWith('b.ts') && written()
        const diagnostics = broken ? [{ range: range(0, 9, 14), severity: 'Error' as const, message: "Module './a' has no exported member 'total'.", relatedInformation: [] }] : []
        return { kind: 'diagnostics', uri: URI.file(query.filePath).toString(), diagnostics, ...base }
      },
      { workspaceRoot: root },
    )
    const answer = await tool.execute({ operation: 'rename', filePath: 'src/a.ts', line: 1, character: 17, newName: 'sum', apply: true, force: true })
    expect(answer.split('\n').slice(0, 6)).toEqual([
      "Warning: errors rose after the edit: src/b.ts 0 → 1 (line 1: Module './a' has no exported member 'total'.).",
      'Applied: rename total → sum: 1 edit in 1 file written.',
      '  src/a.ts',
      'Verified: findReferences of sum finds all 1 reference of total, renamed.',
      'Not verified: written with force although it leaves 1 reference of total as it is.',
      'Not cross-checked: places the server cannot see or resolve were not searched for total.',
    ])
  })
})

describe('the check before writing', () => {
  it('puts a warning first, with each new error as diagnostics shows it, when the edit in the servers’ view raises errors', async () => {
    let root = ''
    const { tool, root: r, seen } = await editTool(
      () => renameEdit(root),
      (query, at) =>
        query.operation === 'overlayDiagnostics'
          ? {
              kind: 'overlayDiagnostics',
              files: [{ uri: fileUri(at, 'src/a.ts'), diagnostics: [{ range: range(1, 0, 3), severity: 'Error', code: 2304, source: 'typescript', message: "Cannot find name 'sum'.", relatedInformation: [] }], completeness: complete }],
              resolvedWorkspaceRoot: at,
              completeness: complete,
            }
          : undefined,
    )
    root = r
    const answer = (await tool.execute(rename)).split('\n')
    expect(answer.slice(0, 3)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 1 checked file), 1 new error:',
      "  src/a.ts:2:1  error  2304  Cannot find name 'sum'.",
      'Preview: rename total → sum: 2 edits in 1 file; nothing written. The same call with apply: true writes it.',
    ])
    const overlay = seen.find((query) => query.operation === 'overlayDiagnostics')
    expect(overlay).toEqual({
      operation: 'overlayDiagnostics',
      filePath: path.join(root, 'src/a.ts'),
      overlays: [{ filePath: path.join(root, 'src/a.ts'), text: 'export function sum() {}\nsum()\n' }],
      files: [path.join(root, 'src/a.ts')],
      // The new name's references, asked with the edit in view at the renamed cursor.
      references: { filePath: path.join(root, 'src/a.ts'), position: { line: 0, character: 16 } },
      // And where each renamed reference leads (goToDefinition), with the edit in view.
      definitions: [
        { filePath: path.join(root, 'src/a.ts'), position: { line: 0, character: 16 } },
        { filePath: path.join(root, 'src/a.ts'), position: { line: 1, character: 0 } },
      ],
      workspaceRoot: root,
      languageId: 'typescript',
    })
    expect(readFileSync(path.join(root, 'src/a.ts'), 'utf8')).toBe(files['src/a.ts'])
  })
})

describe('a long preview', () => {
  it('shows the first 400 diff lines and counts the rest', async () => {
    const long = Array.from({ length: 300 }, (_, index) => `line ${index}`).join('\n') + '\n'
    const root = await tempWorkspace({ 'src/a.ts': long, 'src/b.ts': long })
    const everyLine = (name: string) => ({
      kind: 'edit' as const,
      uri: fileUri(root, name),
      version: null,
      edits: Array.from({ length: 300 }, (_, line) => ({ range: range(line, 0, 4), newText: 'LINE' })),
    })
    const { tool } = stubTool(
      () => ({ kind: 'workspaceEdit', edit: { changes: [everyLine('src/a.ts'), everyLine('src/b.ts')] }, resolvedWorkspaceRoot: root, completeness: complete }),
      { workspaceRoot: root },
    )
    const rows = (await tool.execute({ operation: 'format', filePath: 'src/a.ts' })).split('\n')
    expect(rows[0]).toBe('Preview: format src/a.ts: 600 edits in 2 files; nothing written. The same call with apply: true writes it.')
    // The stub answers every query with this edit, overlayDiagnostics too: the check says it failed.
    expect(rows[1]).toBe('Not checked before writing: provider "stub" answered overlayDiagnostics with result kind "workspaceEdit", expected "overlayDiagnostics".')
    expect(rows).toHaveLength(2 + 400 + 1)
    expect(rows.at(-1)).toBe('… 806 more diff lines, 1 more file (not shown; apply writes all of it)')
  })
})

describe('codeActions through the tool', () => {
  async function actionsTool() {
    return editTool(
      () => null,
      (query, root) =>
        query.operation === 'codeActions'
          ? {
              kind: 'codeActions',
              actions: [
                action('Add missing import', { isPreferred: true, edit: { changes: [{ kind: 'edit', uri: fileUri(root, 'src/a.ts'), version: null, edits: [{ range: range(0, 0, 0), newText: "import { x } from './x'\n" }] }] } }),
                action('Extract to constant', { kind: 'refactor.extract.constant', disabledReason: 'Select an expression' }),
                action('Move to a new file', { kind: 'refactor.move.newFile', command: { title: 'Move', command: '_typescript.applyRefactoring' } }),
              ],
              resolvedWorkspaceRoot: root,
              completeness: complete,
            }
          : undefined,
    )
  }
  const at = { operation: 'codeActions', filePath: 'src/a.ts', line: 2, character: 1 }

  it('lists the applicable ones numbered, flags command-only ones, and counts the disabled', async () => {
    const { tool, seen } = await actionsTool()
    expect(await tool.execute(at)).toBe(
      [
        '2 code actions at src/a.ts:2:1:',
        '  1. [quickfix] Add missing import (preferred)',
        '  2. [refactor.move.newFile] Move to a new file — not applicable: runs the server command _typescript.applyRefactoring, which this tool does not run',
        '1 disabled action (not applicable here) not listed.',
        'Preview one with action (its number or title); write it with action and apply: true.',
        'Source actions such as organize imports are listed with only: source.',
      ].join('\n'),
    )
    expect(seen[0]).toMatchObject({ operation: 'codeActions', range: range(1, 0, 0), diagnostics: null, only: null })
  })

  it('sends a selection from line:character to endLine:endCharacter, converted to UTF-16', async () => {
    const { tool, seen } = await actionsTool()
    await tool.execute({ ...at, line: 1, character: 8, endLine: 1, endCharacter: 15 })
    expect(seen[0]).toMatchObject({ operation: 'codeActions', range: { start: { line: 0, character: 7 }, end: { line: 0, character: 14 } } })
    expect(await failure(tool.execute({ ...at, line: 2, character: 3, endLine: 1, endCharacter: 1 }))).toEqual({
      code: 'LSP_INVALID_INPUT',
      message: 'the selection ends (src/a.ts:1:1) before it starts (src/a.ts:2:3)',
    })
    expect(await failure(tool.execute({ ...at, endLine: 2 }))).toEqual({ code: 'LSP_INVALID_INPUT', message: 'endLine and endCharacter go together (the end of the selection)' })
  })

  it('previews and applies one chosen by number or title; refuses a command-only or unknown one', async () => {
    const { tool, root } = await actionsTool()
    expect((await tool.execute({ ...at, action: 'add missing import' })).split('\n')[0]).toBe(
      'Preview: code action "Add missing import": 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
    )
    expect((await tool.execute({ ...at, action: 1, apply: true })).split('\n')[0]).toBe('Applied: code action "Add missing import": 1 edit in 1 file written.')
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe(`import { x } from './x'\n${files['src/a.ts']}`)
    expect(await failure(tool.execute({ ...at, action: '2' }))).toEqual({
      code: 'LSP_UNSUPPORTED_OPERATION',
      message: 'code action 2 "Move to a new file" cannot be applied: runs the server command _typescript.applyRefactoring, which this tool does not run',
    })
    expect(await failure(tool.execute({ ...at, action: 'Rename' }))).toEqual({
      code: 'LSP_INVALID_INPUT',
      message: 'no code action "Rename" at src/a.ts:2:1 (there are: 1. Add missing import; 2. Move to a new file)',
    })
  })
})

describe('format through the tool', () => {
  it('formats whole lines from line to endLine, with the default options', async () => {
    const { tool, seen } = await editTool(() => null)
    expect(await tool.execute({ operation: 'format', filePath: 'src/a.ts', line: 1, endLine: 2 })).toBe('Nothing to change: src/a.ts lines 1-2 are already formatted.')
    expect(seen[0]).toMatchObject({ operation: 'format', range: { start: { line: 0, character: 0 }, end: { line: 1, character: 7 } }, options: { tabSize: 4, insertSpaces: true } })
    expect(await failure(tool.execute({ operation: 'format', filePath: 'src/a.ts', line: 1, endLine: 9 }))).toEqual({ code: 'LSP_INVALID_POSITION', message: 'line 9 is past the end of src/a.ts (2 lines)' })
    expect(await failure(tool.execute({ operation: 'format', filePath: 'src/a.ts', line: 2 }))).toEqual({
      code: 'LSP_INVALID_INPUT',
      message: 'format takes line and endLine together (the lines to format), or neither (the whole file)',
    })
  })
})

describe('completion through the tool', () => {
  it('shows label, kind, detail and the first line of the documentation, capped at 50 rows', async () => {
    const items: LspCompletionItem[] = Array.from({ length: 52 }, (_, index) => ({
      label: `item${index}`,
      kind: 'Property',
      detail: `(property) item${index}: number`,
      insertText: `item${index}`,
      snippet: false,
      sortText: String(index).padStart(3, '0'),
      deprecated: index === 1,
      ...(index === 0 ? { documentation: `${'Long documentation. '.repeat(6)}\nSecond line.` } : {}),
    }))
    const { tool } = await editTool(
      () => null,
      (query, root) => (query.operation === 'completion' ? { kind: 'completion', completion: { isIncomplete: false, items }, resolvedWorkspaceRoot: root, completeness: complete } : undefined),
    )
    const rows = (await tool.execute({ operation: 'completion', filePath: 'src/a.ts', line: 2, character: 1 })).split('\n')
    expect(rows.slice(0, 3)).toEqual([
      '52 completions at src/a.ts:2:1:',
      '  item0   Property  (property) item0: number — Long documentation. Long documentation. Long documentation. Long documentation.…',
      '  item1   Property  (property) item1: number (deprecated)',
    ])
    expect(rows).toHaveLength(52)
    expect(rows.at(-1)).toBe('… 2 more')
  })
})
