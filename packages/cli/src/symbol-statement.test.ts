// replaceSymbol replaces what symbolSource shows. The servers' DocumentSymbol.range of a variable
// leaves out its statement (tsserver: `export const ` and `;`; pyright: ` = 10`), and clangd's starts
// inside a macro around the return type (`PUB(`). The third trial (2026-12-06): the text symbolSource
// showed, written back by replaceSymbol, gave `export const export const double = …;;` (TS1389) and
// `PUB(PUB(long) size_of(…);;`. tsc, gcc and python are the independent checks.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, typeCheck, writeFiles } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] })
const read = (root: string, file: string): Promise<string> => readFile(path.join(root, file), 'utf8')
const firstLine = (answer: string): string => answer.split('\n')[0] ?? ''

describe('replaceSymbol replaces the lines symbolSource shows', () => {
  it('TypeScript: an exported const, its statement whole; the shown text written back changes nothing', async () => {
    const file = '/** doubles */\nexport const double = (x: number): number => x * 2;\nexport const a = 1, b = 2;\n'
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/a.ts': file })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', filePath: 'src/a.ts', line: 2, character: 14 })).toBe(
      ['src/a.ts:1-2  Constant double (doc comment 1)', '1  /** doubles */', '2  export const double = (x: number): number => x * 2;'].join('\n'),
    )
    const same = { operation: 'replaceSymbol', filePath: 'src/a.ts', line: 2, character: 14, text: 'export const double = (x: number): number => x * 2;' }
    expect(await tool.execute(same)).toBe('Nothing to change: replace Constant double leaves every file as it is.')
    const applied = await tool.execute({ ...same, text: 'export const double = (x: number): number => x + x;', apply: true })
    expect(firstLine(applied)).toBe('Applied: replace Constant double: 1 edit in 1 file written.')
    expect(await read(root, 'src/a.ts')).toBe(file.replace('x * 2', 'x + x'))
    expect(typeCheck(root)).toBe('')
  }, 120_000)

  it('TypeScript: a text that opens with a comment replaces the doc comment too, so all symbolSource shows, written back, changes nothing', async () => {
    const file = 'const limit = 3\n\n/** doubles */\nexport const double = (x: number): number => x * 2;\n'
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/a.ts': file })
    const { tool } = toolOn(root)
    const at = { operation: 'replaceSymbol', filePath: 'src/a.ts', line: 4, character: 14 }
    expect(await tool.execute({ ...at, text: '/** doubles */\nexport const double = (x: number): number => x * 2;' })).toBe('Nothing to change: replace Constant double leaves every file as it is.')
    await tool.execute({ ...at, text: '/** Twice x. */\nexport const double = (x: number): number => x + x;', apply: true })
    expect(await read(root, 'src/a.ts')).toBe('const limit = 3\n\n/** Twice x. */\nexport const double = (x: number): number => x + x;\n')
    // Without a comment the doc comment stays.
    await tool.execute({ ...at, text: 'export const double = (x: number): number => 2 * x;', apply: true })
    expect(await read(root, 'src/a.ts')).toBe('const limit = 3\n\n/** Twice x. */\nexport const double = (x: number): number => 2 * x;\n')
    expect(typeCheck(root)).toBe('')
  }, 120_000)

  it('TypeScript: a declarator sharing its statement with another: only its own range, and symbolSource says so', async () => {
    const file = 'export const a = 1, b = 2;\n'
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/a.ts': file })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', filePath: 'src/a.ts', line: 1, character: 14 })).toBe(
      ['src/a.ts:1-1  Constant a (replaceSymbol replaces 1:14-1:19 only: the lines hold other code)', '1  export const a = 1, b = 2;'].join('\n'),
    )
    await tool.execute({ operation: 'replaceSymbol', filePath: 'src/a.ts', line: 1, character: 14, text: 'a = 3', apply: true })
    expect(await read(root, 'src/a.ts')).toBe('export const a = 3, b = 2;\n')
    expect(typeCheck(root)).toBe('')
  }, 120_000)

  it('TypeScript: a method on a one-line class keeps the class around it', async () => {
    const file = 'export class K { m(): number { return 1 } n(): number { return 2 } }\n'
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/k.ts': file })
    const { tool } = toolOn(root)
    await tool.execute({ operation: 'replaceSymbol', symbol: 'K.m', text: 'm(): number { return 3 }', apply: true })
    expect(await read(root, 'src/k.ts')).toBe('export class K { m(): number { return 3 } n(): number { return 2 } }\n')
  }, 120_000)

  it('C: a prototype behind a macro is replaced from the macro on, on clangd; gcc compiles it', async () => {
    const root = await tempWorkspace({})
    const files = {
      'a.h': '#define PUB(t) t\n/* size */\nPUB(int) size_of(const char *s);\n',
      'a.c': '#include "a.h"\nPUB(int) size_of(const char *s) { return s ? 1 : 0; }\n',
      'compile_commands.json': JSON.stringify([{ directory: root, file: 'a.c', arguments: ['gcc', '-c', 'a.c'] }]),
    }
    await writeFiles(root, files)
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', filePath: 'a.h', line: 3, character: 10 })).toBe(
      ['a.h:2-3  Function size_of (doc comment 2)', '2  /* size */', '3  PUB(int) size_of(const char *s);'].join('\n'),
    )
    const replace = { operation: 'replaceSymbol', filePath: 'a.h', line: 3, character: 10, text: 'PUB(int) size_of(const char *text);', apply: true }
    expect(firstLine(await tool.execute(replace))).toBe('Applied: replace Function size_of: 1 edit in 1 file written.')
    expect(await read(root, 'a.h')).toBe('#define PUB(t) t\n/* size */\nPUB(int) size_of(const char *text);\n')
    expect(execFileSync('gcc', ['-fsyntax-only', 'a.c'], { cwd: root, encoding: 'utf8' })).toBe('')
  }, 120_000)

  it('Python: a module variable is replaced with its value, on pyright; python runs it', async () => {
    const file = 'LIMIT = 10\n\n\ndef limit() -> int:\n    return LIMIT\n'
    const root = await tempWorkspace({ 'shop.py': file })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', symbol: 'LIMIT' })).toBe(['LIMIT → shop.py:1:1', 'shop.py:1-1  Constant LIMIT', '1  LIMIT = 10'].join('\n'))
    await tool.execute({ operation: 'replaceSymbol', symbol: 'LIMIT', text: 'LIMIT = 20', apply: true })
    expect(await read(root, 'shop.py')).toBe(file.replace('LIMIT = 10', 'LIMIT = 20'))
    expect(execFileSync('python3', ['-c', 'import shop; print(shop.limit())'], { cwd: root, encoding: 'utf8' })).toBe('20\n')
  }, 120_000)

  it('Python: a variable under a guard on its line keeps the guard; a multi-line value is the statement whole (python runs it)', async () => {
    const file = 'import os\nDEBUG = os.environ.get("DEBUG") == "1"\nif DEBUG: LEVEL = 1\nTIMEOUTS = {\n    "read": 5,\n    "write": 10,\n}\n'
    const root = await tempWorkspace({ 'conf.py': file })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', symbol: 'LEVEL' })).toBe(
      ['LEVEL → conf.py:3:11', 'conf.py:3-3  Constant LEVEL (replaceSymbol replaces 3:11-3:20 only: the lines hold other code)', '3  if DEBUG: LEVEL = 1'].join('\n'),
    )
    await tool.execute({ operation: 'replaceSymbol', symbol: 'LEVEL', text: 'LEVEL = 2', apply: true })
    expect(await tool.execute({ operation: 'symbolSource', symbol: 'TIMEOUTS' })).toBe(
      ['TIMEOUTS → conf.py:4:1', 'conf.py:4-7  Constant TIMEOUTS', '4  TIMEOUTS = {', '5      "read": 5,', '6      "write": 10,', '7  }'].join('\n'),
    )
    await tool.execute({ operation: 'replaceSymbol', symbol: 'TIMEOUTS', text: 'TIMEOUTS = {"read": 1}', apply: true })
    expect(await read(root, 'conf.py')).toBe('import os\nDEBUG = os.environ.get("DEBUG") == "1"\nif DEBUG: LEVEL = 2\nTIMEOUTS = {"read": 1}\n')
    expect(execFileSync('python3', ['-c', 'import conf; print(getattr(conf, "LEVEL", 0), conf.TIMEOUTS)'], { cwd: root, encoding: 'utf8' })).toBe("0 {'read': 1}\n")
  }, 120_000)

  it('TypeScript: code after the declaration on its line stays (a call, a statement after the semicolon)', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/b.ts': 'export function init() { return 1 } init();\nexport const h = 2; console.log(h);\n' })
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'symbolSource', filePath: 'src/b.ts', line: 2, character: 14 })).split('\n')[0]).toBe(
      'src/b.ts:2-2  Constant h (replaceSymbol replaces 2:1-2:20 only: the lines hold other code)',
    )
    await tool.execute({ operation: 'replaceSymbol', filePath: 'src/b.ts', line: 1, character: 17, text: 'export function init() { return 2 }', apply: true })
    await tool.execute({ operation: 'replaceSymbol', filePath: 'src/b.ts', line: 2, character: 14, text: 'export const h = 3;', apply: true })
    expect(await read(root, 'src/b.ts')).toBe('export function init() { return 2 } init();\nexport const h = 3; console.log(h);\n')
  }, 120_000)

  it('Go: a field declared with another (G, H string) is replaced with it, and the text must declare both (go build)', async () => {
    const root = await tempWorkspace({
      'go.mod': 'module example.com/r1\n\ngo 1.21\n',
      'lib/lib.go': 'package lib\n\ntype T struct {\n\tG, H string\n}\n',
      'main.go': 'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/r1/lib"\n)\n\nfunc main() { fmt.Println(lib.T{H: "h"}.H) }\n',
    })
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'symbolSource', symbol: 'T.G' })).split('\n')[1]).toBe('lib/lib.go:4-4  Field T.G (declared with H: replaceSymbol replaces the whole declaration, so its text must declare H too)')
    await expect(tool.execute({ operation: 'replaceSymbol', symbol: 'T.G', text: 'G []byte', apply: true })).rejects.toMatchObject({
      code: 'LSP_INVALID_INPUT',
      message: 'replaceSymbol of T.G replaces lib/lib.go:4:1-4:13, which declares H too, and the text does not name it; give text declaring both, or edit a range',
    })
    await tool.execute({ operation: 'replaceSymbol', symbol: 'T.G', text: 'G []byte\nH string', apply: true })
    expect(await read(root, 'lib/lib.go')).toBe('package lib\n\ntype T struct {\n\tG []byte\n\tH string\n}\n')
    expect(execFileSync('go', ['build', './...'], { cwd: root, encoding: 'utf8' })).toBe('')
  }, 120_000)

  it('C: a struct member declared with another (int x, y) is replaced with it (gcc)', async () => {
    const root = await tempWorkspace({})
    await writeFiles(root, {
      'p.c': 'struct P {\n  int x, y;\n};\nint main(void) { struct P p = {1, 2}; return p.x + p.y - 3; }\n',
      'compile_commands.json': JSON.stringify([{ directory: root, file: 'p.c', arguments: ['gcc', '-c', 'p.c'] }]),
    })
    const { tool } = toolOn(root)
    await expect(tool.execute({ operation: 'replaceSymbol', symbol: 'P.y', text: 'long y;', apply: true })).rejects.toMatchObject({ code: 'LSP_INVALID_INPUT' })
    await tool.execute({ operation: 'replaceSymbol', symbol: 'P.y', text: 'int x;\nlong y;', apply: true })
    expect(await read(root, 'p.c')).toBe('struct P {\n  int x;\n  long y;\n};\nint main(void) { struct P p = {1, 2}; return p.x + p.y - 3; }\n')
    expect(execFileSync('gcc', ['-fsyntax-only', '-Werror', 'p.c'], { cwd: root, encoding: 'utf8' })).toBe('')
  }, 120_000)
})
