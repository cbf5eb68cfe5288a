// A TypeScript type renamed to the name of a value: types and values are apart, so `interface
// Shape → Box` beside `const Box` changes what no code refers to. tsserver's references of the
// renamed Box list the const's places too (one name, two meanings), and the rename was refused as
// if they would now refer to the interface (the third trial, 2026-12-06). goToDefinition at those
// places, the edit in view, still leads to the const. tsc is the independent check.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, typeCheck } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] })
const a = 'export interface Shape { w: number }\nexport const Box = { w: 3 }\nexport function useShape(s: Shape): number { return s.w + Box.w }\n'
const b = "import { Box } from './a'\nexport const n: number = Box.w\n"
const withoutDiff = (answer: string): string => answer.split('\n--- a/')[0] ?? ''

describe('a type renamed to the name of a value, on typescript-language-server', () => {
  it('previews without a warning, applies and verifies: the value keeps its places', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/a.ts': a, 'src/b.ts': b })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/a.ts', line: 1, character: 18, newName: 'Box' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n')).toEqual([
      'Preview: rename Shape → Box: 2 edits in 1 file; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 1 checked file).',
    ])
    const applied = withoutDiff(await tool.execute({ ...rename, apply: true })).split('\n')
    expect(applied).toContain('Verified: findReferences of Box finds all 2 references of Shape, renamed.')
    expect(applied.filter((line) => line.startsWith('Not verified'))).toEqual([])
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe(a.replace(/\bShape\b/g, 'Box'))
    expect(typeCheck(root)).toBe('')
  }, 120_000)

  it('a parameter renamed to the name of an outer const its body uses: still warned (the use leads only to the parameter)', async () => {
    // `limit` the parameter renamed to `total`, the outer const: its use in the body is captured.
    const t = 'const total = 10\nexport function add(limit: number): number { return limit + total }\n'
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/t.ts': t })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/t.ts', line: 2, character: 21, newName: 'total' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n').slice(0, 2)).toEqual([
      'Warning: if applied, 1 place naming another total would refer to the renamed limit instead:',
      '  src/t.ts:2:61  export function add(total: number): number { return total + total }',
    ])
  }, 120_000)
})

describe('a name two star imports bind, on pyright', () => {
  it('warns that the renamed function would shadow the other star import (the last one wins), and refuses; python shows the call would change', async () => {
    // pyright's definitions there list both functions; at run time `from a import *`, the later, wins (the fourth trial).
    // The values are no dotted paths: a string spelling `a.helper` would refuse the rename for itself (code may look it up).
    const root = await tempWorkspace({
      'a.py': 'def helper():\n    return "from a"\n',
      'b.py': 'def tool():\n    return "from b"\n',
      'c.py': 'from b import *\nfrom a import *\nprint(helper(), tool())\n',
    })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'a.py', line: 1, character: 5, newName: 'tool' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n').slice(0, 2)).toEqual([
      'Warning: if applied, 1 place naming another tool would refer to the renamed helper instead:',
      '  c.py:3:15  print(tool(), tool())',
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_NAME_CONFLICT' })
    expect(execFileSync('python3', ['c.py'], { cwd: root, encoding: 'utf8' })).toBe('from a from b\n')
    const renamed = (await readFile(path.join(root, 'c.py'), 'utf8')).replace('helper()', 'tool()')
    expect(execFileSync('python3', ['-c', renamed.replace('from a import *', 'def tool():\n    return "from a"')], { cwd: root, encoding: 'utf8' })).toBe('from a from a\n')
  }, 120_000)
})
