// Files that are not open are seen as they are on disk now, by servers that leave file watching
// to the client (tsserver with useClientFileWatcher, pyright): a file created just before a query
// is searched, and an edited one is what hover describes.
import { writeFile } from 'node:fs/promises'
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

  it('Python: an edited module that is not open is what hover describes', async () => {
    const root = await tempWorkspace({ 'pkg/__init__.py': '', 'pkg/c.py': 'LIMIT: int = 1\n', 'pkg/b.py': 'from pkg.c import LIMIT\n\nprint(LIMIT)\n' })
    const { ask } = toolOn(root)
    expect(await ask('hover', 'pkg/b.py:3:7')).toBe('```python\n(constant) LIMIT: int\n```')
    await writeFile(path.join(root, 'pkg/c.py'), "LIMIT: str = 'one'\n")
    expect(await ask('hover', 'pkg/b.py:3:7')).toBe('```python\n(constant) LIMIT: str\n```')
  })
})
