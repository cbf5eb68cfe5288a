// The nineteenth trial (2026-12-07): a hand-written lib.d.ts beside the lib.js it declares. To
// tsserver they are two symbols; at run time one function. findReferences from the declaration said
// "3 references", complete, without lib.js's 3 places; goToImplementation answered the ambient
// declaration itself; a rename --apply was "Verified" and node then failed (`lib_1.limit is not a
// function`). grep -nw is the independent count: 6 code places in 3 files.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const files = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, allowJs: true, module: 'commonjs', noEmit: true }, include: ['src'] }),
  'src/lib.js': 'function clamp(v, lo, hi) { return Math.min(hi, Math.max(lo, v)); }\nfunction wrap(v) { return clamp(v, 0, 1); }\nmodule.exports = { clamp, wrap };\n',
  'src/lib.d.ts': 'export declare function clamp(v: number, lo: number, hi: number): number;\nexport declare function wrap(v: number): number;\n',
  'src/main.ts': "import { clamp, wrap } from './lib';\nconsole.log(clamp(5, 0, 3), wrap(2));\n",
}
const counterpart = 'a declaration file and the JavaScript it declares, one at run time, two symbols to the server'

describe('cross-check: a declaration file and the JavaScript it declares (typescript-language-server)', () => {
  it('lists the counterpart’s places as places that may be the symbol, both ways, and a rename is refused', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(files)
    expect(execFileSync('grep', ['-rnw', 'clamp', 'src'], { cwd: root, encoding: 'utf8' }).trim().split('\n')).toHaveLength(6)
    const { ask, tool } = toolOn(root)
    expect((await ask('findReferences', 'src/lib.d.ts:1:25')).split('\n')).toEqual([
      `Partial answer (unresolved): 3 places name clamp through its counterpart (src/lib.js: ${counterpart}; they may be this symbol)`,
      '3 references to clamp in 2 files',
      'src/lib.d.ts:1:25  export declare function clamp(v: number, lo: number, hi: number): number;',
      'src/main.ts',
      "1:10  import { clamp, wrap } from './lib';",
      '2:13  console.log(clamp(5, 0, 3), wrap(2));',
      '3 more places name clamp through its counterpart src/lib.js, which the server keeps apart (may be this one):',
      'src/lib.js:1:10  function clamp(v, lo, hi) { return Math.min(hi, Math.max(lo, v)); }',
      'src/lib.js:2:27  function wrap(v) { return clamp(v, 0, 1); }',
      'src/lib.js:3:20  module.exports = { clamp, wrap };',
    ])
    expect((await ask('findReferences', 'src/lib.js:1:10')).split('\n')).toEqual([
      `Partial answer (unresolved): 3 places name clamp through its counterpart (src/lib.d.ts: ${counterpart}; they may be this symbol)`,
      '3 references to clamp',
      'src/lib.js',
      '1:10  function clamp(v, lo, hi) { return Math.min(hi, Math.max(lo, v)); }',
      '2:27  function wrap(v) { return clamp(v, 0, 1); }',
      '3:20  module.exports = { clamp, wrap };',
      '3 more places name clamp through its counterpart src/lib.d.ts, which the server keeps apart (may be this one):',
      'src/lib.d.ts:1:25  export declare function clamp(v: number, lo: number, hi: number): number;',
      "src/main.ts:1:10  import { clamp, wrap } from './lib';",
      'src/main.ts:2:13  console.log(clamp(5, 0, 3), wrap(2));',
    ])
    expect((await ask('goToImplementation', 'src/lib.d.ts:1:25')).split('\n')).toEqual([
      `Partial answer (unresolved): 1 place names clamp through its counterpart (src/lib.js: ${counterpart}; it may be this symbol)`,
      '1 implementation of clamp',
      'src/lib.d.ts:1:25  export declare function clamp(v: number, lo: number, hi: number): number;',
      '1 more place names clamp through its counterpart src/lib.js, which the server keeps apart (may be this one):',
      'src/lib.js:1:10  function clamp(v, lo, hi) { return Math.min(hi, Math.max(lo, v)); }',
    ])
    await expect(tool.execute({ operation: 'rename', filePath: 'src/lib.d.ts', line: 1, character: 25, newName: 'limit', apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_INCOMPLETE' })
    expect(await readFile(path.join(root, 'src/lib.d.ts'), 'utf8')).toBe(files['src/lib.d.ts'])
  })
})
