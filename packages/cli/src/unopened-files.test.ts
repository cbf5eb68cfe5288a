// Files that are not open are seen as they are on disk now, by servers that leave file watching
// to the client (tsserver with useClientFileWatcher, pyright): a file created just before a query
// is searched, and an edited one is what hover describes.
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

describe('files that are not open', { timeout: 120_000 }, () => {
  it('TypeScript: a file written just before the query is in its references, an edited one in its hover', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ include: ['src'] }),
      'src/a.ts': 'export function greet(x: number) { return x }\n',
      'src/b.ts': "import { greet } from './a'\ngreet(1)\n",
    })
    const { ask } = toolOn(root)
    expect((await ask('findReferences', 'src/a.ts:1:17')).split('\n')[0]).toBe('3 references to greet in 2 files')
    await writeFile(path.join(root, 'src/new.ts'), "import { greet } from './a'\ngreet(2)\n")
    expect(await ask('findReferences', 'src/a.ts:1:17')).toBe(
      grouped([
        '5 references to greet in 3 files',
        'src/a.ts:1:17  export function greet(x: number) { return x }',
        "src/b.ts:1:10  import { greet } from './a'",
        'src/b.ts:2:1  greet(1)',
        "src/new.ts:1:10  import { greet } from './a'",
        'src/new.ts:2:1  greet(2)',
      ]),
    )
    // c.ts is never opened: hover its use in b.ts, edit c.ts, hover again.
    await writeFile(path.join(root, 'src/c.ts'), 'export const limit: number = 1\n')
    await writeFile(path.join(root, 'src/b.ts'), "import { greet } from './a'\nimport { limit } from './c'\ngreet(limit)\n")
    expect(await ask('hover', 'src/b.ts:3:7')).toBe('```typescript\n(alias) const limit: number\nimport limit\n```')
    await writeFile(path.join(root, 'src/c.ts'), "export const limit: string = 'one'\n")
    expect(await ask('hover', 'src/b.ts:3:7')).toBe('```typescript\n(alias) const limit: string\nimport limit\n```')
  })

  it('Python: a deleted file that was open leaves the next answers complete (pyright never ends its analysis progress then)', async () => {
    const root = await tempWorkspace({
      'pkg/core.py': 'def target(x):\n    return x\n',
      'pkg/use.py': 'from pkg.core import target\nprint(target(1))\n',
      'gen/one.py': 'from pkg.core import target\ntarget(2)\n',
    })
    const { ask } = toolOn(root)
    expect((await ask('findReferences', 'pkg/core.py:1:5')).split('\n')[0]).toBe('5 references to target in 3 files')
    expect(await ask('hover', 'gen/one.py:2:1')).toBe('```python\n(function) def target(x: Unknown) -> Unknown\n```')
    await rm(path.join(root, 'gen/one.py'))
    // Before: `Partial answer (indexing): python was still busy () after 30 s`, on this query and every later one.
    const expected = grouped(['3 references to target in 2 files', 'pkg/core.py:1:5  def target(x):', 'pkg/use.py:1:22  from pkg.core import target', 'pkg/use.py:2:7  print(target(1))'])
    expect(await ask('findReferences', 'pkg/core.py:1:5')).toBe(expected)
    await writeFile(path.join(root, 'gen/two.py'), 'from pkg.core import target\ntarget(3)\n')
    expect((await ask('findReferences', 'pkg/core.py:1:5')).split('\n')[0]).toBe('5 references to target in 3 files')
  })

  it('Python: an edited module that is not open is what hover describes', async () => {
    const root = await tempWorkspace({ 'pkg/__init__.py': '', 'pkg/c.py': 'LIMIT: int = 1\n', 'pkg/b.py': 'from pkg.c import LIMIT\n\nprint(LIMIT)\n' })
    const { ask } = toolOn(root)
    expect(await ask('hover', 'pkg/b.py:3:7')).toBe('```python\n(constant) LIMIT: int\n```')
    await writeFile(path.join(root, 'pkg/c.py'), "LIMIT: str = 'one'\n")
    expect(await ask('hover', 'pkg/b.py:3:7')).toBe('```python\n(constant) LIMIT: str\n```')
  })
})
