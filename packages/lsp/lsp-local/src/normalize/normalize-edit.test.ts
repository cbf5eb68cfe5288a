import { describe, expect, it } from 'vitest'
import { malformedMessage } from './malformed.test-support.js'
import { normalizeWorkspaceEdit, textEditsAsWorkspaceEdit } from './normalize-edit.js'

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } })
const edit = (line: number, start: number, end: number, newText: string) => ({ range: range(line, start, line, end), newText })

describe('duplicate text edits', () => {
  it('keeps one of the edits typescript-language-server 5.3 repeats per overload of an aliased import', () => {
    // Its exact answer to textDocument/rename of `foo` (the implementation of two overloads in a.ts,
    // at 3:17) to `baz`, where b.ts says `import { foo as bar } from './a'`: the `foo` of the import
    // comes once per declaration of foo, three times with the same range and text.
    const answer = {
      changes: {
        'file:///tmp/rd/ws/src/a.ts': [
          { newText: 'baz', range: range(0, 16, 0, 19) },
          { newText: 'baz', range: range(1, 16, 1, 19) },
          { newText: 'baz', range: range(2, 16, 2, 19) },
        ],
        'file:///tmp/rd/ws/src/b.ts': [
          { newText: 'baz', range: range(0, 9, 0, 12) },
          { newText: 'baz', range: range(0, 9, 0, 12) },
          { newText: 'baz', range: range(0, 9, 0, 12) },
        ],
      },
    }
    expect(normalizeWorkspaceEdit(answer, 'typescript textDocument/rename')).toEqual({
      changes: [
        { kind: 'edit', uri: 'file:///tmp/rd/ws/src/a.ts', version: null, edits: [edit(0, 16, 19, 'baz'), edit(1, 16, 19, 'baz'), edit(2, 16, 19, 'baz')] },
        { kind: 'edit', uri: 'file:///tmp/rd/ws/src/b.ts', version: null, edits: [edit(0, 9, 12, 'baz')] },
      ],
    })
  })

  it('keeps one of duplicates apart in the array, in documentChanges, and in a TextEdit[] (formatting)', () => {
    const repeated = [edit(4, 0, 2, 'x'), edit(1, 3, 5, 'y'), edit(4, 0, 2, 'x'), edit(1, 3, 5, 'y')]
    expect(normalizeWorkspaceEdit({ documentChanges: [{ textDocument: { uri: 'file:///w/a.ts', version: 3 }, edits: repeated }] }, 'ts rename')).toEqual({
      changes: [{ kind: 'edit', uri: 'file:///w/a.ts', version: 3, edits: [edit(1, 3, 5, 'y'), edit(4, 0, 2, 'x')] }],
    })
    expect(textEditsAsWorkspaceEdit(repeated, 'file:///w/a.ts', 'ts formatting')).toEqual({
      changes: [{ kind: 'edit', uri: 'file:///w/a.ts', version: null, edits: [edit(1, 3, 5, 'y'), edit(4, 0, 2, 'x')] }],
    })
  })

  it('keeps every insert at one place, in order: LSP 3.17 makes each one text of the result', () => {
    const inserts = [edit(0, 0, 0, 'import a\n'), edit(0, 0, 0, 'import a\n'), edit(0, 0, 3, 'let')]
    expect(textEditsAsWorkspaceEdit(inserts, 'file:///w/a.ts', 'ts formatting')?.changes).toEqual([
      { kind: 'edit', uri: 'file:///w/a.ts', version: null, edits: inserts },
    ])
  })

  it('still refuses edits with different text on overlapping ranges, naming the file, the line, both texts and what to do', () => {
    const conflict = { changes: { 'file:///w/src/b%20c.ts': [edit(0, 9, 12, 'baz'), edit(2, 0, 1, 'z'), edit(0, 10, 14, 'qux')] } }
    expect(malformedMessage(() => normalizeWorkspaceEdit(conflict, 'typescript textDocument/rename'))).toBe(
      'typescript textDocument/rename answered a malformed result: two edits of /w/src/b c.ts overlap at line 1 ("baz" and "qux"); nothing was written: make this change with the edit operation instead',
    )
  })

  it('refuses different text for the same range', () => {
    const twoNames = [edit(6, 2, 5, 'a'), edit(6, 2, 5, 'b')]
    expect(malformedMessage(() => textEditsAsWorkspaceEdit(twoNames, 'file:///w/a.ts', 'ts formatting'))).toBe(
      'ts formatting answered a malformed result: two edits of /w/a.ts overlap at line 7 ("a" and "b"); nothing was written: make this change with the edit operation instead',
    )
  })
})
