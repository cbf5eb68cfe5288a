// goToImplementation of a TypeScript interface (or its member) names the types that declare
// every member it requires without naming it: TypeScript accepts them wherever the interface is
// expected, and tsserver lists only the classes that name it and the object literals typed as it.
// Before, `class Lower { run() }` passed to `use(p: Plugin)` was left out of an answer said
// complete (v27 repro 10); tsc confirms Lower, Registry and `literal` are checked against Plugin.
// Registry's `plugins: Plugin[] = []`, which tsserver lists, does not list Registry (rxjs's Subject).
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const plugins = {
  'tsconfig.json': '{"compilerOptions":{"strict":true},"include":["src"]}',
  'src/a.ts': [
    'export interface Plugin {',
    '  run(input: string): string',
    '  label?: string',
    '}',
    'export class Upper implements Plugin {',
    '  run(input: string) { return input.toUpperCase() }',
    '}',
    'export class Lower {',
    '  run(input: string) { return input.toLowerCase() }',
    '}',
    'export class Half {',
    "  label = 'half'",
    '}',
    'export interface Job {',
    '  run(input: string): string',
    '}',
    'export function use(p: Plugin) { return p.run("MiXeD") }',
    'export class Registry {',
    '  plugins: Plugin[] = []',
    '  run(input: string) { return this.plugins.reduce((text, p) => p.run(text), input) }',
    '}',
    '',
  ].join('\n'),
  'src/b.ts': [
    "import { use } from './a'",
    "const literal = { run(input: string) { return input + '!' } }",
    'export const out = use(literal) + use({ run: (s: string) => s })',
    '',
  ].join('\n'),
  'src/c.ts': 'export interface Sized {\n  size(): number\n}\nexport class Box implements Sized {\n  size() { return 1 }\n}\n',
}

const byShape = (what: string): string =>
  `Partial answer (unresolved): 3 types declare every member Plugin requires without naming it (Lower at src/a.ts:8:14, Registry at src/a.ts:18:14 and literal at src/b.ts:2:7); TypeScript accepts them wherever Plugin is expected, so ${what}`

describe('goToImplementation of a TypeScript interface names the types that match it by shape', () => {
  it('at a member and at the interface: the classes and object literals declaring every required member are said, not claimed complete', async () => {
    const root = await tempWorkspace(plugins)
    const { ask } = toolOn(root)
    expect((await ask('goToImplementation', 'src/a.ts:2:3')).split('\n')).toEqual([
      byShape('their run (src/a.ts:9:3, src/a.ts:20:3 and src/b.ts:2:19) may implement run too'),
      '2 implementations of run in 2 files',
      'src/a.ts:6:3  run(input: string) { return input.toUpperCase() }',
      'src/b.ts:3:41  export const out = use(literal) + use({ run: (s: string) => s })',
    ])
    expect((await ask('goToImplementation', 'src/a.ts:1:18')).split('\n')).toEqual([
      byShape('they may implement Plugin too'),
      '2 implementations of Plugin',
      'src/a.ts',
      '5:14  export class Upper implements Plugin {',
      '19:23  plugins: Plugin[] = []',
    ])
    // No other type of the workspace declares size: complete.
    expect((await ask('goToImplementation', 'src/c.ts:1:18')).split('\n')).toEqual([
      '1 implementation of Sized',
      'src/c.ts:4:14  export class Box implements Sized {',
    ])
  })
})
