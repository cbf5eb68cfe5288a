// The eleventh trial: tsserver checks a file in its default project alone. lib/ (noImplicitAny off)
// is imported by app/ (strict); a parameter's type dropped in lib was "Verified: errors 0 → 0"
// while `tsc -p app` failed with TS7006 in lib's file. Its diagnostics now hold what every project
// under the root reports of it. tsc is the independent check.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { failure, tempWorkspace, toolOn } from './workspace.test-support.js'

const tsc = path.resolve(import.meta.dirname, '../node_modules/typescript/bin/tsc')
const files = {
  'lib/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noImplicitAny: false, noEmit: true, target: 'ES2022' }, include: ['src'] }),
  'lib/src/options.ts': 'export function sanitize(options: { retries: number }) {\n  return options.retries\n}\n',
  'app/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022' }, include: ['src'] }),
  'app/src/main.ts': "import { sanitize } from '../../lib/src/options'\n\nexport const retries = sanitize({ retries: 3 })\n",
}

describe('diagnostics of a file two TypeScript projects compile', () => {
  it('hold what each project reports, named; an edit that breaks the stricter one is not verified', async () => {
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    const replace = { operation: 'replaceSymbol', filePath: 'lib/src/options.ts', symbol: 'sanitize', text: 'export function sanitize(options) {\n  return options.retries\n}' }
    const preview = await tool.execute(replace)
    expect(preview.split('\n').slice(1, 3)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
      "  lib/src/options.ts:1:26  error  7006  Parameter 'options' implicitly has an 'any' type. (as app/tsconfig.json compiles it)",
    ])
    await writeFile(path.join(root, 'lib/src/options.ts'), 'export function sanitize(options) {\n  return options.retries\n}\n')
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'lib/src/options.ts' })).toBe(
      [
        'lib/src/options.ts: 1 error, 1 hint',
        "lib/src/options.ts:1:26  hint  7044  Parameter 'options' implicitly has an 'any' type, but a better type may be inferred from usage.",
        "lib/src/options.ts:1:26  error  7006  Parameter 'options' implicitly has an 'any' type. (as app/tsconfig.json compiles it)",
      ].join('\n'),
    )
    expect(failure(process.execPath, [tsc, '-p', 'app'], root)).toBe("lib/src/options.ts(1,26): error TS7006: Parameter 'options' implicitly has an 'any' type.\n")
    expect(failure(process.execPath, [tsc, '-p', 'lib'], root)).toBe('')
  }, 120_000)
})
