// edit (issue 16, item 1) on the real typescript-language-server and pyright: a range replaced
// with given text, previewed with the errors it would cause in the file and in the callers of the
// symbol holding the range (the disk and the servers' view left as they were), applied and verified.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { main } from './main.js'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const read = (root: string, file: string): Promise<string> => readFile(path.join(root, file), 'utf8')

describe('edit on typescript-language-server', () => {
  const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] })
  const label = 'export function label(n: number): string {\n  return `#${n}`\n}\n'
  const page = "import { label } from './label'\n\nexport const first: string = label(1)\n"
  // `number` of `n: number`: code points 26 to 31, the end (32) exclusive.
  const retype = { operation: 'edit', filePath: 'src/label.ts', line: 1, character: 26, endLine: 1, endCharacter: 32, text: 'string' }

  it("a parameter's type changed so the caller breaks: the preview names the exact new error; disk and server view unchanged", async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/label.ts': label, 'src/page.ts': page })
    const { tool } = toolOn(root)
    const answer = (await tool.execute(retype)).split('\n')
    expect(answer).toEqual([
      'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
      "  src/page.ts:3:36  error  2345  Argument of type 'number' is not assignable to parameter of type 'string'.",
      'Preview: edit src/label.ts:1:26-1:32: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
      '--- a/src/label.ts',
      '+++ b/src/label.ts',
      '@@ -1,3 +1,3 @@',
      '-export function label(n: number): string {',
      '+export function label(n: string): string {',
      '   return `#${n}`',
      ' }',
    ])
    expect(await read(root, 'src/label.ts')).toBe(label)
    expect(await read(root, 'src/page.ts')).toBe(page)
    // The servers' view is the disk's again.
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'src/page.ts' })).toBe('No diagnostics in src/page.ts.')
  }, 120_000)

  it('over MCP (the built command): the schema offers edit, and a call previews it as the tool does', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/label.ts': label, 'src/page.ts': page })
    const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--no-daemon', '--root', root], cwd: '/', stderr: 'pipe' })
    const client = new Client({ name: 'agent-lsp-test', version: '0' })
    await client.connect(transport)
    onTestFinished(() => client.close())
    const [lsp] = (await client.listTools()).tools
    expect((lsp?.inputSchema.properties?.operation as { enum: string[] }).enum).toContain('edit')
    expect(lsp?.description).toContain('\n- edit: text replaces filePath from line, character up to endLine, endCharacter.\n')
    const called = (await client.callTool({ name: 'lsp', arguments: retype })) as { content: { text: string }[] }
    expect(called.content[0]?.text.split('\n').slice(0, 3)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
      "  src/page.ts:3:36  error  2345  Argument of type 'number' is not assignable to parameter of type 'string'.",
      'Preview: edit src/label.ts:1:26-1:32: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
    ])
    expect(await read(root, 'src/label.ts')).toBe(label)
  }, 120_000)

  it('a clean edit, previewed then applied: exactly the new text written, errors 0 → 0 verified', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/label.ts': label, 'src/page.ts': page })
    const { tool } = toolOn(root)
    // `#` of the template on line 2 (code point 11) becomes `No. `.
    const renumber = { operation: 'edit', filePath: 'src/label.ts', line: 2, character: 11, endLine: 2, endCharacter: 12, text: 'No. ' }
    expect((await tool.execute(renumber)).split('\n').slice(0, 2)).toEqual([
      'Preview: edit src/label.ts:2:11-2:12: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 2 checked files).',
    ])
    expect(await tool.execute({ ...renumber, apply: true })).toBe(
      ['Applied: edit src/label.ts:2:11-2:12: 1 edit in 1 file written.', '  src/label.ts', 'Verified: errors 0 → 0 in the 2 checked files.'].join('\n'),
    )
    expect(await read(root, 'src/label.ts')).toBe('export function label(n: number): string {\n  return `No. ${n}`\n}\n')
    expect(await read(root, 'src/page.ts')).toBe(page)
  }, 120_000)
})

describe('edit on pyright', () => {
  const shop = 'def label(n: int) -> str:\n    return f"#{n}"\n'
  const till = 'from shop import label\n\nfirst = label(1)\n'

  it("a parameter's type changed so the caller breaks: the exact pyright error; disk and server view unchanged", async () => {
    const root = await tempWorkspace({ 'shop.py': shop, 'till.py': till })
    const { tool } = toolOn(root)
    // `int` of `n: int`: code points 14 to 16, the end (17) exclusive.
    const answer = (await tool.execute({ operation: 'edit', filePath: 'shop.py', line: 1, character: 14, endLine: 1, endCharacter: 17, text: 'str' })).split('\n')
    expect(answer.slice(0, 4)).toEqual([
      'Warning: errors 0 → 1 if applied (in the 2 checked files), 1 new error:',
      '  till.py:3:15  error  reportArgumentType  Argument of type "Literal[1]" cannot be assigned to parameter "n" of type "str" in function "label"; "Literal[1]" is not assignable to "str"',
      'Preview: edit shop.py:1:14-1:17: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
      '--- a/shop.py',
    ])
    expect(await read(root, 'shop.py')).toBe(shop)
    expect(await read(root, 'till.py')).toBe(till)
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'till.py' })).toBe('No diagnostics in till.py.')
  }, 120_000)

  it('through the command, the text from stdin (--text -): a clean edit applied, exactly the new text written, errors 0 → 0 verified', async () => {
    const root = await tempWorkspace({ 'shop.py': shop, 'till.py': till })
    let stdout = ''
    let stderr = ''
    // The body's `f"#{n}"` (line 2, code points 12 to 18) becomes a call over two lines.
    const argv = ['edit', 'shop.py:2:12', '--end', '2:19', '--text', '-', '--apply']
    const io = { cwd: root, stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text), stdin: async () => 'str(\n        n\n    )' }
    expect([await main(argv, io), stderr]).toEqual([0, ''])
    expect(stdout.split('\n').slice(0, 3)).toEqual(['Applied: edit shop.py:2:12-2:19: 1 edit in 1 file written.', '  shop.py', 'Verified: errors 0 → 0 in the 2 checked files.'])
    expect(await read(root, 'shop.py')).toBe('def label(n: int) -> str:\n    return str(\n        n\n    )\n')
    expect(await read(root, 'till.py')).toBe(till)
  }, 120_000)
})
