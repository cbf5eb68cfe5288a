// A symbol edit that changes a type reaches files that never name the symbol: app.ts's
// `export const total = add(1, 2)` passes add's return type on to use.ts. The second trial
// (2026-12-06): replaceSymbol previewed "Errors 0 → 0" and applied "Verified: errors 0 → 0 in the
// 2 checked files" while tsc failed in use.ts. The files using add's users are checked too.
import path from 'node:path'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, typeCheck } from './workspace.test-support.js'

const files = {
  'tsconfig.json': '{"compilerOptions":{"strict":true,"noEmit":true,"target":"es2020","module":"esnext","moduleResolution":"bundler"},"include":["src"]}',
  'src/math.ts': 'export function add(a: number, b: number): number {\n  return a + b\n}\n',
  'src/app.ts': 'import { add } from "./math"\nexport const total = add(1, 2)\n',
  'src/use.ts': 'import { total } from "./app"\nexport const n: number = total\n',
}
const text = 'export function add(a: number, b: number): string {\n  return String(a + b)\n}'
const broken = "  src/use.ts:2:14  error  2322  Type 'string' is not assignable to type 'number'."

describe('a symbol edit checks the files using its users', () => {
  it('replaceSymbol that changes a return type: the preview names the error in a file that only uses a constant inferred from it; apply says errors rose', async () => {
    const root = await tempWorkspace(files)
    expect(typeCheck(root)).toBe('')
    const { tool } = toolOn(root)
    const replace = { operation: 'replaceSymbol', filePath: 'src/math.ts', line: 1, character: 17, text } as const
    expect((await tool.execute(replace)).split('\n').slice(0, 3)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 3 checked files), 1 new error:',
      broken,
      'Preview: replace Function add: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
    ])
    expect((await tool.execute({ ...replace, apply: true })).split('\n')[0]).toBe("Warning: errors rose after the edit: src/use.ts 0 → 1 (line 2: Type 'string' is not assignable to type 'number'.).")
    expect(await readFile(path.join(root, 'src/math.ts'), 'utf8')).toBe(`${text}\n`)
    expect(typeCheck(root)).toContain("src/use.ts(2,14): error TS2322: Type 'string' is not assignable to type 'number'.")
  }, 120_000)

  it("a user typed by a library interface (a ProxyHandler's get) leads into TypeScript's lib files: they are not checked, and the workspace's still are", async () => {
    const handler = 'import { add } from "./math"\nexport const n: number = add(1, 2)\nexport const handler: ProxyHandler<object> = {\n  get(target, prop) { return add(1, 2) },\n}\n'
    const root = await tempWorkspace({ 'tsconfig.json': files['tsconfig.json'], 'src/math.ts': files['src/math.ts'], 'src/b.ts': handler })
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'replaceSymbol', filePath: 'src/math.ts', line: 1, character: 17, text })).split('\n').slice(0, 2)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
      "  src/b.ts:2:14  error  2322  Type 'string' is not assignable to type 'number'.",
    ])
  }, 120_000)
})
