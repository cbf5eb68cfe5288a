// findReferences of a Python special method said "1 reference", complete, while Python's syntax
// used it (`a == b` runs `__eq__`, `len(b)` `__len__`, `Box(2)` `__init__`); renaming `__eq__`
// to `equals` was then "Errors 0 → 0" and --apply wrote it, and `a == b` silently compared
// identities. The answer now says those uses are not listed, and the rename is refused.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const point = [
  'class Point:',
  '    def __init__(self, x):',
  '        self.x = x',
  '',
  '    def __eq__(self, other):',
  '        return self.x == other.x',
  '',
  '    def __len__(self):',
  '        return self.x',
  '',
  '',
  'def same(a, b):',
  '    return a == b and len(a) == len(b)',
  '',
  '',
  'print(same(Point(1), Point(1)))',
  '',
].join('\n')

describe("findReferences and rename of Python's special methods (pyright)", () => {
  it('are partial: the uses through syntax are not listed; a rename is refused and writes nothing', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({ 'pyproject.toml': '[project]\nname = "w"\n', 'point.py': point })
    expect(execFileSync('python3', ['point.py'], { cwd: root, encoding: 'utf8' })).toBe('True\n')
    const { ask, tool } = toolOn(root)
    const syntax = (name: string) =>
      `Partial answer (unresolved): Python calls ${name} through its syntax (a call of the instance, an operator, with, for, len(…) and the like), where no reference names it: those uses are not listed`
    expect((await ask('findReferences', 'point.py:5:9')).split('\n')).toEqual([syntax('__eq__'), '1 reference to __eq__', 'point.py:5:9  def __eq__(self, other):'])
    expect((await ask('findReferences', 'point.py:8:9')).split('\n')).toEqual([syntax('__len__'), '1 reference to __len__', 'point.py:8:9  def __len__(self):'])
    expect((await ask('findReferences', 'point.py:2:9')).split('\n')).toEqual([
      'Partial answer (unresolved): Python runs __init__ when its class is constructed, and no reference names it there: those constructions are not listed; findReferences on the class lists them',
      '1 reference to __init__',
      'point.py:2:9  def __init__(self, x):',
    ])
    await expect(tool.execute({ operation: 'rename', filePath: 'point.py', line: 5, character: 9, newName: 'equals', apply: true })).rejects.toMatchObject({
      code: 'LSP_EDIT_INCOMPLETE',
      message: expect.stringContaining('Python calls __eq__ through its syntax'),
    })
    expect(await readFile(path.join(root, 'point.py'), 'utf8')).toBe(point)
    // An ordinary method stays complete.
    expect((await ask('findReferences', 'point.py:12:5')).split('\n')).toEqual(['2 references to same', 'point.py', '12:5  def same(a, b):', '16:7  print(same(Point(1), Point(1)))'])
  })
})
