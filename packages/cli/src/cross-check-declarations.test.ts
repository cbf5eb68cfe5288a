// Uses of a workspace package through its compiled declarations (`dist/index.d.ts`): the server's
// references of the source do not reach them, and goToDefinition there leads to the `.d.ts`, not
// the source. Found on this repository: the README's first command counted 6 bench uses of
// createLspService as another symbol and said "52 references", complete.
import { mkdir, readFile, symlink } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const lib = {
  'packages/lib/package.json': JSON.stringify({ name: 'lib', version: '1.0.0', type: 'module', types: './dist/index.d.ts', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } }),
  'packages/lib/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', outDir: 'dist', declaration: true }, include: ['src'] }),
  'packages/lib/src/index.ts': 'export function makeCart(): number {\n  return 1\n}\n\nexport const other = makeCart()\n',
  'packages/lib/dist/index.d.ts': 'export declare function makeCart(): number;\nexport declare const other: number;\n',
  'packages/lib/dist/index.js': 'export function makeCart() {\n  return 1;\n}\nexport const other = makeCart();\n',
  'packages/app/package.json': JSON.stringify({ name: 'app', type: 'module' }),
  'packages/app/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', noEmit: true }, include: ['src'] }),
  'packages/app/src/main.ts': "import { makeCart } from 'lib'\n\nexport const total = makeCart() + 1\nexport const now = Date.now()\n",
}

async function workspace(extra: Record<string, string> = {}): Promise<string> {
  const root = await tempWorkspace({ ...lib, ...extra })
  await mkdir(path.join(root, 'packages/app/node_modules'), { recursive: true })
  await symlink('../../lib', path.join(root, 'packages/app/node_modules/lib'))
  return root
}

describe('cross-check: uses through a package’s compiled declarations', () => {
  it('lists them as places that may be the symbol, with the declaration file, and the answer is partial', async () => {
    const root = await workspace()
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'packages/lib/src/index.ts:1:17')).toBe(
      [
        'Partial answer (unresolved): 2 places name makeCart through its package’s compiled declarations (packages/lib/dist/index.d.ts), not its source (they may be this symbol)',
        '2 references to makeCart',
        'packages/lib/src/index.ts',
        '1:17  export function makeCart(): number {',
        '5:22  export const other = makeCart()',
        '2 more places name makeCart through its package’s compiled declarations packages/lib/dist/index.d.ts (may be this one):',
        'packages/app/src/main.ts:1:10  import { makeCart } from \'lib\'',
        'packages/app/src/main.ts:3:22  export const total = makeCart() + 1',
      ].join('\n'),
    )
  })

  it('keeps a declaration of another package (TypeScript’s lib) as another symbol', async () => {
    const root = await workspace({ 'packages/lib/src/clock.ts': 'export function now(): number {\n  return 0\n}\n' })
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'packages/lib/src/clock.ts:1:17')).toBe('1 reference to now\npackages/lib/src/clock.ts:1:17  export function now(): number {')
  })

  it('a rename lists them as not renamed and apply is refused', async () => {
    const root = await workspace()
    const { tool } = toolOn(root)
    const request = { operation: 'rename', filePath: 'packages/lib/src/index.ts', line: 1, character: 17, newName: 'createCart' } as const
    const preview = (await tool.execute(request)).split('\n')
    expect(preview.slice(2, 5)).toEqual([
      '2 places name makeCart through its package’s compiled declarations packages/lib/dist/index.d.ts (may be this symbol; not renamed):',
      'packages/app/src/main.ts:1:10  import { makeCart } from \'lib\'',
      'packages/app/src/main.ts:3:22  export const total = makeCart() + 1',
    ])
    await expect(tool.execute({ ...request, apply: true })).rejects.toMatchObject({
      code: 'LSP_EDIT_INCOMPLETE',
      message:
        'rename makeCart → createCart was not applied: 2 places name makeCart through its package’s compiled declarations packages/lib/dist/index.d.ts (they may be this symbol); nothing was written. Rename those by hand, or apply with force: true to write it anyway',
    })
    expect(await readFile(path.join(root, 'packages/lib/src/index.ts'), 'utf8')).toBe(lib['packages/lib/src/index.ts'])
  })
})
