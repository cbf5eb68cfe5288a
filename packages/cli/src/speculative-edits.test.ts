// Speculative edits (issue 16, part 1) on the real typescript-language-server and pyright: a
// preview reports the errors its edit would cause, found with the edit in the servers' view only
// (overlayDiagnostics); the disk stays byte-identical and the servers' view is restored.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from './main.js'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] })
const price = 'export function price(amount: number): number {\n  return amount * 2\n}\n'
const checkout = "import { price } from './price'\n\nexport const total: number = price(3)\n"

const read = (root: string, file: string): Promise<string> => readFile(path.join(root, file), 'utf8')

describe('speculative edits on typescript-language-server', () => {
  it('replaceSymbol that breaks a caller: the preview names the exact new error; disk and server view unchanged', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/price.ts': price, 'src/checkout.ts': checkout })
    const { tool } = toolOn(root)
    const replace = { operation: 'replaceSymbol', symbol: 'price', filePath: 'src/price.ts', text: 'export function price(amount: string): number {\n  return amount.length\n}\n' }
    const answer = (await tool.execute(replace)).split('\n')
    expect(answer.slice(0, 4)).toEqual([
      'price → src/price.ts:1:17',
      'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
      "  src/checkout.ts:3:36  error  2345  Argument of type 'number' is not assignable to parameter of type 'string'.",
      'Preview: replace Function price: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
    ])
    expect(await read(root, 'src/price.ts')).toBe(price)
    expect(await read(root, 'src/checkout.ts')).toBe(checkout)
    // The servers' view is the disk's again: both files are clean.
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'src/checkout.ts' })).toBe('No diagnostics in src/checkout.ts.')
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'src/price.ts' })).toBe('No diagnostics in src/price.ts.')
  }, 120_000)

  it('a rename into a name the caller already declares: the exact new errors in both files', async () => {
    const taken = "import { price } from './price'\n\nconst cost = 1\nexport const total: number = price(cost)\n"
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/price.ts': price, 'src/checkout.ts': taken })
    const { tool } = toolOn(root)
    const answer = (await tool.execute({ operation: 'rename', filePath: 'src/price.ts', line: 1, character: 17, newName: 'cost' })).split('\n')
    expect(answer.slice(0, 7)).toEqual([
      'Warning: errors 0 → 2 if applied (in the 2 checked files), 2 new errors:',
      "  src/checkout.ts:1:10  error  2440  Import declaration conflicts with local declaration of 'cost'.",
      "  src/checkout.ts:4:30  error  2349  This expression is not callable. Type 'Number' has no call signatures.",
      // The import would also bind the local cost's places (TS merges the two declarations).
      'Warning: if applied, 2 places naming another cost would refer to the renamed price instead:',
      '  src/checkout.ts:3:7  const cost = 1',
      '  src/checkout.ts:4:35  export const total: number = cost(cost)',
      'Preview: rename price → cost: 3 edits in 2 files; nothing written. The same call with apply: true writes it.',
    ])
    expect(await read(root, 'src/price.ts')).toBe(price)
    expect(await read(root, 'src/checkout.ts')).toBe(taken)
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'src/checkout.ts' })).toBe('No diagnostics in src/checkout.ts.')
  }, 120_000)

  it('refuses to apply a rename that adds errors (a taken name, a name that is no identifier), writing nothing; force writes it', async () => {
    const taken = "import { price } from './price'\n\nconst cost = 1\nexport const total: number = price(cost)\n"
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/price.ts': price, 'src/checkout.ts': taken })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/price.ts', line: 1, character: 17, apply: true } as const
    await expect(tool.execute({ ...rename, newName: 'cost' })).rejects.toMatchObject({
      code: 'LSP_EDIT_ADDS_ERRORS',
      message:
        "rename price → cost was not applied: errors 0 → 2 if applied (in the 2 checked files), 2 new errors src/checkout.ts:1:10 error 2440 Import declaration conflicts with local declaration of 'cost'.; " +
        "src/checkout.ts:4:30 error 2349 This expression is not callable. Type 'Number' has no call signatures.; nothing was written. Preview it to see them, or apply with force: true to write it anyway",
    })
    // The trial of 2026-12-02: 'is function' was written into 29 files and then called verified.
    await expect(tool.execute({ ...rename, newName: 'is price' })).rejects.toMatchObject({ code: 'LSP_EDIT_ADDS_ERRORS' })
    expect(await read(root, 'src/price.ts')).toBe(price)
    expect(await read(root, 'src/checkout.ts')).toBe(taken)
    const forced = await tool.execute({ ...rename, newName: 'cost', force: true })
    expect(forced.split('\n')[0]).toBe("Warning: errors rose after the edit: src/checkout.ts 0 → 2 (line 1: Import declaration conflicts with local declaration of 'cost'.).")
    expect(await read(root, 'src/price.ts')).toBe('export function cost(amount: number): number {\n  return amount * 2\n}\n')
  }, 120_000)

  it('through the command: agent-lsp rename prints the warning and the new errors above the preview, writing nothing', async () => {
    const taken = "import { price } from './price'\n\nconst cost = 1\nexport const total: number = price(cost)\n"
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/price.ts': price, 'src/checkout.ts': taken })
    let stdout = ''
    const code = await main(['rename', 'src/price.ts:1:17', 'cost'], { cwd: root, stdout: (text) => void (stdout += text), stderr: () => {} })
    expect(code).toBe(0)
    expect(stdout.split('\n').slice(0, 7)).toEqual([
      'Warning: errors 0 → 2 if applied (in the 2 checked files), 2 new errors:',
      "  src/checkout.ts:1:10  error  2440  Import declaration conflicts with local declaration of 'cost'.",
      "  src/checkout.ts:4:30  error  2349  This expression is not callable. Type 'Number' has no call signatures.",
      // The import would also bind the local cost's places (TS merges the two declarations).
      'Warning: if applied, 2 places naming another cost would refer to the renamed price instead:',
      '  src/checkout.ts:3:7  const cost = 1',
      '  src/checkout.ts:4:35  export const total: number = cost(cost)',
      'Preview: rename price → cost: 3 edits in 2 files; nothing written. The same command with --apply writes it.',
    ])
    expect(await read(root, 'src/checkout.ts')).toBe(taken)
  }, 120_000)

  it('a rename that breaks nothing says errors 0 → 0', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/price.ts': price, 'src/checkout.ts': checkout })
    const { tool } = toolOn(root)
    const answer = (await tool.execute({ operation: 'rename', filePath: 'src/price.ts', line: 1, character: 17, newName: 'cost' })).split('\n')
    expect(answer.slice(0, 2)).toEqual([
      'Preview: rename price → cost: 3 edits in 2 files; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 2 checked files).',
    ])
    expect(await read(root, 'src/checkout.ts')).toBe(checkout)
  }, 120_000)
})

describe('speculative edits on pyright', () => {
  const shop = 'def add(a: int, b: int) -> int:\n    return a + b\n'
  const till = 'from shop import add\n\ntotal = add(1, 2)\n'

  it('replaceSymbol that changes a signature so a caller breaks: the exact pyright error; disk and server view unchanged', async () => {
    const root = await tempWorkspace({ 'shop.py': shop, 'till.py': till })
    const { tool } = toolOn(root)
    const replace = { operation: 'replaceSymbol', symbol: 'add', filePath: 'shop.py', text: 'def add(a: int, b: int, c: int) -> int:\n    return a + b + c\n' }
    const answer = (await tool.execute(replace)).split('\n')
    expect(answer.slice(0, 4)).toEqual([
      'add → shop.py:1:5',
      'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
      '  till.py:3:9  error  reportCallIssue  Argument missing for parameter "c"',
      'Preview: replace Function add: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
    ])
    expect(await read(root, 'shop.py')).toBe(shop)
    expect(await read(root, 'till.py')).toBe(till)
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'till.py' })).toBe('No diagnostics in till.py.')
  }, 120_000)
})
