// Names spelled like a keyword of some language (`type`, `delete`, `in`) on real servers: the
// cross-check skipped them, so an answer missing the use through `any` (or in a C macro) said
// complete and a rename that broke the program at run time said Verified. Now a word is a keyword
// only where its own file's language uses it as one (`type T =`, `import type`), checked with tsc
// and node, python, gcc.
import { describe, expect, it } from 'vitest'
import { codeOf, tempWorkspace, toolOn, typeCheck, writeFiles } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true } })

describe('a member named like a TypeScript keyword on typescript-language-server', () => {
  // node prints `type=click`: b.ts reads e.type through any, which a rename to kind would leave.
  const files = {
    'tsconfig.json': tsconfig,
    'a.ts': "export interface Ev { type: string; get: number }\nexport function mk(): Ev { return { type: 'click', get: 3 } }\n",
    'b.ts': "import { mk } from './a'\nconst e: any = JSON.parse(JSON.stringify(mk()))\nconsole.log('type=' + e.type)\n",
    // The keyword `type`, in a type alias and imports: not places naming the member.
    'c.ts': "import type { Ev } from './a'\nexport type Kind = string\nexport type { Ev }\nexport const k: Kind = 'x'\n",
  }

  it('lists the use through any as a candidate, not the keyword uses, and the answer is partial', async () => {
    const { ask } = toolOn(await tempWorkspace(files))
    expect(await ask('findReferences', 'a.ts:1:23')).toBe(
      [
        'Partial answer (unresolved): 1 place names type where the server could not resolve it (it may be this symbol)',
        '2 references to type',
        'a.ts',
        '1:23  export interface Ev { type: string; get: number }',
        "2:37  export function mk(): Ev { return { type: 'click', get: 3 } }",
        '1 more place names type where the server could not resolve it (may be this one):',
        "b.ts:3:25  console.log('type=' + e.type)",
        // The label's `type=` holds the name beside code punctuation (as `action=do_build` does): shown as a string, not a reference.
        '1 string names type (not a reference; a use by name there is not followed): b.ts:3:14',
      ].join('\n'),
    )
  })

  it('refuses the rename that would leave it', async () => {
    const { tool } = toolOn(await tempWorkspace(files))
    expect(await codeOf(tool.execute({ operation: 'rename', filePath: 'a.ts', line: 1, character: 23, newName: 'kind', apply: true }))).toEqual([
      'LSP_EDIT_INCOMPLETE',
      'rename type → kind was not applied: 1 place names type where the server could not resolve it (it may be this symbol); nothing was written. Rename those by hand, or apply with force: true to write it anyway',
    ])
  })
})

describe('methods named delete and get beside the delete operator and a get accessor, on typescript-language-server', () => {
  // The sixth trial: `delete (globalThis as any).flag` and `get size()` were asked about as
  // places naming the methods, listed as unresolved, and refused renames that tsc accepts.
  const cache = "export class Cache {\n  private m: Record<string, number> = {}\n  get(k: string): number { return this.m[k] }\n  delete(k: string): void { delete this.m[k] }\n  get size(): number { return Object.keys(this.m).length }\n}\n"
  const main = "import { Cache } from './cache'\nconst c = new Cache()\ndelete (globalThis as any).flag\nc.delete('a')\nexport const v = c.get('b') + c.size\n"

  it('lists their references complete, and renames them', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'cache.ts': cache, 'main.ts': main })
    const { ask, tool } = toolOn(root)
    expect(await ask('findReferences', 'cache.ts:4:3')).toBe(['2 references to delete in 2 files', 'cache.ts:4:3  delete(k: string): void { delete this.m[k] }', "main.ts:4:3  c.delete('a')"].join('\n'))
    expect((await tool.execute({ operation: 'rename', filePath: 'cache.ts', line: 3, character: 3, newName: 'read', apply: true })).split('\n')[0]).toBe('Applied: rename get → read: 2 edits in 2 files written.')
    expect(typeCheck(root)).toBe('')
  })
})

describe('an attribute named like a Python soft keyword on pyright', () => {
  it('lists the use on an untyped parameter as a candidate', async () => {
    const root = await tempWorkspace({ 'a.py': 'class Ev:\n    def __init__(self):\n        self.type = "click"\n\n\ndef handle(e):\n    return e.type\n\n\nprint(handle(Ev()), type(Ev()))\n' })
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'a.py:3:14')).toBe(
      [
        'Partial answer (unresolved): 1 place names type where the server could not resolve it (it may be this symbol)',
        '1 reference to type',
        'a.py:3:14  self.type = "click"',
        '1 more place names type where the server could not resolve it (may be this one):',
        'a.py:7:14  return e.type',
      ].join('\n'),
    )
  })
})

describe('a C function named in, a keyword of other languages, on clangd', () => {
  // As zlib's examples/gun.c: `local unsigned in(…)`, called from a macro's body (gcc then links no `in`).
  it('refuses the rename that leaves the call in the macro', async () => {
    const root = await tempWorkspace({
      'm.c': '#include <stdio.h>\nstatic int in(void) { return getchar(); }\n#define NEXT() (in())\nint main(void) {\n    int a = NEXT();\n    return a;\n}\n',
    })
    await writeFiles(root, { 'compile_commands.json': JSON.stringify([{ directory: root, file: 'm.c', arguments: ['gcc', '-c', 'm.c'] }]) })
    const { tool } = toolOn(root)
    expect(await codeOf(tool.execute({ operation: 'rename', filePath: 'm.c', line: 2, character: 12, newName: 'read_byte', apply: true }))).toEqual([
      'LSP_EDIT_INCOMPLETE',
      // The macro's body (the cross-check's) and its expansion in main (clangd's own reference there).
      'rename in → read_byte was not applied: it leaves 2 references of in as they are; nothing was written. Rename those by hand, or apply with force: true to write it anyway',
    ])
  })
})
