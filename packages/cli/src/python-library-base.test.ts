// The twenty-seventh trial: a method overriding a method of a base outside the workspace
// (`class Server(threading.Thread): def run`, `unittest.TestCase.setUp`) said "1 reference",
// complete, and a rename --apply was "Verified" with a line "Thread (outside the workspace) was not
// checked"; the library calls the method by that name, so the program stopped running it. The
// library's class is read (its file, where goToDefinition leads): declaring the method, the answer is
// partial and a rename refused, as Go's String() implementing fmt.Stringer is.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const server = [
  'import threading',
  'import unittest',
  '',
  '',
  'class Server(threading.Thread):',
  '    def __init__(self):',
  '        super().__init__()',
  '        self.served = False',
  '',
  '    def run(self):',
  '        self.served = True',
  '',
  '    def serve_twice(self):',
  '        return 2',
  '',
  '',
  'class ServerTest(unittest.TestCase):',
  '    def setUp(self):',
  '        self.server = Server()',
  '',
].join('\n')

describe('a Python method overriding a method of a base outside the workspace (pyright)', () => {
  it('is partial, naming the library method, and a rename is refused; one the library does not declare stays complete', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({ 'pyproject.toml': '[project]\nname = "w"\n', 'server.py': server })
    const { ask, tool } = toolOn(root)
    expect((await ask('findReferences', 'server.py:10:9')).split('\n')).toEqual([
      'Partial answer (unresolved): run overrides threading.Thread.run outside the workspace: the library calls it by that name; callers through the base are not listed',
      '1 reference to run',
      'server.py:10:9  def run(self):',
    ])
    expect((await ask('findReferences', 'server.py:18:9')).split('\n')).toEqual([
      'Partial answer (unresolved): setUp overrides unittest.case.TestCase.setUp outside the workspace: the library calls it by that name; callers through the base are not listed',
      '1 reference to setUp',
      'server.py:18:9  def setUp(self):',
    ])
    expect((await ask('findReferences', 'server.py:13:9')).split('\n')).toEqual(['1 reference to serve_twice', 'server.py:13:9  def serve_twice(self):'])
    // Its callers too: Thread.start runs it, and was missing from a "No callers", complete.
    const callers = (line: number) => tool.execute({ operation: 'incomingCalls', filePath: 'server.py', line, character: 9 })
    expect((await callers(10)).split('\n')).toEqual([
      'Partial answer (unresolved): run overrides threading.Thread.run outside the workspace: the library calls it by that name; callers through the base are not listed',
      'No callers of run found at server.py:10:9.',
    ])
    expect(await callers(13)).toBe('No callers of serve_twice found at server.py:13:9.')
    await expect(tool.execute({ operation: 'rename', filePath: 'server.py', line: 10, character: 9, newName: 'serve_loop', apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_INCOMPLETE' })
    expect(await readFile(path.join(root, 'server.py'), 'utf8')).toBe(server)
    const renamed = await tool.execute({ operation: 'rename', filePath: 'server.py', line: 13, character: 9, newName: 'serve_thrice' })
    expect(renamed).not.toContain('outside the workspace')
  })
})
