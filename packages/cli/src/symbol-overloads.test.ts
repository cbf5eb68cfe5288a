// A TypeScript function with overload signatures is one function to a reader: its symbolSource is
// the doc comment, every signature and the implementation, and replaceSymbol replaces them whole.
// The second trial (2026-12-06): `symbolSource --symbol dbl` showed `dbl(a: any): any` alone,
// without the signatures callers see. C++ overloads, each with a body, stay apart. tsc is the check.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const source = [
  '/** Doubles things. */',
  'export function dbl(a: string): string',
  '/** Numbers too. */',
  'export function dbl(a: number): number',
  'export function dbl(a: any): any {',
  '  return typeof a === "string" ? a + a : a * 2',
  '}',
  '',
  'export const use = dbl(2) + dbl("x").length',
  '',
].join('\n')

describe('overloads', () => {
  it('symbolSource of a TypeScript function shows its doc comment, every signature and the implementation, by name or at any signature', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': '{"compilerOptions":{"strict":true,"noEmit":true}}', 'o.ts': source })
    const { tool } = toolOn(root)
    const whole = [
      'o.ts:1-7  Function dbl (3 declarations: overloads) (doc comment 1)',
      '1  /** Doubles things. */',
      '2  export function dbl(a: string): string',
      '3  /** Numbers too. */',
      '4  export function dbl(a: number): number',
      '5  export function dbl(a: any): any {',
      '6    return typeof a === "string" ? a + a : a * 2',
      '7  }',
    ].join('\n')
    expect(await tool.execute({ operation: 'symbolSource', symbol: 'dbl' })).toBe(`dbl → o.ts:5:17\n${whole}`)
    expect(await tool.execute({ operation: 'symbolSource', filePath: 'o.ts', line: 4, character: 17 })).toBe(whole)
    const replaced = await tool.execute({ operation: 'replaceSymbol', filePath: 'o.ts', line: 2, character: 17, text: 'export function dbl(a: number): number {\n  return a * 2\n}', apply: true })
    expect(replaced.split('\n').filter((line) => line.startsWith('Applied'))).toEqual(['Applied: replace Function dbl: 1 edit in 1 file written.'])
    // The doc comment above the first declaration stays, as for any symbol.
    expect(await readFile(path.join(root, 'o.ts'), 'utf8')).toBe('/** Doubles things. */\nexport function dbl(a: number): number {\n  return a * 2\n}\n\nexport const use = dbl(2) + dbl("x").length\n')
  }, 120_000)

  it('C++ overloads with bodies stay apart: symbolSource at one shows that one', async () => {
    const root = await tempWorkspace({ 'compile_flags.txt': '-std=c++17\n', 'o.cpp': 'int twice(int a) {\n  return a * 2;\n}\ndouble twice(double a) {\n  return a * 2;\n}\n' })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', filePath: 'o.cpp', line: 4, character: 8 })).toBe('o.cpp:4-6  Function twice\n4  double twice(double a) {\n5    return a * 2;\n6  }')
    // Two member functions, a const one among them, declared without bodies (the second trial's repro_7): not one symbol.
    await writeFile(path.join(root, 's.cpp'), 'struct S {\n  int get(int);\n  int get(int) const;\n};\n')
    expect(await tool.execute({ operation: 'symbolSource', filePath: 's.cpp', line: 3, character: 7 })).toBe('s.cpp:3-3  Method S.get\n3    int get(int) const;')
  }, 120_000)
})
