// A TypeScript property named through `keyof` string literals (typed event names): findReferences
// from the property called the two typed uses "strings (not references)", complete, and from the
// literal listed the literals without the property, complete (v27 repro 05). tsc after renaming the
// property fails at both literals (TS2345), not at the plain string. Now both answers name the other
// side as places that may be the symbol, partial.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const events = {
  'tsconfig.json': '{"compilerOptions":{"strict":true},"include":["src"]}',
  'src/events.ts': [
    'export interface Events {',
    '  ready: (at: number) => void',
    '  closed: () => void',
    '}',
    'type Handlers = { [K in keyof Events]?: Events[K][] }',
    'const handlers: Handlers = {}',
    'export function on<K extends keyof Events>(name: K, fn: Events[K]) {',
    '  (handlers[name] ??= [] as any).push(fn)',
    '}',
    'export function emit<K extends keyof Events>(name: K, ...args: Parameters<Events[K]>) {',
    '  for (const fn of handlers[name] ?? []) (fn as any)(...args)',
    '}',
    '',
  ].join('\n'),
  'src/main.ts': "import { on, emit } from './events'\non('ready', (at) => console.log('ready at', at))\nemit('ready', 42)\nexport const word = 'ready'\n",
}

const keyed = (count: string, they: string): string =>
  `Partial answer (unresolved): ${count} ready through a string key TypeScript checks (keyof, an indexed access type: the server offers the name as a completion in the string), which the server does not resolve to one symbol (${they} may be this symbol)`

describe('findReferences of a property and of a string key naming it agree', () => {
  it('from the property: the keyed strings may be it, the plain string is a string; from a keyed string: the property may be it', async () => {
    const root = await tempWorkspace(events)
    const { ask } = toolOn(root)
    expect((await ask('findReferences', 'src/events.ts:2:3')).split('\n')).toEqual([
      keyed('2 places name', 'they'),
      '1 reference to ready',
      'src/events.ts:2:3  ready: (at: number) => void',
      '2 more places name ready through a string key TypeScript checks (keyof, an indexed access type), which the server does not resolve (may be this one):',
      "src/main.ts:2:5  on('ready', (at) => console.log('ready at', at))",
      "src/main.ts:3:7  emit('ready', 42)",
      '1 string names ready (not a reference; a use by name there is not followed): src/main.ts:4:22',
    ])
    expect((await ask('findReferences', 'src/main.ts:2:5')).split('\n')).toEqual([
      keyed('1 place names', 'it'),
      '2 references to ready',
      'src/main.ts',
      "2:5  on('ready', (at) => console.log('ready at', at))",
      "3:7  emit('ready', 42)",
      '1 more place names ready through a string key TypeScript checks (keyof, an indexed access type), which the server does not resolve (may be this one):',
      'src/events.ts:2:3  ready: (at: number) => void',
      '1 string names ready (not a reference; a use by name there is not followed): src/main.ts:4:22',
    ])
  })
})
