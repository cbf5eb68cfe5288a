// A package installed into node_modules during a warm session: tsserver leaves file watching to us
// (useClientFileWatcher) and we scan only the packages of node_modules (their package.json), so
// the next query reports the new package and its import resolves.
import { describe, expect, it } from 'vitest'
import { providersOn } from './provider-only.test-support.js'
import { writeFiles } from './workspace.test-support.js'

const fakePad = {
  'node_modules/fake-pad/package.json': JSON.stringify({ name: 'fake-pad', version: '1.0.0', types: 'index.d.ts', main: 'index.js' }),
  'node_modules/fake-pad/index.d.ts': 'export declare function leftPad(s: string, n: number): string\n',
  'node_modules/fake-pad/index.js': 'exports.leftPad = (s, n) => s.padStart(n)\n',
}

describe('packages installed during a session', { timeout: 120_000 }, () => {
  it('TypeScript: a package copied into node_modules clears TS2307 on the next diagnostics query', async () => {
    const seam = await providersOn({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs' }, include: ['src'] }),
      'src/a.ts': "import { leftPad } from 'fake-pad'\nexport const x: string = leftPad('a', 3)\n",
    })
    const diagnostics = async () => seam.show(await seam.ask({ operation: 'diagnostics', filePath: 'src/a.ts' }))
    expect(await diagnostics()).toEqual(["1:25 Error 2307 Cannot find module 'fake-pad' or its corresponding type declarations."])
    await writeFiles(seam.root, fakePad)
    expect(await diagnostics()).toEqual([])
    const definition = await seam.ask({ operation: 'goToDefinition', filePath: 'src/a.ts', position: { line: 1, character: 26 } })
    expect(seam.show(definition)).toEqual(['node_modules/fake-pad/index.d.ts:1:25'])
  })

  // A trial reinstalled a package at a new version (rm -rf, then the new files): its package.json
  // was reported changed, not created, so tsserver never reloaded and hovers kept version 1's types.
  it('TypeScript: a package updated in place (a new package.json and new types) is read again on the next query', async () => {
    const seam = await providersOn({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'commonjs' }, include: ['src'] }),
      'src/a.ts': "import { leftPad } from 'fake-pad'\nexport const x: string = leftPad('a', 3)\n",
      ...fakePad,
    })
    const hover = async () => {
      const result = await seam.ask({ operation: 'hover', filePath: 'src/a.ts', position: { line: 1, character: 26 } })
      return result.kind === 'hover' ? result.hover?.contents.split('\n').find((line) => line.includes('leftPad(')) : result.kind
    }
    expect(await hover()).toBe('(alias) leftPad(s: string, n: number): string')
    await writeFiles(seam.root, {
      'node_modules/fake-pad/package.json': JSON.stringify({ name: 'fake-pad', version: '2.0.0', types: 'index.d.ts', main: 'index.js' }),
      'node_modules/fake-pad/index.d.ts': 'export declare function leftPad(s: string, n: number, fill?: string): string\n',
    })
    expect(await hover()).toBe('(alias) leftPad(s: string, n: number, fill?: string): string')
  })
})
