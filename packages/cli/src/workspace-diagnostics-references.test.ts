// workspaceDiagnostics of TypeScript project references checks each project with `tsc -p`, which
// reads a referenced project's built declarations where `tsc -b` and tsserver use its sources:
// never built (a fresh clone), or built before an edit, they make the check's answer about other
// code than the sources. The answer says so rather than report what tsc -p saw. `tsc -b` is the
// independent check, on a copy when it would write into the workspace.
import { execFileSync } from 'node:child_process'
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { seamOn } from './seam.test-support.js'
import { failure, tscScript } from './workspace.test-support.js'

describe('workspaceDiagnostics of projects checked against their references\' builds', () => {
  it('says which files tsc checked without the declarations of referenced projects not built (a fresh clone), not TS6305 as an error', { timeout: 120_000 }, async () => {
    const project = (references: string) => `{ "compilerOptions": { "composite": true, "strict": true, "module": "esnext", "moduleResolution": "bundler", "outDir": "dist" }, "include": ["src"]${references} }\n`
    const seam = await seamOn({
      'tsconfig.json': '{ "files": [], "references": [{ "path": "./packages/a" }, { "path": "./packages/c" }] }\n',
      'packages/a/tsconfig.json': project(', "references": [{ "path": "../c" }]'),
      'packages/c/tsconfig.json': project(''),
      'packages/c/src/c.ts': 'export const c: number = 3\nexport const bad: number = "x"\n',
      'packages/c/src/list.ts': 'export const items: number[] = [1, 2]\n',
      // Without c's declarations `items` is any: its callback's parameter implicitly any (TS7006), which tsc -b never reports.
      'packages/a/src/a.ts': "import { c } from '../../c/src/c'\nimport { items } from '../../c/src/list'\nexport const a: string = c\nexport const doubled = items.map((x) => x * 2)\n",
    })
    // tsc -b builds c first, then finds a's error too; it writes dist/, so it runs on a copy.
    const copy = `${seam.root}-built`
    execFileSync('cp', ['-r', seam.root, copy])
    onTestFinished(() => rm(copy, { recursive: true, force: true }))
    expect(failure(process.execPath, [tscScript, '-b', '--pretty', 'false'], copy)).toBe(
      "packages/c/src/c.ts(2,14): error TS2322: Type 'string' is not assignable to type 'number'.\npackages/a/src/a.ts(3,14): error TS2322: Type 'number' is not assignable to type 'string'.\n",
    )
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'packages/a/src/a.ts' })
    const message = '1 file imports from referenced projects that are not built (packages/a/src/a.ts): tsc cannot check it without their declarations (what it reported there may come from their missing types), so its diagnostics were left out; build them (tsc -b), or ask diagnostics of each file'
    expect(result.kind === 'workspaceDiagnostics' && result.completeness).toEqual({ state: 'partial', reason: 'unconfigured', message })
    expect(seam.show(result)).toEqual(["packages/c/src/c.ts:2:14 Error tsc 2322 Type 'string' is not assignable to type 'number'."])
  })

  it('the same through a package name: a referenced project linked into node_modules, its types not built, is no TS2307 error', { timeout: 120_000 }, async () => {
    const project = (references: string) => `{ "compilerOptions": { "composite": true, "strict": true, "module": "esnext", "moduleResolution": "bundler", "outDir": "out", "rootDir": "src" }, "include": ["src"]${references} }\n`
    const seam = await seamOn({
      'tsconfig.json': '{ "files": [], "references": [{ "path": "./packages/a" }, { "path": "./packages/d" }] }\n',
      'packages/a/tsconfig.json': project(', "references": [{ "path": "../d" }]'),
      'packages/d/tsconfig.json': project(''),
      'packages/d/package.json': '{ "name": "@sol/d", "version": "1.0.0", "types": "out/d.d.ts" }\n',
      'packages/d/src/d.ts': 'export const d: string = "d"\n',
      'packages/a/src/use.ts': "import { d } from '@sol/d'\nexport const e: number = d\n",
    })
    await mkdir(path.join(seam.root, 'node_modules/@sol'), { recursive: true })
    await symlink('../../packages/d', path.join(seam.root, 'node_modules/@sol/d'))
    const copy = `${seam.root}-built`
    execFileSync('cp', ['-a', seam.root, copy])
    onTestFinished(() => rm(copy, { recursive: true, force: true }))
    expect(failure(process.execPath, [tscScript, '-b', '--pretty', 'false'], copy)).toBe("packages/a/src/use.ts(2,14): error TS2322: Type 'string' is not assignable to type 'number'.\n")
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'packages/a/src/use.ts' })
    const message = '1 file imports from referenced projects that are not built (packages/a/src/use.ts): tsc cannot check it without their declarations (what it reported there may come from their missing types), so its diagnostics were left out; build them (tsc -b), or ask diagnostics of each file'
    expect(result.kind === 'workspaceDiagnostics' && result.completeness).toEqual({ state: 'partial', reason: 'unconfigured', message })
    expect(seam.show(result)).toEqual([])
  })

  // The eighth trial: after tsc -b, an edit to a referenced project (a constructor argument made
  // required) broke its dependents, and the answer was "No diagnostics in the workspace": tsc -p
  // checked them against the old dist/*.d.ts.
  it('says which referenced projects are built but out of date, rather than answer from their old declarations', { timeout: 120_000 }, async () => {
    const project = (references: string) => `{ "compilerOptions": { "composite": true, "strict": true, "module": "esnext", "moduleResolution": "bundler", "outDir": "dist", "rootDir": "src" }, "include": ["src"]${references} }\n`
    const seam = await seamOn({
      'tsconfig.json': '{ "files": [], "references": [{ "path": "./packages/a" }, { "path": "./packages/c" }] }\n',
      'packages/a/tsconfig.json': project(', "references": [{ "path": "../c" }]'),
      'packages/c/tsconfig.json': project(''),
      'packages/c/src/c.ts': 'export const c: number = 3\n',
      'packages/a/src/a.ts': "import { c } from '../../c/src/c'\nexport const a: number = c\n",
    })
    expect(failure(process.execPath, [tscScript, '-b', '--pretty', 'false'], seam.root)).toBe('')
    const clean = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'packages/a/src/a.ts' })
    expect([seam.show(clean), clean.completeness]).toEqual([[], { state: 'complete' }])
    await writeFile(path.join(seam.root, 'packages/c/src/c.ts'), "export const c: string = 'x'\n")
    const copy = `${seam.root}-built`
    execFileSync('cp', ['-a', seam.root, copy])
    onTestFinished(() => rm(copy, { recursive: true, force: true }))
    expect(failure(process.execPath, [tscScript, '-b', '--pretty', 'false'], copy)).toBe("packages/a/src/a.ts(2,14): error TS2322: Type 'string' is not assignable to type 'number'.\n")
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'packages/a/src/a.ts' })
    const message =
      "1 referenced project is out of date (packages/c/tsconfig.json; tsc -b: output 'packages/c/tsconfig.tsbuildinfo' is older than input 'packages/c/src/c.ts'): the projects referencing it were checked against its old declarations, so their errors may be wrong or missing; build it (tsc -b) for a current check"
    expect([seam.show(result), result.completeness]).toEqual([[], { state: 'partial', reason: 'unconfigured', message }])
  })
})
