// A symbol declared more than once (overload signatures and their implementation): goToDefinition
// at a call leads to the overload it matches, not to the implementation the query was asked at.
// Found by a trial: findReferences said "6 references", complete, missing a call in a file the
// tsconfig leaves out; incomingCalls listed the two signatures as callers the server missed.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const overloads = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
  'src/a.ts': 'export function over(x: string): string;\nexport function over(x: number): number;\nexport function over(x: any): any { return x }\n\nexport function plain(x: number) { return x }\n',
  'src/main.ts': "import { over, plain } from './a'\nover('s'); plain(1)\n",
  'test/a.test.ts': "import { over, plain } from '../src/a'\nover(3); plain(4)\n",
}

const references = (missed: string) =>
  [
    '7 references to over in 3 files',
    'src/a.ts',
    '1:17  export function over(x: string): string;',
    '2:17  export function over(x: number): number;',
    '3:17  export function over(x: any): any { return x }',
    'src/main.ts',
    "1:10  import { over, plain } from './a'",
    "2:1  over('s'); plain(1)",
    'test/a.test.ts',
    `1:10  import { over, plain } from '../src/a'${missed}`,
    `2:1  over(3); plain(4)${missed}`,
  ].join('\n')

describe('cross-check of an overloaded function on typescript-language-server', () => {
  it('findReferences at the implementation adds the call that resolves to an overload signature, cold and warm', async () => {
    const root = await tempWorkspace(overloads)
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'src/a.ts:3:17')).toBe(references('  (missed by the server; found by the cross-check)'))
    // Warm: the cross-check opened test/a.test.ts, so the server now lists it itself.
    expect(await ask('findReferences', 'src/a.ts:3:17')).toBe(references(''))
    expect(await ask('findReferences', 'src/a.ts:1:17')).toBe(references(''))
  })

  it('findReferences at the first overload signature adds the same call (cold)', async () => {
    const root = await tempWorkspace(overloads)
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'src/a.ts:1:17')).toBe(references('  (missed by the server; found by the cross-check)'))
  })

  it('incomingCalls lists the missed call and never the signatures as callers, cold and warm', async () => {
    const root = await tempWorkspace(overloads)
    const { host, tool } = toolOn(root)
    const calls = () => tool.execute({ operation: 'incomingCalls', filePath: 'src/a.ts', line: 3, character: 17 })
    const answer = [
      '1 caller of over',
      "← Module src.main.ts  src/main.ts:2:1  over('s'); plain(1)",
      '1 more place calls over (missed by the server; found by the cross-check):',
      'test/a.test.ts:2:1  over(3); plain(4)',
    ].join('\n')
    expect(await calls()).toBe(answer)
    const request = { operation: 'incomingCalls', filePath: 'src/a.ts', position: { line: 2, character: 16 }, workspaceRoot: root } as const
    const result = await host.ctx.lsp.query(request)
    expect(result.completeness).toEqual({ state: 'complete' })
    expect(result.crossCheck?.counts).toEqual({ occurrences: 7, listed: 2, added: 1, elsewhere: 4, candidates: 0, commentsOrStrings: 0, generated: 0, keywords: 0, unchecked: 0 })
    expect(await calls()).toBe(answer)
  })

  it('the same workspace without overloads: plain is found in both files, and its answer stays as it was', async () => {
    const root = await tempWorkspace(overloads)
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'src/a.ts:5:17')).toBe(
      [
        '5 references to plain in 3 files',
        'src/a.ts:5:17  export function plain(x: number) { return x }',
        'src/main.ts',
        "1:16  import { over, plain } from './a'",
        "2:12  over('s'); plain(1)",
        'test/a.test.ts',
        "1:16  import { over, plain } from '../src/a'  (missed by the server; found by the cross-check)",
        '2:10  over(3); plain(4)  (missed by the server; found by the cross-check)',
      ].join('\n'),
    )
  })
})

describe('controls: overloads in other languages', () => {
  it('pyright: goToDefinition answers every @overload and the implementation, so the call in a file outside the config is found', async () => {
    const root = await tempWorkspace({
      'pyrightconfig.json': JSON.stringify({ include: ['pkg'] }),
      'pkg/__init__.py': '',
      'pkg/a.py': 'from typing import overload, Union\n\n\n@overload\ndef over(x: str) -> str: ...\n@overload\ndef over(x: int) -> int: ...\ndef over(x: Union[str, int]) -> Union[str, int]:\n    return x\n',
      'pkg/main.py': 'from pkg.a import over\n\nover("s")\n',
      'scripts/use.py': 'from pkg.a import over\n\nover(3)\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'pkg/a.py:8:5')).toBe(
      [
        '7 references to over in 3 files',
        'pkg/a.py',
        '5:5  def over(x: str) -> str: ...',
        '7:5  def over(x: int) -> int: ...',
        '8:5  def over(x: Union[str, int]) -> Union[str, int]:',
        'pkg/main.py',
        '1:19  from pkg.a import over',
        '3:1  over("s")',
        'scripts/use.py',
        '1:19  from pkg.a import over  (missed by the server; found by the cross-check)',
        '3:1  over(3)  (missed by the server; found by the cross-check)',
      ].join('\n'),
    )
  })

  it('clangd: a C++ overload is another function, so a call of it is not added (its declaration leads to itself)', async () => {
    const root = await tempWorkspace({ 'a.cpp': 'int f(int x) { return x; }\ndouble f(double x) { return x; }\nint a = f(1);\ndouble b = f(2.0);\n' })
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'a.cpp:1:5')).toBe(
      [
        'Partial answer (unconfigured): no compile_commands.json covers a.cpp, so clangd searched only the files it has opened; generate one (cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or bear -- make)',
        '2 references to f',
        'a.cpp',
        '1:5  int f(int x) { return x; }',
        '3:9  int a = f(1);',
      ].join('\n'),
    )
  })
})
