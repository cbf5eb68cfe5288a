// A rename of an overloaded function imported under an alias (found by a user trial; on rxjs any
// `import { innerFrom as fromInner }`): typescript-language-server 5.3 sends the `foo` of
// `import { foo as bar }` once per declaration of foo, the same range and text three times, and the
// rename failed with LSP_MALFORMED_RESPONSE "text edits overlap at line 1".
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const overloads = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] }),
  'src/a.ts': 'export function foo(x: string): string;\nexport function foo(x: number): number;\nexport function foo(x: any): any { return x }\n',
  'src/b.ts': "import { foo as bar } from './a'\nbar(1)\n",
}

const diff = [
  '--- a/src/a.ts',
  '+++ b/src/a.ts',
  '@@ -1,3 +1,3 @@',
  '-export function foo(x: string): string;',
  '-export function foo(x: number): number;',
  '-export function foo(x: any): any { return x }',
  '+export function baz(x: string): string;',
  '+export function baz(x: number): number;',
  '+export function baz(x: any): any { return x }',
  '--- a/src/b.ts',
  '+++ b/src/b.ts',
  '@@ -1,2 +1,2 @@',
  "-import { foo as bar } from './a'",
  "+import { baz as bar } from './a'",
  ' bar(1)',
]

/** What `tsc --noEmit -p root` prints and exits with (0: no errors). */
function tsc(root: string): { status: number; output: string } {
  const bin = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  try {
    return { status: 0, output: execFileSync(process.execPath, [bin, '--noEmit', '-p', root], { encoding: 'utf8' }) }
  } catch (error) {
    const failed = error as { status: number; stdout: string }
    return { status: failed.status, output: failed.stdout }
  }
}

describe('rename of an overloaded function imported under an alias, on typescript-language-server', () => {
  it('previews each site once, applies it, and the workspace still compiles', async () => {
    const root = await tempWorkspace(overloads)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/a.ts', line: 3, character: 17, newName: 'baz' } as const
    expect((await tool.execute(rename)).split('\n')).toEqual([
      'Preview: rename foo → baz: 4 edits in 2 files; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 2 checked files).',
      ...diff,
    ])
    const applied = (await tool.execute({ ...rename, apply: true })).split('\n')
    expect(applied[0]).toBe('Applied: rename foo → baz: 4 edits in 2 files written.')
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe(overloads['src/a.ts'].replaceAll('foo', 'baz'))
    expect(await readFile(path.join(root, 'src/b.ts'), 'utf8')).toBe("import { baz as bar } from './a'\nbar(1)\n")
    expect(tsc(root)).toEqual({ status: 0, output: '' })
  })
})
