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

  it('TypeScript: a declarator sharing its statement with another: only its own range, and symbolSource says so', async () => {
    const file = 'export const a = 1, b = 2;\n'
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/a.ts': file })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', filePath: 'src/a.ts', line: 1, character: 14 })).toBe(
      ['src/a.ts:1-1  Constant a (replaceSymbol replaces 1:14-1:19 only: the lines hold other declarations)', '1  export const a = 1, b = 2;'].join('\n'),
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
})
