import { describe, expect, it } from 'vitest'
import { inImportStatement } from './import-statement.js'
import type { LexicalFamily } from './lexical.js'

/** Whether each occurrence of `name` in `text` is in an import statement, in order. */
function each(text: string, name: string, family: LexicalFamily): boolean[] {
  return [...text.matchAll(new RegExp(`\\b${name}\\b`, 'g'))].map((match) => inImportStatement(text, match.index, family))
}

describe('inImportStatement', () => {
  it('TypeScript: named, multi-line, default, equals and re-export forms; not a class, a body or a comment', () => {
    const text = [
      'import { Square as Sq } from "./shape";',
      'import {',
      '  Other,',
      '  Square as Sq2,',
      '} from "./shape"',
      'import Square3, { Square } from "./shape"',
      'import Sq4 = S.Square',
      'export { Square as Sq3 } from "./shape";',
      'export type { Square as T } from "./shape"',
      'const { Square: SqR } = require("./shape")',
      'export class Round extends S.Square {',
      '  m() { return new Square() } // import Square',
      '}',
      'export const k = { Square }',
      'const later = import("./shape").then((m) => new m.Square())',
    ].join('\n')
    expect(each(text, 'Square', 'javascript')).toEqual([true, true, true, true, true, true, true, false, false, false, false, false])
  })

  it('Python: from-imports, parenthesized or not, and import; not a class header or a call', () => {
    const text = 'from shape import Square as Sq\nfrom shape import (\n    Other,\n    Square as Sq2,\n)\nimport Square\n\n\nclass Round(Square):\n    def m(self):\n        return Square()\n'
    expect(each(text, 'Square', 'python')).toEqual([true, true, true, false, false])
  })

  it('C++: a using-declaration and an include; not a base class', () => {
    const text = '#include <Square.h>\nusing shapes::Square;\nstruct Big : shapes::Square {\n  using shapes::Square::area;\n};\n'
    expect(each(text, 'Square', 'c')).toEqual([true, true, false, true])
  })
})
