import type { LspSymbol } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { splitLines } from '@agent-lsp/text-lines'
import { headerIdentifiers } from './class-hierarchy.js'

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } })

/** The words at the header positions of a class named `name` on line 0 of `text`, with a member on `memberLine`. */
function header(text: string, name: string, memberLine?: number): string[] {
  const lines = splitLines(text)
  const start = lines[0]!.indexOf(name)
  const member: LspSymbol[] = memberLine === undefined ? [] : [{ name: 'm', kind: 'Method', uri: 'file:///a', range: range(memberLine, 2, memberLine, 9), selectionRange: range(memberLine, 2, memberLine, 3), children: [] }]
  const klass: LspSymbol = { name, kind: 'Class', uri: 'file:///a', range: range(0, 0, lines.length - 1, 0), selectionRange: range(0, start, 0, start + name.length), children: member }
  return headerIdentifiers(lines, klass).map((at) => /^[\w$]+/.exec(lines[at.line]!.slice(at.character))![0])
}

describe('headerIdentifiers: the names of a class header that may be bases', () => {
  it('Python: the bases in parentheses, not generic arguments, keyword arguments, qualifiers or the body', () => {
    expect(header('class Sub(Base, Generic[T], metaclass=Meta):\n    """Uses Base."""\n    x = 1\n', 'Sub')).toEqual(['Base', 'Generic'])
    expect(header('class Sub(\n    mod.Base,  # a comment naming Other\n):\n    pass\n', 'Sub')).toEqual(['Base'])
    expect(header('class Sub(threading.Thread, outer . Inner, pkg.mod.Base):\n    pass\n', 'Sub')).toEqual(['Thread', 'Inner', 'Base'])
    // A call's qualifier is kept, and its arguments: Django's `BaseManager.from_queryset(QuerySet)` makes a subclass of BaseManager with QuerySet's methods.
    expect(header('class Manager(BaseManager.from_queryset(QuerySet)):\n    pass\n', 'Manager')).toEqual(['BaseManager', 'from_queryset', 'QuerySet'])
    expect(header('class Plain:\n    """Names Base."""\n', 'Plain')).toEqual([])
  })

  it('TypeScript: extends and implements, not type parameters or arguments', () => {
    expect(header('export class Sub<T extends Foo> extends Base<T> implements Shape {\n  m() {}\n}\n', 'Sub', 1)).toEqual(['extends', 'Base', 'implements', 'Shape'])
  })

  it('C++: the bases after a colon', () => {
    expect(header('class Sub : public Base, private Other {\n  void m();\n};\n', 'Sub', 1)).toEqual(['public', 'Base', 'private', 'Other'])
  })
})
