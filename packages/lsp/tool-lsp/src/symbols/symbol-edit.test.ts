import type { LspSymbol } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { applyTextEdits } from '../edit/edit-plan.js'
import type { SymbolDeclaration } from './declaration.js'
import { reindented, symbolEdit } from './symbol-edit.js'

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } })
const lines = ['class A {', '\t/** Doc. */', '\tf() {', '\t\treturn 1', '\t}', '}']
const symbol: LspSymbol = { name: 'f', kind: 'Method', uri: 'file:///w/a.ts', range: range(2, 1, 4, 2), selectionRange: range(2, 1, 2, 2), children: [] }
const declaration: SymbolDeclaration = { symbol, displayName: 'A.f', range: symbol.range, docStart: 1, declarations: 1, group: 'overloads', span: range(2, 0, 4, 2), declaresToo: [] }

/** The file after the symbol edit, with `\r\n` line breaks. */
function after(operation: 'replaceSymbol' | 'insertBefore' | 'insertAfter', text: string): string {
  const { edit, what } = symbolEdit(operation, declaration, text, lines, '\r\n')
  const change = edit.changes[0]!
  if (change.kind !== 'edit') throw new Error('expected a text edit')
  return `${what}: ${applyTextEdits(lines.join('\r\n'), change.edits, 'a.ts').text}`
}

describe('symbol edits', () => {
  it('re-indents text: its common indentation replaced, blank lines left empty, one final break dropped', () => {
    expect(reindented('    a\n      b\n\n    c\n', '\t')).toEqual(['\ta', '\t  b', '', '\tc'])
    expect(reindented('a\r\n  b', '  ')).toEqual(['  a', '    b'])
  })

  it('writes the lines inside a string literal as given: their blanks are the string\'s (the eleventh trial)', () => {
    // Django's runner.py: a method whose print("""…""") has its lines at column 0.
    const python = 'def f(self):\n    print("""\nUnpicklable:\n  %s\n\n""" % x)\n    return 1\n'
    expect(reindented(python, '    ', '.py')).toEqual(['    def f(self):', '        print("""', 'Unpicklable:', '  %s', '', '""" % x)', '        return 1'])
    // As symbolSource shows it (indented as in the file), written back unchanged.
    const shown = '    def f(self):\n        print("""\nA\n   \n""")\n'
    expect(reindented(shown, '    ', '.py')).toEqual(['    def f(self):', '        print("""', 'A', '   ', '""")'])
    const template = 'usage(name: string): string {\n  return `\nUsage: ${name}\n  -h  ${\n    name\n  }\n`\n}'
    expect(reindented(template, '  ', '.ts')).toEqual(['  usage(name: string): string {', '    return `', 'Usage: ${name}', '  -h  ${', '      name', '    }', '`', '  }'])
    // A language the lexer does not read: every line re-indented, as before.
    expect(reindented('a\n"""\nb', '  ', '.unknown')).toEqual(['  a', '  """', '  b'])
  })

  it('replaces the declaration, inserts above its doc comment and below its last line, in the file\'s line breaks', () => {
    expect(after('replaceSymbol', 'f() {\n  return 2\n}')).toBe('replace Method A.f: class A {\r\n\t/** Doc. */\r\n\tf() {\r\n\t  return 2\r\n\t}\r\n}')
    expect(after('insertBefore', 'x = 0')).toBe('insert before Method A.f: class A {\r\n\tx = 0\r\n\t/** Doc. */\r\n\tf() {\r\n\t\treturn 1\r\n\t}\r\n}')
    expect(after('insertAfter', '\ng() {}')).toBe('insert after Method A.f: class A {\r\n\t/** Doc. */\r\n\tf() {\r\n\t\treturn 1\r\n\t}\r\n\r\n\tg() {}\r\n}')
  })
})
