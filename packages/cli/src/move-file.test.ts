// moveFile (issue 16, part 3) on the real typescript-language-server and pyright: the server's
// willRenameFiles edit previewed as a diff, applied with the move all or nothing, verified.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeOf, tempWorkspace, toolOn, typeCheck } from './workspace.test-support.js'

const require = createRequire(import.meta.url)
const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] })

/** src/util.ts, imported as ./util, ../util and re-exported with export *; it imports ./app/shout itself. */
const project = {
  'tsconfig.json': tsconfig,
  'src/util.ts': "import { shout } from './app/shout'\n\nexport function add(a: number, b: number): number {\n  return a + b\n}\n\nexport const loud = shout('util')\n",
  'src/app/shout.ts': 'export function shout(text: string): string {\n  return text.toUpperCase()\n}\n',
  'src/main.ts': "import { add } from './util'\n\nconsole.log(add(1, 2))\n",
  'src/app/page.ts': "import { add, loud } from '../util'\n\nexport const page = add(3, 4) + loud.length\n",
  'src/index.ts': "export * from './util'\nexport { page } from './app/page'\n",
}

const read = (root: string, file: string): Promise<string> => readFile(path.join(root, file), 'utf8')
const contents = async (root: string): Promise<Record<string, string | null>> =>
  Object.fromEntries(await Promise.all(Object.keys(project).map(async (file) => [file, await read(root, file).catch(() => null)])))

const move = { operation: 'moveFile', filePath: 'src/util.ts', newPath: 'src/lib/util.ts' }

const diff = [
  '--- a/src/app/page.ts',
  '+++ b/src/app/page.ts',
  '@@ -1,3 +1,3 @@',
  "-import { add, loud } from '../util'",
  "+import { add, loud } from '../lib/util'",
  ' ',
  ' export const page = add(3, 4) + loud.length',
  '--- a/src/index.ts',
  '+++ b/src/index.ts',
  '@@ -1,2 +1,2 @@',
  "-export * from './util'",
  "+export * from './lib/util'",
  " export { page } from './app/page'",
  'rename from src/util.ts',
  'rename to src/lib/util.ts',
  '--- a/src/util.ts',
  '+++ b/src/lib/util.ts',
  '@@ -1,4 +1,4 @@',
  "-import { shout } from './app/shout'",
  "+import { shout } from '../app/shout'",
  ' ',
  ' export function add(a: number, b: number): number {',
  '   return a + b',
  '--- a/src/main.ts',
  '+++ b/src/main.ts',
  '@@ -1,3 +1,3 @@',
  "-import { add } from './util'",
  "+import { add } from './lib/util'",
  ' ',
  ' console.log(add(1, 2))',
]

describe('moveFile on typescript-language-server', () => {
  it('previews the importers rewritten, writes nothing, then moves the file and rewrites every importer; tsc stays clean', async () => {
    const root = await tempWorkspace(project)
    // The project's own TypeScript, as tsc runs in it.
    await mkdir(path.join(root, 'node_modules'))
    await symlink(path.dirname(require.resolve('typescript/package.json')), path.join(root, 'node_modules/typescript'))
    const { tool } = toolOn(root)
    expect(await tool.execute(move)).toBe(
      ['Preview: move src/util.ts → src/lib/util.ts: 4 edits in 4 files; nothing written. The same call with apply: true writes it.', ...diff].join('\n'),
    )
    expect(await contents(root)).toEqual(project)
    expect(existsSync(path.join(root, 'src/lib'))).toBe(false)

    expect(await tool.execute({ ...move, apply: true })).toBe(
      [
        'Applied: move src/util.ts → src/lib/util.ts: 4 edits in 4 files written.',
        '  src/app/page.ts',
        '  src/index.ts',
        '  src/lib/util.ts (moved from src/util.ts)',
        '  src/main.ts',
        'Verified: errors 0 → 0 in the 4 checked files.',
        'Verified: no import names src/util.ts any more (5 files searched).',
      ].join('\n'),
    )
    expect(await contents(root)).toEqual({
      ...project,
      'src/util.ts': null,
      'src/main.ts': "import { add } from './lib/util'\n\nconsole.log(add(1, 2))\n",
      'src/app/page.ts': "import { add, loud } from '../lib/util'\n\nexport const page = add(3, 4) + loud.length\n",
      'src/index.ts': "export * from './lib/util'\nexport { page } from './app/page'\n",
    })
    expect(await read(root, 'src/lib/util.ts')).toBe(project['src/util.ts'].replace("'./app/shout'", "'../app/shout'"))
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc')
    expect(execFileSync(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], { cwd: root, encoding: 'utf8' })).toBe('')
    // The server's view follows the disk: the importer is clean where the file is now.
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'src/main.ts' })).toBe('No diagnostics in src/main.ts.')
  }, 180_000)

  it('warns in the preview of imports the server leaves (a module augmentation), refuses to apply it, and with force counts that importer\'s errors after the move (tsc)', async () => {
    // tsserver rewrites none of a file that also has `declare module './util'` (the fourth trial);
    // the fifth found apply wrote the move anyway, and tsc then failed (TS2307).
    const files = {
      'tsconfig.json': tsconfig,
      'src/util.ts': 'export const util = () => 1\nexport interface Extra { a: number }\n',
      'src/a.ts': "import { util } from './util'\ndeclare module './util' { interface Extra { b: string } }\nexport const x = util()\n",
    }
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    const request = { operation: 'moveFile', filePath: 'src/util.ts', newPath: 'src/lib/util.ts' }
    expect((await tool.execute(request)).split('\n')[0]).toBe(
      "Warning: if applied, 2 imports would still name src/util.ts (the server's edit leaves them): src/a.ts:1 './util', src/a.ts:2 './util'.",
    )
    expect(await codeOf(tool.execute({ ...request, apply: true }))).toEqual([
      'LSP_EDIT_INCOMPLETE',
      "move src/util.ts → src/lib/util.ts was not applied: 2 imports would still name src/util.ts (the server's edit leaves them): src/a.ts:1 './util', src/a.ts:2 './util'; nothing was written. Fix them by hand, or apply with force: true to write it anyway",
    ])
    for (const [name, text] of Object.entries(files)) expect(await read(root, name)).toBe(text)
    expect(existsSync(path.join(root, 'src/lib/util.ts'))).toBe(false)
    const applied = (await tool.execute({ ...request, apply: true, force: true })).split('\n')
    expect(applied[0]).toBe("Warning: errors rose after the edit: src/a.ts 0 → 2 (line 1: Cannot find module './util' or its corresponding type declarations.).")
    expect(typeCheck(root)).toContain("src/a.ts(1,22): error TS2307: Cannot find module './util'")
  }, 180_000)

  it("refuses a move of the file a tsconfig paths alias maps (a package's entry): the mapping would name a file that is gone", async () => {
    // The eighth trial: tsserver rewrote every `@shop/lib` import to the new path and left
    // `paths` naming the deleted index.ts; the next import by the alias failed (TS2307).
    const files = {
      'tsconfig.base.json': '{\n  "compilerOptions": {\n    "strict": true, "noEmit": true, "module": "ESNext", "moduleResolution": "Bundler", "baseUrl": ".",\n    "paths": { "@shop/lib": ["lib/index.ts"] }\n  }\n}\n',
      'tsconfig.json': '{ "extends": "./tsconfig.base.json", "include": ["lib", "app"] }\n',
      'lib/index.ts': 'export const total = 1\n',
      'app/main.ts': "import { total } from '@shop/lib'\nexport const t = total\n",
    }
    const root = await tempWorkspace(files)
    expect(typeCheck(root)).toBe('')
    const { tool } = toolOn(root)
    const request = { operation: 'moveFile', filePath: 'lib/index.ts', newPath: 'lib/public.ts' }
    const left = "1 TypeScript config line maps a path to lib/index.ts (tsconfig.base.json:4), which the move deletes: an import through that mapping would fail (the server's edit leaves it; map lib/public.ts there)"
    expect((await tool.execute(request)).split('\n')[0]).toBe(`Warning: if applied, ${left}.`)
    expect(await codeOf(tool.execute({ ...request, apply: true }))).toEqual([
      'LSP_EDIT_INCOMPLETE',
      `move lib/index.ts → lib/public.ts was not applied: ${left}; nothing was written. Fix it by hand, or apply with force: true to write it anyway`,
    ])
    for (const [name, text] of Object.entries(files)) expect(await read(root, name)).toBe(text)
    // The folder form of the same mapping resolves to its index file: refused alike (the ninth trial).
    await writeFile(path.join(root, 'tsconfig.base.json'), files['tsconfig.base.json'].replace('["lib/index.ts"]', '["lib"]'))
    expect((await tool.execute(request)).split('\n')[0]).toBe(`Warning: if applied, ${left}.`)
  }, 180_000)

  it('says nothing of a paths mapping the server edit rewrites itself, and applies the move (tsc stays clean)', async () => {
    // The twenty-eighth trial: with the mapping in tsconfig.json itself, tsserver's edit rewrote it,
    // yet the preview warned "the server's edit leaves it" and apply was refused for it.
    const files = {
      'tsconfig.json': '{\n  "compilerOptions": {\n    "strict": true, "noEmit": true, "module": "ESNext", "moduleResolution": "Bundler", "baseUrl": ".",\n    "paths": { "@shop/lib": ["lib/index.ts"] }\n  },\n  "include": ["lib", "app"]\n}\n',
      'lib/index.ts': 'export const total = 1\n',
      'app/main.ts': "import { total } from '@shop/lib'\nexport const t = total\n",
    }
    const root = await tempWorkspace(files)
    expect(typeCheck(root)).toBe('')
    const { tool } = toolOn(root)
    const request = { operation: 'moveFile', filePath: 'lib/index.ts', newPath: 'lib/public.ts' }
    const preview = await tool.execute(request)
    expect(preview).toContain('+    "paths": { "@shop/lib": ["lib/public.ts"] }')
    expect(preview).not.toContain('TypeScript config line')
    expect((await tool.execute({ ...request, apply: true })).split('\n').slice(0, 6)).toEqual([
      'Applied: move lib/index.ts → lib/public.ts: 2 edits in 3 files written.',
      '  app/main.ts',
      '  lib/public.ts (moved from lib/index.ts)',
      '  tsconfig.json',
      'Verified: errors 0 → 0 in the 3 checked files.',
      'Verified: no import names lib/index.ts any more (2 files searched).',
    ])
    expect(await read(root, 'tsconfig.json')).toContain('"paths": { "@shop/lib": ["lib/public.ts"] }')
    expect(typeCheck(root)).toBe('')
  }, 180_000)

  it('applies a move whose old path a comment and a string still name: the comment is no import, the string is said after the write', async () => {
    // The sixth trial: `// helpers live in './util'` made apply refuse a move tsc accepts.
    const root = await tempWorkspace({
      'tsconfig.json': tsconfig,
      'src/util.ts': 'export function helper(): number { return 1 }\n',
      'src/a.ts': "import { helper } from './util'\nexport const a = helper()\n",
      'src/b.ts': "// helpers live in './util' next to this file\nexport const b = 2\n",
      'src/c.ts': "export const mocked = './util' // as jest.mock('./util') would name it\n",
    })
    const { tool } = toolOn(root)
    const applied = (await tool.execute({ operation: 'moveFile', filePath: 'src/util.ts', newPath: 'src/lib/util.ts', apply: true })).split('\n')
    expect(applied.filter((line) => !line.startsWith('  ') && /^(Applied|Verified|Warning|Not)/.test(line))).toEqual([
      "Warning: 1 string outside an import still names src/util.ts (code may use the path): src/c.ts:1 './util'.",
      'Applied: move src/util.ts → src/lib/util.ts: 1 edit in 2 files written.',
      'Verified: errors 0 → 0 in the 3 checked files.',
    ])
    expect(await read(root, 'src/a.ts')).toBe("import { helper } from './lib/util'\nexport const a = helper()\n")
    expect(typeCheck(root)).toBe('')
  }, 120_000)

  it("refuses a move that leaves a require through a workspace package's link (node_modules/@me/lib -> packages/lib)", async () => {
    // The sixth trial: b.js is outside the TypeScript program, so the server's edit leaves its
    // require; the check after the write looked at relative specifiers only and said "Verified".
    const files = {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'commonjs' }, include: ['packages'] }),
      'packages/lib/package.json': '{"name":"@me/lib","version":"1.0.0"}\n',
      'packages/lib/src/util.ts': 'export function helper(): number { return 1 }\n',
      'packages/app/src/a.ts': "import { helper } from '@me/lib/src/util'\nexport const a: number = helper()\n",
      'packages/app/src/b.js': "const { helper } = require('@me/lib/src/util')\nmodule.exports = helper\n",
    }
    const root = await tempWorkspace(files)
    await mkdir(path.join(root, 'node_modules/@me'), { recursive: true })
    await symlink('../../packages/lib', path.join(root, 'node_modules/@me/lib'))
    const { tool } = toolOn(root)
    expect(await codeOf(tool.execute({ operation: 'moveFile', filePath: 'packages/lib/src/util.ts', newPath: 'packages/lib/src/helpers/util.ts', apply: true }))).toEqual([
      'LSP_EDIT_INCOMPLETE',
      "move packages/lib/src/util.ts → packages/lib/src/helpers/util.ts was not applied: 1 import would still name packages/lib/src/util.ts (the server's edit leaves it): packages/app/src/b.js:1 '@me/lib/src/util'; nothing was written. Fix it by hand, or apply with force: true to write it anyway",
    ])
    for (const [name, text] of Object.entries(files)) expect(await read(root, name)).toBe(text)
  }, 120_000)

  it('refuses a move onto an existing file, and a file that does not exist, changing nothing', async () => {
    const root = await tempWorkspace(project)
    const { tool } = toolOn(root)
    expect(await codeOf(tool.execute({ ...move, newPath: 'src/main.ts', apply: true }))).toEqual([
      'LSP_FILE_EXISTS',
      'src/main.ts exists (a file); moveFile does not overwrite, nothing was changed. Choose another newPath or remove it first',
    ])
    expect(await codeOf(tool.execute({ ...move, filePath: 'src/nope.ts', apply: true }))).toEqual(['LSP_FILE_NOT_FOUND', `file not found: src/nope.ts (resolved to ${path.join(root, 'src/nope.ts')})`])
    expect(await contents(root)).toEqual(project)
  }, 120_000)
})

describe('moveFile on pyright', () => {
  it('is refused as unsupported, naming the server (pyright registers no workspace.fileOperations)', async () => {
    const root = await tempWorkspace({ 'util.py': 'def add(a, b):\n    return a + b\n', 'main.py': 'from util import add\n\nprint(add(1, 2))\n' })
    const { tool } = toolOn(root)
    expect(await codeOf(tool.execute({ operation: 'moveFile', filePath: 'util.py', newPath: 'lib/util.py', apply: true }))).toEqual([
      'LSP_UNSUPPORTED_OPERATION',
      'language server "python" does not support willRenameFiles (no workspace.fileOperations.willRename): it cannot rewrite the imports of util.py, so moveFile moved nothing',
    ])
    expect(existsSync(path.join(root, 'util.py'))).toBe(true)
    expect(existsSync(path.join(root, 'lib'))).toBe(false)
  }, 120_000)
})
