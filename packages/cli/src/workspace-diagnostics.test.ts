// workspaceDiagnostics on real projects: typescript-language-server has no workspace pull
// diagnostics, so tsc --noEmit checks the project; pyright's CLI checks a Python one. Exact
// places (tsc's 1-based UTF-16 column and pyright's zero-based range both converted to the seam's
// zero-based UTF-16), codes and messages; a clean project answers empty and complete.
import { readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const tsProject = {
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "target": "ES2022", "module": "NodeNext", "noEmit": true }, "include": ["src"] }\n',
  'src/cart.ts': 'export function total(prices: number[]): number {\n  return prices.reduce((sum, price) => sum + price, 0)\n}\nexport const label: string = 42\n',
  'src/main.ts': "import { total } from './cart.js'\nconst sum: number = total(['1'])\nconst face = '😀'; const n: number = face\n",
}
const pyProject = {
  'pyproject.toml': '[project]\nname = "shop"\nversion = "0.1.0"\n',
  'pkg/__init__.py': '',
  'pkg/cart.py': 'def total(prices: list[int]) -> int:\n    return sum(prices)\n\n\nlabel: str = 42\n',
  'pkg/main.py': 'from pkg.cart import total\n\nface = "😀"; count: int = face\ntotal("1").missing\n',
}

describe('workspaceDiagnostics', () => {
  it('checks a TypeScript project with tsc: every file, exact places, codes and messages', { timeout: 120_000 }, async () => {
    const seam = await seamOn(tsProject)
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'src/main.ts' })
    expect(result.kind === 'workspaceDiagnostics' && [result.checks, result.completeness]).toEqual([['tsc --noEmit -p tsconfig.json'], { state: 'complete' }])
    expect(seam.show(result)).toEqual([
      "src/cart.ts:4:14 Error tsc 2322 Type 'number' is not assignable to type 'string'.",
      "src/main.ts:2:28 Error tsc 2322 Type 'string' is not assignable to type 'number'.",
      // After the emoji: column 26 in UTF-16 units, 25 zero-based.
      "src/main.ts:3:26 Error tsc 2322 Type 'string' is not assignable to type 'number'.",
    ])
  })

  it('writes nothing into the workspace: tsc keeps the build info of an incremental or composite project elsewhere', { timeout: 120_000 }, async () => {
    for (const option of ['incremental', 'composite']) {
      const seam = await seamOn({ ...tsProject, 'tsconfig.json': tsProject['tsconfig.json'].replace('"noEmit": true', `"noEmit": true, "${option}": true`) })
      const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'src/main.ts' })
      expect(seam.show(result)).toHaveLength(3)
      expect((await readdir(seam.root)).sort()).toEqual(['src', 'tsconfig.json'])
    }
  })

  it('checks a Python project with pyright: every file, exact ranges, rules and messages', { timeout: 120_000 }, async () => {
    const seam = await seamOn(pyProject)
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'pkg/main.py' })
    expect(result.kind === 'workspaceDiagnostics' && result.checks).toEqual(['pyright --outputjson'])
    expect(result.kind === 'workspaceDiagnostics' && result.files.map((file) => file.diagnostics.map((d) => [d.range, d.code]))).toEqual([
      [[{ start: { line: 4, character: 13 }, end: { line: 4, character: 15 } }, 'reportAssignmentType']],
      [
        [{ start: { line: 2, character: 26 }, end: { line: 2, character: 30 } }, 'reportAssignmentType'],
        [{ start: { line: 3, character: 6 }, end: { line: 3, character: 9 } }, 'reportArgumentType'],
        [{ start: { line: 3, character: 11 }, end: { line: 3, character: 18 } }, 'reportAttributeAccessIssue'],
      ],
    ])
    // pyright indents a message's reasons with no-break spaces.
    expect(seam.show(result)).toEqual([
      'pkg/cart.py:5:14 Error pyright reportAssignmentType Type "Literal[42]" is not assignable to declared type "str"\n\u00a0\u00a0"Literal[42]" is not assignable to "str"',
      'pkg/main.py:3:27 Error pyright reportAssignmentType Type "Literal[\'😀\']" is not assignable to declared type "int"\n\u00a0\u00a0"Literal[\'😀\']" is not assignable to "int"',
      'pkg/main.py:4:7 Error pyright reportArgumentType Argument of type "Literal[\'1\']" cannot be assigned to parameter "prices" of type "list[int]" in function "total"\n\u00a0\u00a0"Literal[\'1\']" is not assignable to "list[int]"',
      'pkg/main.py:4:12 Error pyright reportAttributeAccessIssue Cannot access attribute "missing" for class "int"\n\u00a0\u00a0Attribute "missing" is unknown',
    ])
  })

  it('answers clean projects empty and complete, and a TypeScript workspace without tsconfig.json partial', { timeout: 120_000 }, async () => {
    const seam = await seamOn({ 'tsconfig.json': tsProject['tsconfig.json'], 'src/ok.ts': 'export const one: number = 1\n', 'ok.py': 'one: int = 1\n' })
    const clean = { files: [], completeness: { state: 'complete' } }
    const pick = (result: unknown) => {
      const { files, completeness } = result as { files: unknown; completeness: unknown }
      return { files, completeness }
    }
    expect(pick(await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'src/ok.ts' }))).toEqual(clean)
    expect(pick(await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'ok.py' }))).toEqual(clean)
    const loose = await seamOn({ 'a.ts': 'export const a: string = 1\n' })
    expect(pick(await loose.ask({ operation: 'workspaceDiagnostics', filePath: 'a.ts' }))).toEqual({
      files: [],
      completeness: { state: 'partial', reason: 'unconfigured', message: 'no tsconfig.json or jsconfig.json at .: tsc checks a project, so nothing was checked; add one' },
    })
    // The tool does not follow "nothing was checked" with a clean-sounding line.
    expect(await toolOn(loose.root).tool.execute({ operation: 'workspaceDiagnostics', filePath: 'a.ts' })).toBe(
      'Partial answer (unconfigured): no tsconfig.json or jsconfig.json at .: tsc checks a project, so nothing was checked; add one\nNothing was checked, so there are no diagnostics to show.',
    )
  })

  it('answers the tool grouped by file, both projects at once without a file', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({ ...tsProject, ...pyProject })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'workspaceDiagnostics' })).toBe(
      [
        // tombi (TOML) answers workspace/diagnostic too: it ran, and found nothing here. The JSON
        // server has neither workspace pull diagnostics nor a project check: tsconfig.json was checked alone.
        '7 errors in 4 files (from tsc --noEmit -p tsconfig.json; pyright --outputjson; json diagnostics of its one file; workspace/diagnostic)',
        'pkg/cart.py:5:14  error  reportAssignmentType  Type "Literal[42]" is not assignable to declared type "str"; "Literal[42]" is not assignable to "str"',
        'pkg/main.py',
        '3:26  error  reportAssignmentType  Type "Literal[\'😀\']" is not assignable to declared type "int"; "Literal[\'😀\']" is not assignable to "int"',
        '4:7  error  reportArgumentType  Argument of type "Literal[\'1\']" cannot be assigned to parameter "prices" of type "list[int]" in function "total"; "Literal[\'1\']" is not assignable to "list[int]"',
        '4:12  error  reportAttributeAccessIssue  Cannot access attribute "missing" for class "int"; Attribute "missing" is unknown',
        "src/cart.ts:4:14  error  2322  Type 'number' is not assignable to type 'string'.",
        'src/main.ts',
        "2:28  error  2322  Type 'string' is not assignable to type 'number'.",
        // The column in code points, as every column the tool prints: the emoji counts 1.
        "3:25  error  2322  Type 'string' is not assignable to type 'number'.",
      ].join('\n'),
    )
    expect(await tool.execute({ operation: 'workspaceDiagnostics', fileFilter: 'src/main.ts', filePath: 'src/cart.ts' })).toBe(
      [
        '2 errors in 1 file under src/main.ts (from tsc --noEmit -p tsconfig.json)',
        'src/main.ts',
        "2:28  error  2322  Type 'string' is not assignable to type 'number'.",
        "3:25  error  2322  Type 'string' is not assignable to type 'number'.",
      ].join('\n'),
    )
  })
})
