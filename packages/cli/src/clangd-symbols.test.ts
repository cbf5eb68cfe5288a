// A C function's prototype and its definition are one symbol to `--symbol` (clangd, through the
// command): it resolves to the definition, where clangd's own workspace symbol search (an
// editor's "Go to Symbol in Workspace") puts it, instead of listing both as candidates.
import { describe, expect, it } from 'vitest'
import { main } from './main.js'
import { tempWorkspace, writeFiles } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

/** `agent-lsp ...argv` in `cwd`: exit status and what it printed. */
async function run(argv: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, { cwd, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

/** A C project whose `compile_commands.json` names `sources` under the temp root. */
async function cProject(files: Record<string, string>, sources: readonly string[]): Promise<string> {
  const root = await tempWorkspace(files)
  await writeFiles(root, { 'compile_commands.json': JSON.stringify(sources.map((file) => ({ directory: root, file, arguments: ['cc', '-c', file] }))) })
  return root
}

const areaH = 'int area(int w, int h);\n'
const areaC = '#include "a.h"\n\nint area(int w, int h) { return w * h; }\n'
const mainC = '#include "a.h"\n\nint main(void) { return area(2, 3); }\n'

const references = (resolved: string) => grouped([
  `area → ${resolved}`,
  '3 references to area in 3 files',
  'a.c:3:5  int area(int w, int h) { return w * h; }',
  'a.h:1:5  int area(int w, int h);',
  'main.c:3:25  int main(void) { return area(2, 3); }',
  '',
])

describe('clangd: a prototype and its definition are one symbol', () => {
  it('a header declares it, a source file defines it: the definition, in the workspace or in that file; the declaration in the header', async () => {
    const root = await cProject({ 'a.h': areaH, 'a.c': areaC, 'main.c': mainC }, ['a.c', 'main.c'])
    expect(await run(['findReferences', '--symbol', 'area'], root)).toEqual({ code: 0, stdout: references('a.c:3:5'), stderr: '' })
    expect(await run(['findReferences', '--symbol', 'area', '--file', 'a.c'], root)).toEqual({ code: 0, stdout: references('a.c:3:5'), stderr: '' })
    // The header holds only the declaration: that is the symbol there.
    expect(await run(['findReferences', '--symbol', 'area', '--file', 'a.h'], root)).toEqual({ code: 0, stdout: references('a.h:1:5'), stderr: '' })
  })

  it("one file declares it before its use and defines it after: the definition, though each one's definition is the other", async () => {
    // clangd answers goToDefinition on the prototype with the definition, and on the definition
    // with the prototype: neither looks like an alias of the other.
    const single = 'int area(int w, int h);\n\nint main(void) { return area(2, 3); }\n\nint area(int w, int h) { return w * h; }\n'
    const root = await cProject({ 'main.c': single }, ['main.c'])
    const answer = grouped([
      'area → main.c:5:5',
      '3 references to area',
      'main.c:1:5  int area(int w, int h);',
      'main.c:3:25  int main(void) { return area(2, 3); }',
      'main.c:5:5  int area(int w, int h) { return w * h; }',
      '',
    ])
    expect(await run(['findReferences', '--symbol', 'area'], root)).toEqual({ code: 0, stdout: answer, stderr: '' })
    expect(await run(['findReferences', '--symbol', 'area', '--file', 'main.c'], root)).toEqual({ code: 0, stdout: answer, stderr: '' })
  })
})
