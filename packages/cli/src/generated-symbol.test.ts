// The seventeenth trial (2026-12-07): a function in a generated file (rxjs's dist/) was said to
// have 1 reference, complete. grep is the independent check.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

describe('tsserver findReferences of a function in a generated file', () => {
  // rxjs as published: a root tsconfig.json compiles src/*.ts, dist/esm/*.js is its build. tsserver
  // opens dist's identity.js alone (an inferred project), the cross-check counted the other generated
  // files without asking: `1 reference`, complete, where 34 places import or use it.
  it('asks the generated occurrences when the symbol asked is in a generated file', { timeout: 120_000 }, async () => {
    const map = (name: string): string => `//# sourceMappingURL=${name}.js.map\n`
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, outDir: 'dist' }, include: ['src'] }),
      'src/identity.ts': 'export function identity<T>(x: T): T {\n  return x\n}\n',
      'dist/identity.js': `export function identity(x) {\n    return x;\n}\n${map('identity')}`,
      'dist/pipe.js': `import { identity } from './identity';\nexport function pipe(...fns) {\n    return fns.length === 0 ? identity : fns[0];\n}\n${map('pipe')}`,
      'dist/index.js': `export { identity } from './identity';\n${map('index')}`,
    })
    expect(execFileSync('grep', ['-rnw', 'identity', 'dist', '--include=*.js'], { cwd: root, encoding: 'utf8' }).split('\n').filter((line) => line !== '' && !line.includes('sourceMappingURL')).length).toBe(4)
    const answer = await toolOn(root).ask('findReferences', 'dist/identity.js:1:17')
    expect(answer).toBe(
      [
        '4 references to identity in 3 files',
        'dist/identity.js:1:17  export function identity(x) {',
        "dist/index.js:1:10  export { identity } from './identity';  (missed by the server; found by the cross-check)",
        'dist/pipe.js',
        "1:10  import { identity } from './identity';  (missed by the server; found by the cross-check)",
        '3:31  return fns.length === 0 ? identity : fns[0];  (missed by the server; found by the cross-check)',
      ].join('\n'),
    )
  })
})
