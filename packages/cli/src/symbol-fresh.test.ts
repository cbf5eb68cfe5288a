// A name is looked up in the code as it is on disk now: after an open file is edited, the old name
// is gone and the new one is found (workspace symbols come from the open documents too).
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

describe('symbol names after an edit', { timeout: 120_000 }, () => {
  it('TypeScript: finds the renamed function, not the old name', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ include: ['src'] }),
      'src/a.ts': 'export function greet(x: string) { return x }\n',
    })
    const { tool } = toolOn(root)
    const references = (symbol: string) => tool.execute({ operation: 'findReferences', symbol })
    expect(await references('greet')).toBe('greet → src/a.ts:1:17\n1 reference to greet\nsrc/a.ts:1:17  export function greet(x: string) { return x }')
    await writeFile(path.join(root, 'src/a.ts'), 'export function hello(x: string) { return x }\n')
    expect((await references('greet')).split('\n')[0]).toBe('No symbol "greet" found.')
    expect(await references('hello')).toBe('hello → src/a.ts:1:17\n1 reference to hello\nsrc/a.ts:1:17  export function hello(x: string) { return x }')
  })

  it('Python: finds the renamed function, not the old name', async () => {
    const root = await tempWorkspace({ 'pkg/__init__.py': '', 'pkg/cart.py': 'def make():\n    return 1\n' })
    const { tool } = toolOn(root)
    const references = (symbol: string) => tool.execute({ operation: 'findReferences', symbol })
    expect(await references('make')).toBe('make → pkg/cart.py:1:5\n1 reference to make\npkg/cart.py:1:5  def make():')
    await writeFile(path.join(root, 'pkg/cart.py'), 'def build():\n    return 1\n')
    expect((await references('make')).split('\n')[0]).toBe('No symbol "make" found.')
    expect(await references('build')).toBe('build → pkg/cart.py:1:5\n1 reference to build\npkg/cart.py:1:5  def build():')
  })
})
