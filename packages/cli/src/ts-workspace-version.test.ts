// The twenty-first trial (2026-12-07): in a project pinned to TypeScript 4.9 (node_modules/typescript),
// `diagnostics` said "No diagnostics" on a `const` type parameter (TypeScript 5.0 syntax) the
// project's tsc rejects with 10 errors: the server ran the bundled TypeScript 5.9. It runs the
// workspace's own now, as workspaceDiagnostics' tsc does. The project's tsc is the independent check.
import { execFileSync } from 'node:child_process'
import { mkdir, realpath, symlink } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const require = createRequire(import.meta.url)

describe("TypeScript diagnostics with the workspace's own TypeScript", () => {
  it('reports what the pinned 4.9 tsc reports, not what the bundled 5.9 accepts', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
      'src/a.ts': 'export function first<const T extends readonly unknown[]>(xs: T): T[0] {\n  return xs[0]\n}\n',
    })
    await mkdir(path.join(root, 'node_modules'))
    await symlink(await realpath(path.dirname(require.resolve('typescript-4.9/package.json'))), path.join(root, 'node_modules/typescript'))
    const tsc = (): string => {
      try {
        return execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.'], { cwd: root, encoding: 'utf8' })
      } catch (error) {
        return (error as { stdout: string }).stdout
      }
    }
    expect(tsc().split('\n')[0]).toBe('src/a.ts(1,23): error TS1139: Type parameter declaration expected.')
    const { tool } = toolOn(root)
    const answer = (await tool.execute({ operation: 'diagnostics', filePath: 'src/a.ts' })).split('\n')
    // tsserver adds the semantic errors tsc leaves out once the syntax fails (TS7010, TS7005, TS2304).
    expect(answer[0]).toBe('src/a.ts: 15 errors')
    expect(answer.slice(2, 4)).toEqual(['src/a.ts:1:23  error  1139  Type parameter declaration expected.', "src/a.ts:1:29  error  7005  Variable 'T' implicitly has an 'any' type."])
  })
})
