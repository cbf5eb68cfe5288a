// A rename of an interface's member that breaks a file naming neither the member nor the edit's
// files (found by a user trial): `Impl` matches `Named` by shape, without `implements`, so renaming
// `Named.label` leaves `Impl.label` as it is, and `src/e.ts` (`const m: Named = new Impl()`) stops
// compiling. The check covered the edited files and those naming `label`, and said "Verified".
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const files = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] }),
  'src/a.ts': 'export interface Named {\n  label(): string\n}\n',
  'src/b.ts': "export class Impl {\n  label(): string {\n    return 'impl'\n  }\n}\n",
  'src/c.ts': "import type { Named } from './a'\nexport function show(n: Named): string {\n  return n.label()\n}\n",
  'src/e.ts': "import type { Named } from './a'\nimport { Impl } from './b'\nimport { show } from './c'\nexport const m: Named = new Impl()\nshow(new Impl())\n",
}

describe('rename of a member that a type matching its container by shape keeps, on typescript-language-server', () => {
  it('checks the files that reference the container too: the preview warns as tsc does, and apply refuses', async () => {
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', symbol: 'Named.label', filePath: 'src/a.ts', newName: 'title' } as const
    const preview = (await tool.execute(rename)).split('\n')
    expect(preview.slice(0, 5)).toEqual([
      'Named.label → src/a.ts:2:3',
      'Warning: errors 0 → 2 if applied (in the 3 checked files), 2 new errors:',
      "  src/e.ts:4:14  error  2741  Property 'title' is missing in type 'Impl' but required in type 'Named'.",
      "  src/e.ts:5:6  error  2345  Argument of type 'Impl' is not assignable to parameter of type 'Named'. Property 'title' is missing in type 'Impl' but required in type 'Named'.",
      'Preview: rename label → title: 2 edits in 2 files; nothing written. The same call with apply: true writes it.',
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_ADDS_ERRORS' })
    for (const [name, text] of Object.entries(files)) expect(await readFile(path.join(root, name), 'utf8')).toBe(text)
  })
})

describe('rename of a member that an object passed to a user of its container keeps, on typescript-language-server', () => {
  // The fifth trial: c.ts names neither `retry` nor `Opts`, only `run` (whose parameter is an Opts)
  // and `cfg` (an object literal with `retry`); tsc then says TS2345 in c.ts, and the rename said
  // "Verified: errors 0 → 0 in the 1 checked file". The files referencing the container's users are checked too.
  const passed = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
    'src/a.ts': 'export interface Opts { retry: number }\nexport function run(o: Opts): number { return o.retry }\n',
    'src/b.ts': 'export const cfg = { retry: 2 }\n',
    'src/c.ts': "import { run } from './a'\nimport { cfg } from './b'\nexport const r = run(cfg)\n",
  }

  it('checks the files that call a function taking the container: the preview warns as tsc does, and apply refuses', async () => {
    const root = await tempWorkspace(passed)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', symbol: 'Opts.retry', filePath: 'src/a.ts', newName: 'retries' } as const
    const preview = (await tool.execute(rename)).split('\n')
    expect(preview.slice(0, 4)).toEqual([
      'Opts.retry → src/a.ts:1:25',
      'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
      "  src/c.ts:3:22  error  2345  Argument of type '{ retry: number; }' is not assignable to parameter of type 'Opts'. Property 'retries' is missing in type '{ retry: number; }' but required in type 'Opts'.",
      'Preview: rename retry → retries: 2 edits in 1 file; nothing written. The same call with apply: true writes it.',
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_ADDS_ERRORS' })
    for (const [name, text] of Object.entries(passed)) expect(await readFile(path.join(root, name), 'utf8')).toBe(text)
  })
})

describe('rename of a member through a user of a user of its container, on typescript-language-server', () => {
  // The sixth trial: m2.ts calls runAll2, an alias m4.ts exports of runAll, which takes Options[];
  // m2.ts names neither the member nor Options nor runAll, and tsc then says TS2741 there.
  const chain = {
    'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
    'src/types.ts': 'export interface Options {\n  timeout: number\n}\nexport function run(o: Options): number { return o.timeout }\n',
    'src/m1.ts': 'export const defaults = { timeout: 5 }\n',
    'src/m3.ts': "import { run, type Options } from './types'\nexport function runAll(xs: Options[]): number[] { return xs.map(run) }\n",
    'src/m4.ts': "import { runAll } from './m3'\nexport const runAll2 = runAll\n",
    'src/m2.ts': "import { runAll2 } from './m4'\nimport { defaults } from './m1'\nexport const out = runAll2([defaults])\n",
  }

  it('checks the files of the users of its users too: the preview warns as tsc does, and apply refuses', async () => {
    const root = await tempWorkspace(chain)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', symbol: 'Options.timeout', filePath: 'src/types.ts', newName: 'delay' } as const
    const preview = (await tool.execute(rename)).split('\n')
    expect(preview.slice(1, 3)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 4 checked files), 1 new error:',
      "  src/m2.ts:3:29  error  2741  Property 'delay' is missing in type '{ timeout: number; }' but required in type 'Options'.",
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_ADDS_ERRORS' })
    for (const [name, text] of Object.entries(chain)) expect(await readFile(path.join(root, name), 'utf8')).toBe(text)
  })
})
