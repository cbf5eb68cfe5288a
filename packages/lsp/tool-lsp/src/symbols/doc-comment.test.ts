import { describe, expect, it } from 'vitest'
import { docCommentStart } from './doc-comment.js'

describe('docCommentStart', () => {
  it('takes // lines and /* */ blocks directly above, in any mix, for C-like languages', () => {
    const lines = ['const a = 1', '', '/**', ' * Doc.', ' */', '// note', 'function f() {}']
    expect(docCommentStart(lines, 6, '.ts')).toBe(2)
    expect(docCommentStart(['/// Rust doc', '/// more', 'fn f() {}'], 2, '.rs')).toBe(0)
    expect(docCommentStart(['/* one line */', 'int f();'], 1, '.c')).toBe(0)
  })

  it('stops at a blank line, at code ending in a comment, and at the file start', () => {
    expect(docCommentStart(['// far', '', 'function f() {}'], 2, '.ts')).toBe(2)
    expect(docCommentStart(['f() /* trailing */', 'function g() {}'], 1, '.ts')).toBe(1)
    expect(docCommentStart(['function f() {}'], 0, '.ts')).toBe(0)
  })

  it('takes # lines for Python and -- lines for Lua, not the other style', () => {
    expect(docCommentStart(['x = 1', '# Adds.', '# Twice.', 'def add(): pass'], 3, '.py')).toBe(1)
    expect(docCommentStart(['// not Python', 'def add(): pass'], 1, '.py')).toBe(1)
    expect(docCommentStart(['-- Adds.', 'function add() end'], 1, '.lua')).toBe(0)
    expect(docCommentStart(['# not C', 'int f();'], 1, '.c')).toBe(1)
  })
})
