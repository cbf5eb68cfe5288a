// A C++ function template with an explicit specialization, an explicit instantiation and a call the
// specialization serves. clangd 14 lists 3 of the 7 places; goToDefinition leads the specialization
// and `geo::twice(3)` to `twice<int>`, the instantiation to the namespace `geo`, and the
// cross-check took them for other symbols: "3 references", complete, and a rename "Verified" that
// c++ -fsyntax-only then failed with 4 errors (the twenty-fourth trial). The compiler is the check.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeOf, tempWorkspace, toolOn, writeFiles } from './workspace.test-support.js'

const files = {
  'twice.hpp': '#pragma once\nnamespace geo {\ntemplate <typename T> T twice(T v);\ntemplate <> int twice<int>(int v);\n}\n',
  'twice.cpp': '#include "twice.hpp"\nnamespace geo {\ntemplate <typename T> T twice(T v) { return v + v; }\ntemplate <> int twice<int>(int v) { return v * 2; }\ntemplate double twice<double>(double v);\n}\n',
  'main.cpp': '#include "twice.hpp"\nint main() { return geo::twice(3) + (int)geo::twice(2.5); }\n',
}

describe('cross-check: a C++ template beside its explicit specialization and instantiation, on clangd', () => {
  it('names the places the server leads elsewhere as places that may be the template; the rename is refused', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(files)
    await writeFiles(root, { 'compile_commands.json': JSON.stringify(['twice.cpp', 'main.cpp'].map((file) => ({ directory: root, file, arguments: ['c++', '-std=c++17', '-c', file] }))) })
    // Renaming the three listed places alone breaks the build: the other four name the template too.
    const sed = (text: string) => text.replace('T twice(', 'T doubled(').replace('(int)geo::twice(', '(int)geo::doubled(')
    const broken = await tempWorkspace(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, sed(text)])))
    expect(() => execFileSync('c++', ['-std=c++17', '-fsyntax-only', 'twice.cpp', 'main.cpp'], { cwd: broken, stdio: 'pipe' })).toThrow()
    const { ask, tool } = toolOn(root)
    expect((await ask('findReferences', 'twice.hpp:3:25')).split('\n').slice(0, 10)).toEqual([
      'Partial answer (unresolved): 4 places name twice where the server could not resolve it (they may be this symbol)',
      '3 references to twice in 3 files',
      'main.cpp:2:47  int main() { return geo::twice(3) + (int)geo::twice(2.5); }',
      'twice.cpp:3:25  template <typename T> T twice(T v) { return v + v; }',
      'twice.hpp:3:25  template <typename T> T twice(T v);',
      '4 more places name twice where the server could not resolve it (may be this one):',
      'main.cpp:2:26  int main() { return geo::twice(3) + (int)geo::twice(2.5); }',
      'twice.cpp:4:17  template <> int twice<int>(int v) { return v * 2; }',
      'twice.cpp:5:17  template double twice<double>(double v);',
      'twice.hpp:4:17  template <> int twice<int>(int v);',
    ])
    expect((await codeOf(tool.execute({ operation: 'rename', filePath: 'twice.hpp', line: 3, character: 25, newName: 'doubled', apply: true })))[0]).toBe('LSP_EDIT_INCOMPLETE')
    expect(await readFile(path.join(root, 'twice.cpp'), 'utf8')).toBe(files['twice.cpp'])
  })
})
