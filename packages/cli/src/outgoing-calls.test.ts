// The twelfth trial: outgoingCalls lists the calls its server resolves, and read as all of them:
// pyright left out PyJWT's api_jws.decode_complete(…) and calls on an untyped parameter, tsserver
// calls through function-typed parameters and `new Error(…)`. The calls in the body it does not
// list are now named, partial. Python's ast and the TypeScript compiler are the independent checks
// (the calls below are every call expression of each body; pyright lists a nested def's calls as the
// outer function's, tsserver a nested arrow function's as its own).
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const unlisted = (calls: string) => `Partial answer (unchecked): ${calls}: through a parameter or a value, or to what the server could not resolve`

describe('outgoingCalls names the calls in the body its server does not list', () => {
  it('Python (pyright): calls through a parameter and on an untyped value', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'pyproject.toml': '[project]\nname = "w"\n',
      'w.py': 'def helper():\n    return 1\n\n\ndef run(cb, obj):\n    helper()\n    cb(1)\n    obj.go()\n\n    def inner():\n        return helper()\n    return inner\n',
    })
    const answer = await toolOn(root).tool.execute({ operation: 'outgoingCalls', filePath: 'w.py', line: 5, character: 5 })
    expect(answer.split('\n').slice(0, 3)).toEqual([unlisted('2 calls in its body are not among those listed (7:5 cb and 8:9 go)'), '2 calls from run to 1 function (call sites in w.py)', '→ Function helper  w.py:1:5  called at 6:5, 11:16'])
  })

  it('TypeScript (tsserver): a call through a parameter and a constructor; not a type after `as`, nor a nested arrow function\'s calls', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022' } }),
      'w.ts': "export function helper(): number {\n  return 1\n}\n\nexport function run(cb: (n: number) => void): unknown {\n  helper()\n  cb(1)\n  const later = () => helper()\n  return new Error('x') as unknown as () => void\n}\n",
    })
    const answer = await toolOn(root).tool.execute({ operation: 'outgoingCalls', filePath: 'w.ts', line: 5, character: 17 })
    expect(answer.split('\n').slice(0, 3)).toEqual([unlisted('2 calls in its body are not among those listed (7:3 cb and 9:14 Error)'), '1 call from run to 1 function (call sites in w.ts)', '→ Function helper  w.ts:1:17  called at 6:3'])
  })

  // The thirteenth session: a call through an optional parameter (`cb?.(1)`) or with type
  // arguments (`g<number>(2)`) was not read as a call, and the answer claimed complete.
  it('TypeScript (tsserver): calls through `?.(` and with type arguments; a tagged template and `.call(` it lists', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022' } }),
      'w.ts': [
        'export function helper(): number {',
        '  return 1',
        '}',
        'export function tag(s: TemplateStringsArray): string { return s[0] }',
        '',
        'export function run(cb?: (n: number) => void, g?: <T>(x: T) => T): unknown {',
        '  helper()',
        '  cb?.(1)',
        '  g!<number>(2)',
        '  tag`x`',
        '  helper.call(null)',
        "  return g?.<string>('s')",
        '}',
        '',
      ].join('\n'),
    })
    const answer = await toolOn(root).tool.execute({ operation: 'outgoingCalls', filePath: 'w.ts', line: 6, character: 17 })
    expect(answer.split('\n')).toEqual([
      unlisted('3 calls in its body are not among those listed (8:3 cb, 9:3 g and 12:10 g)'),
      '3 calls from run to 3 functions (call sites in w.ts)',
      '→ Function helper  w.ts:1:17  called at 7:3',
      '→ Function tag  w.ts:4:17  called at 10:3',
      expect.stringMatching(/^→ Method call  external .*lib\.es5\.d\.ts:\d+  called at 11:3$/),
    ])
  })

  // rxjs's mergeInternals: a call tsserver listed inside an anonymous callback made every named
  // inner function's calls (checkComplete's, doInnerSub's) count as the origin's: 16 named unlisted.
  it("TypeScript (tsserver): an anonymous callback's calls are the origin's, a named inner function's its own", { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022' } }),
      'w.ts': [
        'export function helper(): number {',
        '  return 1',
        '}',
        'export function each(list: number[], f: (n: number) => void): void {',
        '  list.forEach(f)',
        '}',
        '',
        'export function run(list: number[], cb: (n: number) => void): void {',
        '  const later = (n: number) => {',
        '    cb(n)',
        '    helper()',
        '  }',
        '  each(list, (n) => {',
        '    helper()',
        '    cb(n)',
        '  })',
        '  later(1)',
        '}',
        '',
      ].join('\n'),
    })
    const answer = await toolOn(root).tool.execute({ operation: 'outgoingCalls', filePath: 'w.ts', line: 8, character: 17 })
    expect(answer.split('\n')).toEqual([
      unlisted('1 call in its body is not among those listed (15:5 cb)'),
      '3 calls from run to 3 functions (call sites in w.ts)',
      '→ Function helper  w.ts:1:17  called at 14:5',
      '→ Function each  w.ts:4:17  called at 13:3',
      '→ Function later  w.ts:9:9  called at 17:3',
    ])
  })

  // The thirteenth trial: a callee that is an expression (`table[k](1)`, `(0, helper)(3)`,
  // `s["area"]()`, Python's `HANDLERS[name]("x")`) was no call to the check, and these answers read
  // "No calls … found"; the TypeScript compiler and Python's ast list each call expression.
  it('TypeScript and Python: calls whose callee is a subscript or a parenthesised expression', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022' } }),
      'pyproject.toml': '[project]\nname = "w"\n',
      'w.ts': [
        'export function helper(n: number): number {',
        '  return n + 1',
        '}',
        'export class Square {',
        '  area(): number {',
        '    return 4',
        '  }',
        '}',
        'const table: Record<string, (n: number) => number> = { helper }',
        '',
        'export function run(k: string, s: Square): number {',
        '  return table[k](1) + (0, helper)(3) + s["area"]() + (() => 2)()',
        '}',
        '',
      ].join('\n'),
      'd.py': 'HANDLERS = {"x": print}\n\n\ndef dispatch(name):\n    HANDLERS[name]("x")\n',
    })
    const { tool } = toolOn(root)
    const ts = await tool.execute({ operation: 'outgoingCalls', filePath: 'w.ts', line: 11, character: 17 })
    expect(ts.split('\n')).toEqual([unlisted('3 calls in its body are not among those listed (12:10 table[k], 12:24 (0, helper) and 12:41 s["area"])'), 'No calls from run found at w.ts:11:17.'])
    const python = await tool.execute({ operation: 'outgoingCalls', filePath: 'd.py', line: 4, character: 5 })
    expect(python.split('\n')).toEqual([unlisted('1 call in its body is not among those listed (5:5 HANDLERS[name])'), 'No calls from dispatch found at d.py:4:5.'])
    // Called by its string key, Square.area is called there, not used as a value.
    const callers = await tool.execute({ operation: 'incomingCalls', filePath: 'w.ts', line: 5, character: 3 })
    expect(callers.split('\n')).toEqual(['1 caller of Square.area', '← Function run  w.ts:12:43  return table[k](1) + (0, helper)(3) + s["area"]() + (() => 2)()'])
  })

  // rxjs's tap: tsserver gives an overloaded function's later declarations their whole range as
  // their name's (selectionRange), the origin's body was not found, and the answer went unchecked.
  it("TypeScript (tsserver): an overloaded function's implementation is checked too", { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022' } }),
      'w.ts': [
        'export function helper(): number {',
        '  return 1',
        '}',
        '',
        'export function run(cb: () => void): void',
        'export function run(cb: () => void, n: number): void',
        'export function run(cb: () => void, n?: number): void {',
        '  helper()',
        '  cb()',
        '}',
        '',
      ].join('\n'),
    })
    const answer = await toolOn(root).tool.execute({ operation: 'outgoingCalls', filePath: 'w.ts', line: 7, character: 17 })
    expect(answer.split('\n')).toEqual([unlisted('1 call in its body is not among those listed (9:3 cb)'), '1 call from run to 1 function (call sites in w.ts)', '→ Function helper  w.ts:1:17  called at 8:3'])
  })

  // The fifteenth trial: a call in a chained receiver (`sel` of `make(sel(1)).run()`, tsserver's
  // site spans `make(sel(1)).run`) read as listed; calls in anonymous callbacks tsserver names
  // (`setTimeout() callback`) left out; a type argument (`Array`) and a type member's signature
  // (`go`) named as calls; a named inner arrow's `done()` counted as the origin's. The TypeScript
  // compiler lists these call expressions: make, sel, run, gen, setTimeout, done, operate, end.
  it('TypeScript (tsserver): receivers, anonymous callbacks, type arguments and signatures', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', lib: ['es2022', 'dom'] } }),
      'w.ts': [
        'export class R {',
        '  run(): void {}',
        '}',
        'export function make(n: number): R {',
        '  return new R()',
        '}',
        'export function gen<T>(x: T): T {',
        '  return x',
        '}',
        'export function operate(f: () => void): void {',
        '  f()',
        '}',
        '',
        'export function run(sel: (n: number) => number, done: () => void): void {',
        '  type Cb = { go(a: number): void }',
        '  make(sel(1)).run()',
        '  gen<Array<number>>([1])',
        '  setTimeout(() => done(), 1)',
        '  operate(() => {',
        '    const end = () => {',
        '      done()',
        '    }',
        '    end()',
        '  })',
        '}',
        '',
      ].join('\n'),
    })
    const answer = await toolOn(root).tool.execute({ operation: 'outgoingCalls', filePath: 'w.ts', line: 14, character: 17 })
    expect(answer.split('\n').slice(0, 2)).toEqual([unlisted('2 calls in its body are not among those listed (16:8 sel and 18:20 done)'), '6 calls from run to 6 functions (call sites in w.ts)'])
  })

  // The fifteenth trial: Go's conversions (`int(3.0)`, `[]byte("x")`, `(*MyInt)(nil)`) and
  // builtins (`len`) were named as calls through a value; go/types calls them conversions.
  it('Go (gopls): conversions and builtins are no unlisted calls', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'go.mod': 'module example.com/c\n\ngo 1.19\n',
      'main.go': 'package main\n\ntype MyInt int\n\nfunc conv(f func() int) int {\n\ta := int(3.0) + len([]byte("x"))\n\tp := (*MyInt)(nil)\n\t_ = p\n\treturn a + f()\n}\n\nfunc main() { println(conv(func() int { return 1 })) }\n',
    })
    expect(await toolOn(root).tool.execute({ operation: 'outgoingCalls', filePath: 'main.go', line: 5, character: 6 })).toBe(['1 call from conv to 1 function (call sites in main.go)', '→ Function f  main.go:5:11  called at 9:13'].join('\n'))
  })

  // The fifteenth trial: the words of JSX text before a parenthesis (`free (see terms)`) were named
  // as calls; the TypeScript compiler reads that line as one JsxText and the component's calls as
  // fmt (listed) and cb (a parameter).
  it('TSX (tsserver): JSX text is no call; a call after a generic type still is', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, jsx: 'preserve', target: 'es2020' }, include: ['*.tsx'] }),
      'v.tsx': [
        'declare global { namespace JSX { interface IntrinsicElements { div: any; p: any } } }',
        'function fmt(n: number): string { return String(n) }',
        'export function Price(props: { cents: number }, cb: () => number[]) {',
        '  const list: Array<number> = cb()',
        '  return (',
        '    <div>',
        '      <p>Total: {fmt(props.cents)} (tax included) {list.length}</p>',
        '      <p>Shipping is free (see terms) and returns are easy (within 30 days)</p>',
        '    </div>',
        '  )',
        '}',
        '',
      ].join('\n'),
    })
    expect(await toolOn(root).tool.execute({ operation: 'outgoingCalls', filePath: 'v.tsx', line: 3, character: 17 })).toBe(
      [unlisted('1 call in its body is not among those listed (4:31 cb)'), '1 call from Price to 1 function (call sites in v.tsx)', '→ Function fmt  v.tsx:2:10  called at 7:18'].join('\n'),
    )
  })
})
