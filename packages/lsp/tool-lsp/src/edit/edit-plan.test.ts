import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { unifiedDiff } from './diff.js'
import { applyTextEdits, planEdit } from './edit-plan.js'
import { fileUri, tempWorkspace } from '../workspace.test-support.js'

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } })

describe('applyTextEdits', () => {
  it('applies edits against the original positions, CRLF lines and UTF-16 columns included, and finds the marker sites', () => {
    const text = 'const 🎉 = total\r\nlet x = total + total\r\n'
    const edits = [
      { range: range(0, 11, 0, 16), newText: 'sum' },
      { range: range(1, 8, 1, 13), newText: 'sum' },
      { range: range(1, 16, 1, 21), newText: 'sum' },
    ]
    expect(applyTextEdits(text, edits, 'a.ts', 'sum')).toEqual({
      text: 'const 🎉 = sum\r\nlet x = sum + sum\r\n',
      sites: [
        { position: { line: 0, character: 11 }, replaced: range(0, 11, 0, 16) },
        { position: { line: 1, character: 8 }, replaced: range(1, 8, 1, 13) },
        { position: { line: 1, character: 14 }, replaced: range(1, 16, 1, 21) },
      ],
    })
  })

  it('keeps inserts at one place in order, and refuses a line past the end', async () => {
    expect(applyTextEdits('b\n', [{ range: range(0, 0, 0, 0), newText: 'a1\n' }, { range: range(0, 0, 0, 0), newText: 'a2\n' }], 'a.ts').text).toBe('a1\na2\nb\n')
    expect(() => applyTextEdits('a\n', [{ range: range(5, 0, 5, 0), newText: 'x' }], 'a.ts')).toThrow('the edit reaches line 6 of a.ts, past its end')
  })
})

describe('planEdit', () => {
  it('follows the steps in order: edit, create, move, delete', async () => {
    const root = await tempWorkspace({ 'src/a.ts': 'one\n', 'src/old.ts': 'moved\n', 'src/gone.ts': 'bye\n' })
    const plan = await planEdit(
      {
        changes: [
          { kind: 'edit', uri: fileUri(root, 'src/a.ts'), version: null, edits: [{ range: range(0, 0, 0, 3), newText: 'two' }] },
          { kind: 'create', uri: fileUri(root, 'src/new.ts'), overwrite: false, ignoreIfExists: false },
          { kind: 'edit', uri: fileUri(root, 'src/new.ts'), version: null, edits: [{ range: range(0, 0, 0, 0), newText: 'fresh\n' }] },
          { kind: 'rename', oldUri: fileUri(root, 'src/old.ts'), newUri: fileUri(root, 'src/lib/renamed.ts'), overwrite: false, ignoreIfExists: false },
          { kind: 'delete', uri: fileUri(root, 'src/gone.ts'), recursive: false, ignoreIfNotExists: false },
        ],
      },
      root,
    )
    expect(plan.files.map(({ displayPath, before, after, movedFrom }) => ({ displayPath, before, after, movedFrom }))).toEqual([
      { displayPath: 'src/a.ts', before: 'one\n', after: 'two\n', movedFrom: undefined },
      { displayPath: 'src/gone.ts', before: 'bye\n', after: null, movedFrom: undefined },
      { displayPath: 'src/lib/renamed.ts', before: null, after: 'moved\n', movedFrom: 'src/old.ts' },
      { displayPath: 'src/new.ts', before: null, after: 'fresh\n', movedFrom: undefined },
      { displayPath: 'src/old.ts', before: 'moved\n', after: null, movedFrom: undefined },
    ])
    expect(plan.editCount).toBe(2)
  })

  it('refuses an edit outside the workspace', async () => {
    const root = await tempWorkspace({ 'a.ts': 'x\n' })
    const outside = fileUri(path.dirname(root), 'elsewhere.ts')
    await expect(planEdit({ changes: [{ kind: 'edit', uri: outside, version: null, edits: [] }] }, root)).rejects.toMatchObject({
      code: 'LSP_OUTSIDE_WORKSPACE',
      message: `the edit changes ${outside}, outside the workspace ${root}; nothing was changed`,
    })
  })
})

describe('planEdit of a file that is not text', () => {
  it('refuses a UTF-16 file, a file with NUL bytes and a FIFO, and reads no FIFO', async () => {
    const root = await tempWorkspace({ 'src/a.ts': 'one\n' })
    await writeFile(path.join(root, 'src/u16.ts'), Buffer.from('\ufeffconst price = 1\n', 'utf16le'))
    await writeFile(path.join(root, 'src/nul.ts'), 'const price = 1\0\n')
    execFileSync('mkfifo', [path.join(root, 'src/pipe.ts')])
    const editOf = (file: string) => ({ changes: [{ kind: 'edit' as const, uri: fileUri(root, file), version: null, edits: [{ range: range(0, 6, 0, 11), newText: 'cost' }] }] })
    await expect(planEdit(editOf('src/u16.ts'), root)).rejects.toMatchObject({
      code: 'LSP_NOT_TEXT',
      message: 'the edit changes src/u16.ts, which is not a text file: it is UTF-16, not UTF-8 (it starts with a UTF-16 byte order mark); nothing was changed',
    })
    await expect(planEdit(editOf('src/nul.ts'), root)).rejects.toMatchObject({
      code: 'LSP_NOT_TEXT',
      message: 'the edit changes src/nul.ts, which is not a text file: it holds NUL bytes (binary, or not UTF-8); nothing was changed',
    })
    await expect(planEdit(editOf('src/pipe.ts'), root)).rejects.toMatchObject({
      code: 'LSP_UNSUPPORTED_OPERATION',
      message: 'the edit changes src/pipe.ts, which is not a regular file; nothing was changed',
    })
  })
})

describe('unifiedDiff', () => {
  it('writes diff -u hunks, /dev/null sides and the missing final newline', () => {
    expect(unifiedDiff('a.ts', 'a.ts', '1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n', '1\n2\n3\nfour\n5\n6\n7\n8\n9\n10\n')).toBe(
      ['--- a/a.ts', '+++ b/a.ts', '@@ -1,7 +1,7 @@', ' 1', ' 2', ' 3', '-4', '+four', ' 5', ' 6', ' 7'].join('\n'),
    )
    expect(unifiedDiff('n.ts', 'n.ts', null, 'x\ny')).toBe(['--- /dev/null', '+++ b/n.ts', '@@ -0,0 +1,2 @@', '+x', '+y', '\\ No newline at end of file'].join('\n'))
    expect(unifiedDiff('g.ts', 'g.ts', 'x\n', null)).toBe(['--- a/g.ts', '+++ /dev/null', '@@ -1 +0,0 @@', '-x'].join('\n'))
    expect(unifiedDiff('a.ts', 'a.ts', 'same\n', 'same\n')).toBe('')
  })
})
