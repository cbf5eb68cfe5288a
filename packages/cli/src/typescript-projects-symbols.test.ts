// Two TypeScript projects side by side and no tsconfig.json above them (the tenth trial: rxjs's
// source beside query-core's): typescript-language-server asks tsserver's navto with the file it
// used last, which limits it to that file's project, and workspaceSymbol answered "No symbols
// match" for the other's, complete. grep is the independent check. (navto gives the declaration's start: 1:1.)
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'

const tsconfig = '{ "compilerOptions": { "strict": true, "noEmit": true }, "include": ["src"] }\n'

describe('workspaceSymbol over several TypeScript projects', () => {
  it('finds each project\'s symbols, with a file of either or none', { timeout: 120_000 }, async () => {
    const seam = await seamOn({
      'alpha/tsconfig.json': tsconfig,
      'beta/tsconfig.json': tsconfig,
      'alpha/src/a.ts': 'export function alphaThing(): number { return 1 }\n',
      'beta/src/b.ts': 'export function betaThing(): number { return 2 }\n',
    })
    expect(execFileSync('grep', ['-rn', 'function', 'alpha/src', 'beta/src'], { cwd: seam.root, encoding: 'utf8' }).split('\n').sort().join('\n')).toBe(
      '\nalpha/src/a.ts:1:export function alphaThing(): number { return 1 }\nbeta/src/b.ts:1:export function betaThing(): number { return 2 }',
    )
    for (const filePath of [null, 'beta/src/b.ts', 'alpha/src/a.ts']) {
      for (const [query, found] of [['alphaThing', 'Function alphaThing alpha/src/a.ts:1:1'], ['betaThing', 'Function betaThing beta/src/b.ts:1:1']] as const) {
        const result = await seam.ask({ operation: 'workspaceSymbol', query, filePath })
        expect([seam.show(result, true), result.completeness], `${query} from ${filePath}`).toEqual([[found], { state: 'complete' }])
      }
    }
  })
})
