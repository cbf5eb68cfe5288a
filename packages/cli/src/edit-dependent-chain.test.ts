// The twenty-first trial (2026-12-07): an edit whose type flows through a chain of users was
// "Verified: errors 0 → 0 in the 4 checked files" while the fifth file broke: the check followed the
// users of the edited symbol two levels deep, and dropped the rest without a word. `config` →
// `typeof config` → `Config & …` → `Partial<Settings>` → `const f: Full = { port: 3 }` (tsc: TS2322
// in e.ts); in Python un-annotated returns `price` → `total` → `g` → `h` → `y: int = h() + 1`.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, typeCheck } from './workspace.test-support.js'

describe('an edit checks the files a chain of users reaches', () => {
  it('TypeScript: four type aliases down, the preview warns as tsc does, and so does the applied answer', async () => {
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2020', module: 'commonjs' }, include: ['src'] }),
      'src/a.ts': 'export const config = { port: 1 }\n',
      'src/b.ts': "import { config } from './a'\nexport type Config = typeof config\n",
      'src/c.ts': "import type { Config } from './b'\nexport type Settings = Config & { debug: boolean }\n",
      'src/d.ts': "import type { Settings } from './c'\nexport type Full = Partial<Settings>\n",
      'src/e.ts': "import type { Full } from './d'\nexport const f: Full = { port: 3 }\n",
    }
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    const edit = { operation: 'replaceSymbol', symbol: 'config', filePath: 'src/a.ts', text: "export const config = { port: 'x' }" } as const
    const preview = (await tool.execute(edit)).split('\n')
    expect(preview.slice(1, 3)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 5 checked files), 1 new error:',
      "  src/e.ts:2:26  error  2322  Type 'number' is not assignable to type 'string'.",
    ])
    // A symbol edit is written as asked (a rename's is refused), and the answer says what broke.
    expect((await tool.execute({ ...edit, apply: true })).split('\n').slice(1, 3)).toEqual([
      "Warning: errors rose after the edit: src/e.ts 0 → 1 (line 2: Type 'number' is not assignable to type 'string'.).",
      'Applied: replace Constant config: 1 edit in 1 file written.',
    ])
    expect(typeCheck(root)).toContain("src/e.ts(2,26): error TS2322: Type 'number' is not assignable to type 'string'.")
  }, 120_000)

  it('Python: four un-annotated returns down, the preview warns as pyright does', async () => {
    const root = await tempWorkspace({
      'pkg/__init__.py': '',
      'pkg/a.py': 'def price(n: int):\n    return n * 2\n',
      'pkg/b.py': 'from pkg.a import price\n\n\ndef total():\n    return price(3)\n',
      'pkg/c.py': 'from pkg.b import total\n\n\ndef g():\n    return total()\n',
      'pkg/d.py': 'from pkg.c import g\n\n\ndef h():\n    return g()\n',
      'pkg/e.py': 'from pkg.d import h\n\ny: int = h() + 1\n',
    })
    const { tool } = toolOn(root)
    const preview = (await tool.execute({ operation: 'replaceSymbol', symbol: 'price', filePath: 'pkg/a.py', text: 'def price(n: int):\n    return str(n)' })).split('\n')
    expect(preview.slice(1, 3)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 5 checked files), 1 new error:',
      '  pkg/e.py:3:10  error  reportOperatorIssue  Operator "+" not supported for types "str" and "Literal[1]"',
    ])
  }, 120_000)
})
