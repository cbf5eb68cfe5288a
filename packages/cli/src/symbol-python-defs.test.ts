// pyright's documentSymbol lists only the last `def` of a name: a property's setter without its
// getter, an implementation without its `@overload` signatures. `--symbol Box.width` showed the
// setter alone as the method (the third trial, 2026-12-06), and replaceSymbol with a whole property
// left the getter above it, redeclared. python runs the result; Python's own `ast` counts the defs.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const box = [
  'class Box:',
  '    def __init__(self):',
  '        self._w = 0',
  '',
  '    @property',
  '    def width(self):',
  '        """The width, validated."""',
  '        if self._w < 0:',
  '            raise ValueError("negative")',
  '        return self._w',
  '',
  '    @width.setter',
  '    def width(self, v):',
  '        self._w = v',
  '',
  '',
  'def area(b: Box) -> int:',
  '    b.width = 3',
  '    return b.width * 2',
  '',
].join('\n')

// The repro of the 24th trial: a getter, a setter and a deleter; pyright lists only the deleter.
const accessors = [
  'class Box:',
  '    def __init__(self, w: int) -> None:',
  '        self._w = w',
  '',
  '    @property',
  '    def width(self) -> int:',
  '        return self._w',
  '',
  '    @width.setter',
  '    def width(self, v: int) -> None:',
  '        self._w = v',
  '',
  '    @width.deleter',
  '    def width(self) -> None:',
  '        del self._w',
  '',
  '',
  'b = Box(1)',
  'b.width = 2',
  '',
].join('\n')

const shapes = ['from typing import overload', '', '', '@overload', 'def f(x: int) -> int: ...', '@overload', 'def f(x: str) -> str: ...', 'def f(x):', '    return x', ''].join('\n')

/** How many `def`s of `name` Python's ast finds in `file`. */
function defsOf(root: string, file: string, name: string): string {
  const script = `import ast,sys; print(sum(isinstance(n, ast.FunctionDef) and n.name == sys.argv[2] for n in ast.walk(ast.parse(open(sys.argv[1]).read()))))`
  return execFileSync('python3', ['-c', script, file, name], { cwd: root, encoding: 'utf8' }).trim()
}

describe('a Python name with several defs, on pyright', () => {
  it('symbolSource shows a property with its getter and setter, and replaceSymbol replaces both', async () => {
    const root = await tempWorkspace({ 'box.py': box })
    expect(defsOf(root, 'box.py', 'width')).toBe('2')
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', symbol: 'Box.width' })).toBe(
      ['Box.width → box.py:13:9', 'box.py:5-14  Method Box.width (2 declarations: property accessors)', ...box.split('\n').slice(4, 14).map((line, index) => `${String(index + 5).padStart(2)}  ${line}`)].join('\n'),
    )
    const text = '@property\ndef width(self):\n    return max(self._w, 0)\n\n@width.setter\ndef width(self, v):\n    self._w = int(v)'
    const applied = await tool.execute({ operation: 'replaceSymbol', symbol: 'Box.width', text, apply: true })
    expect(applied.split('\n')[1]).toBe('Applied: replace Method Box.width: 1 edit in 1 file written.')
    expect(defsOf(root, 'box.py', 'width')).toBe('2')
    expect(execFileSync('python3', ['-c', 'import box; print(box.area(box.Box()))'], { cwd: root, encoding: 'utf8' })).toBe('6\n')
    expect(await readFile(path.join(root, 'box.py'), 'utf8')).toContain('    @width.setter\n    def width(self, v):\n        self._w = int(v)\n\n\ndef area')
  }, 120_000)

  it('symbolSource shows @overload signatures with the implementation', async () => {
    const root = await tempWorkspace({ 'shapes.py': shapes })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', filePath: 'shapes.py', line: 8, character: 5 })).toBe(
      ['shapes.py:4-9  Function f (3 declarations: overloads)', ...shapes.split('\n').slice(3, 9).map((line, index) => `${index + 4}  ${line}`)].join('\n'),
    )
  }, 120_000)

  it('takes a cursor on any accessor or signature for the whole group, never for the class around it', async () => {
    const root = await tempWorkspace({ 'box.py': accessors, 'shapes.py': shapes })
    const { tool } = toolOn(root)
    const outline = await tool.execute({ operation: 'documentSymbol', filePath: 'box.py' })
    expect(outline.split('\n').filter((line) => line.includes('width'))).toEqual(['  Method width  5-15'])
    const property = 'box.py:5-15  Method Box.width (3 declarations: property accessors)'
    for (const line of [6, 10, 14]) expect((await tool.execute({ operation: 'symbolSource', filePath: 'box.py', line, character: 9 })).split('\n')[0]).toBe(property)
    // A cursor on an @overload signature, at module level: no symbol held it.
    expect((await tool.execute({ operation: 'symbolSource', filePath: 'shapes.py', line: 5, character: 5 })).split('\n')[0]).toBe('shapes.py:4-9  Function f (3 declarations: overloads)')
    // insertAfter at the setter wrote after the class, at module level, and said "Verified".
    const applied = await tool.execute({ operation: 'insertAfter', filePath: 'box.py', line: 10, character: 9, text: 'def area(self) -> int:\n    return self._w * self._w', apply: true })
    expect(applied.split('\n')[0]).toBe('Applied: insert after Method Box.width: 1 edit in 1 file written.')
    expect(execFileSync('python3', ['-c', 'import box; print(hasattr(box.Box, "area"), box.Box(3).area())'], { cwd: root, encoding: 'utf8' })).toBe('True 9\n')
  }, 120_000)

  it('refuses a cursor on a def pyright lists in no symbol (redefined further down), rather than take the class around it', async () => {
    const redefined = ['class C:', '    def f(self) -> int:', '        return 1', '', '    def g(self) -> int:', '        return 2', '', '    def f(self) -> int:', '        return 3', ''].join('\n')
    const root = await tempWorkspace({ 'r.py': redefined })
    const { tool } = toolOn(root)
    const refused = tool.execute({ operation: 'insertAfter', filePath: 'r.py', line: 2, character: 9, text: 'def h(self) -> int:\n    return 4', apply: true })
    await expect(refused).rejects.toMatchObject({ code: 'LSP_SYMBOL_NOT_FOUND' })
    await expect(refused).rejects.toThrow(
      'r.py:2:9 is on a definition of f that documentSymbol does not list: pyright lists one of several same-named definitions of a scope (it lists C.f at line 8); edit this one by its lines (the edit operation)',
    )
    expect(await readFile(path.join(root, 'r.py'), 'utf8')).toBe(redefined)
  }, 120_000)
})
