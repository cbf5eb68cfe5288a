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

  // An interface in alpha/ implemented in beta/, which imports it: tsserver searches the file's own
  // project, and goToImplementation was "No implementations found", complete, even with beta loaded.
  it('finds goToImplementation\'s implementations in another project', { timeout: 120_000 }, async () => {
    const seam = await seamOn({
      'alpha/tsconfig.json': tsconfig,
      'beta/tsconfig.json': tsconfig,
      'alpha/src/i.ts': 'export interface Shape { area(): number }\n',
      'beta/src/sq.ts': "import type { Shape } from '../../alpha/src/i'\nexport class Square implements Shape { area() { return 4 } }\n",
    })
    expect(execFileSync('grep', ['-rn', 'implements Shape', 'alpha', 'beta'], { cwd: seam.root, encoding: 'utf8' })).toBe("beta/src/sq.ts:2:export class Square implements Shape { area() { return 4 } }\n")
    for (const round of ['cold', 'warm']) {
      const result = await seam.ask({ operation: 'goToImplementation', filePath: 'alpha/src/i.ts', position: { line: 0, character: 17 } })
      expect([seam.show(result), result.completeness], round).toEqual([['beta/src/sq.ts:2:14'], { state: 'complete' }])
    }
  })
})
