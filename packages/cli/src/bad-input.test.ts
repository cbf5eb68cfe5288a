// Issue 4, "Bad input", where a real server is behind: the lsp tool on typescript-language-server,
// and the agent-lsp command through main(). Each row gets one line and a stable code; the same
// host (the tool) then answers a valid query exactly, as does the command after its rows. The tool's
// pure input checks, over a stub provider, are in tool-lsp's tool.bad-input.test.ts.
import { execFile, execFileSync } from 'node:child_process'
import { constants } from 'node:fs'
import { mkdir, mkdtemp, open, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LspToolError, createLspTool, type LspTool } from '@agent-lsp/tool-lsp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLspHost, type LspHost } from './host.js'
import { main } from './main.js'
import { grouped } from './grouped.test-support.js'

const MB = 1024 * 1024

/**
 * A 10 MB generated file: a table in comment lines (`// row 0: …`), then one declaration on its
 * last line. What is under test is ours (reading, lines, columns, a 10 MB didOpen), not tsserver's
 * checker: 300,000 declarations cost it 6 s and 885 MB alone, and over 60 s beside the other test
 * files on a loaded 2-core machine (CI failed on it); comments cost it 0.8 s and 260 MB.
 */
const bigLines: string[] = []
for (let size = 0; size < 10 * MB; ) {
  const line = `// row ${bigLines.length}: generated table entry ${bigLines.length}`
  bigLines.push(line)
  size += line.length + 1
}
bigLines.push(`export const last = ${bigLines.length};`)
const bigLineCount = bigLines.length
/** One 10 MB line, as a minified bundle has. */
const oneLine = `export const packed = [${'1,'.repeat(5 * MB)}1];`

const files: Record<string, string | Buffer> = {
  'tsconfig.json': '{ "include": ["src"] }',
  'src/a.ts': 'export const retryLimit = 3;\n',
  'src/b.ts': 'import { retryLimit } from "./a";\nexport const twice = retryLimit * 2;\n',
  // 🎉 is one code point and two UTF-16 units.
  'src/emoji.ts': ['export const tag = "🎉";', 'export const after = tag; // 🎉🎉', 'export const both = "🎉" + tag;', ''].join('\n'),
  'src/logo.ts': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  'NOTES.md': '# notes\n',
}

/** `files` plus the fixtures no object can hold: a FIFO, symlinks out of the root; `big` adds the 10 MB files. */
async function workspace(big: boolean): Promise<{ root: string; outside: string; cleanup: () => Promise<void> }> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-bad-')))
  const outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-outside-')))
  const all = big ? { ...files, 'gen/big.ts': `${bigLines.join('\n')}\n`, 'gen/packed.ts': `${oneLine}\n` } : files
  for (const [relative, content] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true })
    await writeFile(path.join(root, relative), content)
  }
  await writeFile(path.join(outside, 'secret.ts'), 'export const secret = 1\n')
  await symlink(path.join(outside, 'secret.ts'), path.join(root, 'src/escape.ts'))
  await symlink(outside, path.join(root, 'vendor'))
  const fifo = path.join(root, 'src/fifo.ts')
  execFileSync('mkfifo', [fifo])
  return {
    root,
    outside,
    async cleanup() {
      // A reader still blocked on the FIFO (the bug this must not have) is released by a writer.
      const writer = await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => undefined)
      await writer?.close()
      await rm(root, { recursive: true, force: true })
      await rm(outside, { recursive: true, force: true })
    },
  }
}

/** `<root>`, `<outside>` and `<parent>` (of the root) in a string, filled in. */
function filler(root: string, outside: string): (text: string) => string {
  return (text) => text.replaceAll('<root>', root).replaceAll('<outside>', outside).replaceAll('<parent>', path.dirname(root))
}

/** A message a model or a person can read on one line: no break, no JS error prefix, no stack, bounded. */
function expectOneLine(message: string): void {
  expect(message).not.toMatch(/[\r\n\u2028\u2029]/)
  expect(message).not.toMatch(/^(?:\w*Error|Error):|\bat .+:\d+:\d+/)
  expect(message.length).toBeLessThan(600)
}

const references = grouped([
  '3 references to retryLimit in 2 files',
  'src/a.ts:1:14  export const retryLimit = 3;',
  'src/b.ts:1:10  import { retryLimit } from "./a";',
  'src/b.ts:2:22  export const twice = retryLimit * 2;',
])

interface ToolRow {
  readonly name: string
  /** The tool's input; `<root>`, `<outside>`, `<parent>` in strings are filled in. */
  readonly input: Record<string, unknown>
  readonly code: string
  readonly message: string
}

const cursor = { operation: 'hover', filePath: 'src/a.ts', line: 1, character: 14 }

const toolRows: ToolRow[] = [
  {
    name: 'a file symlink leading out of the root, at a line only the outside file lacks',
    input: { ...cursor, filePath: 'src/escape.ts', line: 40 },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: 'src/escape.ts resolves to <outside>/secret.ts, outside the workspace root <root>; give a path inside it',
  },
  {
    name: 'a folder symlink leading out of the root',
    input: { operation: 'documentSymbol', filePath: 'vendor/secret.ts' },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: 'vendor/secret.ts resolves to <outside>/secret.ts, outside the workspace root <root>; give a path inside it',
  },
  {
    name: 'a path through .. out of the root',
    input: { ...cursor, filePath: 'src/../../etc/hostname' },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: 'src/../../etc/hostname resolves to <parent>/etc/hostname, outside the workspace root <root>; give a path inside it',
  },
  {
    name: 'a device elsewhere',
    input: { operation: 'diagnostics', filePath: '/dev/zero' },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: '/dev/zero is outside the workspace root <root>; give a path inside it',
  },
  {
    name: 'a missing file',
    input: { ...cursor, filePath: 'src/c.ts' },
    code: 'LSP_FILE_NOT_FOUND',
    message: 'file not found: src/c.ts (resolved to <root>/src/c.ts)',
  },
  { name: 'a directory', input: { operation: 'documentSymbol', filePath: 'src' }, code: 'LSP_FILE_NOT_FOUND', message: 'src is a directory, not a file (resolved to <root>/src)' },
  {
    name: 'a binary file with a .ts name',
    input: { ...cursor, filePath: 'src/logo.ts', line: 1, character: 1 },
    code: 'LSP_NOT_TEXT',
    message: 'src/logo.ts is not a text file: it holds NUL bytes (binary, or not UTF-8) (resolved to <root>/src/logo.ts)',
  },
  {
    name: 'a FIFO with a .ts name',
    input: { operation: 'documentSymbol', filePath: 'src/fifo.ts' },
    code: 'LSP_FILE_NOT_FOUND',
    message: 'src/fifo.ts is not a regular file (resolved to <root>/src/fifo.ts)',
  },
  { name: 'a file no server takes', input: { ...cursor, filePath: 'NOTES.md', line: 1, character: 3 }, code: 'LSP_UNAVAILABLE', message: 'no language server configured for .md' },
  {
    name: 'a line past the end of a 10 MB file',
    input: { ...cursor, filePath: 'gen/big.ts', line: bigLineCount + 1, character: 1 },
    code: 'LSP_INVALID_POSITION',
    message: `line ${bigLineCount + 1} is past the end of gen/big.ts (${bigLineCount} lines)`,
  },
  {
    name: 'a column past the end of a 10 MB line',
    input: { ...cursor, filePath: 'gen/packed.ts', line: 1, character: oneLine.length + 2 },
    code: 'LSP_INVALID_POSITION',
    message: `character ${oneLine.length + 2} is past the end of line 1 of gen/packed.ts (${oneLine.length} code points; ${oneLine.length + 1} is the end of the line)`,
  },
  {
    // 31 code points, 33 UTF-16 units: a column counted in UTF-16 lands past the end.
    name: 'a column counted in UTF-16 units on a line ending in emoji',
    input: { ...cursor, filePath: 'src/emoji.ts', line: 2, character: 33 },
    code: 'LSP_INVALID_POSITION',
    message: 'character 33 is past the end of line 2 of src/emoji.ts (31 code points; 32 is the end of the line)',
  },
  {
    name: 'page past the last page of real references',
    input: { operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 14, page: 2 },
    code: 'LSP_INVALID_INPUT',
    message: 'page 2 is past the last page (the answer has 3 rows: 1 page of up to 100)',
  },
  {
    name: 'fileFilter in the parent folder',
    input: { operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 14, fileFilter: '<parent>' },
    code: 'LSP_OUTSIDE_WORKSPACE',
    message: 'fileFilter <parent> is outside the workspace root <root>; give a file or folder inside it',
  },
  { name: 'an empty workspaceSymbol query', input: { operation: 'workspaceSymbol', query: '' }, code: 'LSP_INVALID_INPUT', message: 'query must be a symbol name, or the start of one (got "")' },
  {
    name: 'a 1 MB workspaceSymbol query',
    input: { operation: 'workspaceSymbol', query: 'v'.repeat(MB) },
    code: 'LSP_INVALID_INPUT',
    message: 'query must be at most 1000 characters long (got 1048576)',
  },
  {
    name: 'a 1 MB symbol',
    input: { operation: 'findReferences', symbol: 'value'.repeat(MB / 4) },
    code: 'LSP_INVALID_INPUT',
    message: 'symbol must be at most 1000 characters long (got 1310720)',
  },
  {
    name: 'a symbol with an empty segment',
    input: { operation: 'findReferences', symbol: 'retryLimit..toString' },
    code: 'LSP_INVALID_INPUT',
    message: 'symbol "retryLimit..toString" has an empty segment; join names with single dots, like Cart.addItem',
  },
]

describe('bad input through the lsp tool, on typescript-language-server', () => {
  let host: LspHost
  let tool: LspTool
  let fill: (text: string) => string
  let cleanup: () => Promise<void>

  beforeAll(async () => {
    const made = await workspace(true)
    cleanup = made.cleanup
    fill = filler(made.root, made.outside)
    host = createLspHost()
    const created = createLspTool(host.ctx, { workspaceRoot: made.root })
    if (!created) throw new Error('no tool')
    tool = created
    // The server starts here, not in the first row's time.
    expect(await tool.execute(cursor)).toBe('```typescript\nconst retryLimit: 3\n```')
  })

  afterAll(async () => {
    await host?.dispose()
    await cleanup?.()
  })

  it.each(toolRows)('$name: $code', async (row) => {
    const input = Object.fromEntries(Object.entries(row.input).map(([key, value]) => [key, typeof value === 'string' ? fill(value) : value]))
    const error = await tool.execute(input).then(
      (answer) => {
        throw new Error(`expected ${row.code}, got the answer ${JSON.stringify(answer.slice(0, 200))}`)
      },
      (error: unknown) => error,
    )
    expect(LspToolError.isInstance(error)).toBe(true)
    const { code, message } = error as LspToolError
    expect({ code, message }).toEqual({ code: row.code, message: fill(row.message) })
    expectOneLine(message)
    expect(await tool.execute({ operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 14 })).toBe(references)
  })

  it('answers in a 10 MB file, on its last line', async () => {
    expect(await tool.execute({ operation: 'hover', filePath: 'gen/big.ts', line: bigLineCount, character: 14 })).toBe(
      `\`\`\`typescript\nconst last: ${bigLineCount - 1}\n\`\`\``,
    )
  })

  it('counts columns in code points, so no column falls inside a surrogate pair', async () => {
    // `export const both = "🎉" + tag;`: tag is code point 27, UTF-16 unit 28 (1-based). Column 27
    // is tag; read as UTF-16 it would be the space before it.
    expect(await tool.execute({ operation: 'hover', filePath: 'src/emoji.ts', line: 3, character: 27 })).toBe('```typescript\nconst tag: "🎉"\n```')
    expect(await tool.execute({ operation: 'findReferences', filePath: 'src/emoji.ts', line: 3, character: 27 })).toBe(
      grouped([
        '3 references to tag',
        'src/emoji.ts:1:14  export const tag = "🎉";',
        'src/emoji.ts:2:22  export const after = tag; // 🎉🎉',
        'src/emoji.ts:3:27  export const both = "🎉" + tag;',
      ]),
    )
  })
})

interface CommandRow {
  readonly name: string
  /** After `agent-lsp`, run in the workspace root; `<root>` etc. filled in. */
  readonly argv: readonly string[]
  /** 1: a coded error, `agent-lsp: CODE: message`; 2: bad usage, the message then a pointer to --help. */
  readonly exit: 1 | 2
  /** The first line of stderr, after `agent-lsp: `. */
  readonly stderr: string
}

const help = 'Run "agent-lsp --help" for usage.'

const commandRows: CommandRow[] = [
  { name: 'column 0', argv: ['hover', 'src/a.ts:1:0'], exit: 2, stderr: 'col must be from 1 to 2147483647 (got 0)' },
  { name: 'a fractional line', argv: ['hover', 'src/a.ts:1.5:2'], exit: 2, stderr: 'expected <file>:<line>:<col> with 1-based numbers, got "src/a.ts:1.5:2"' },
  { name: 'NaN for the line', argv: ['hover', 'src/a.ts:NaN:1'], exit: 2, stderr: 'expected <file>:<line>:<col> with 1-based numbers, got "src/a.ts:NaN:1"' },
  { name: 'a file without a position', argv: ['hover', 'src/a.ts'], exit: 2, stderr: 'expected <file>:<line>:<col> with 1-based numbers, got "src/a.ts"' },
  { name: 'a fractional page', argv: ['findReferences', 'src/a.ts:1:14', '--page', '1.5'], exit: 2, stderr: '--page must be a whole number from 1 to 2147483647 (got 1.5)' },
  {
    name: 'a negative --line',
    argv: ['findReferences', '--symbol', 'retryLimit', '--line', '-3'],
    exit: 2,
    stderr: 'option --line needs a value (for one that starts with "-", write --line=VALUE)',
  },
  { name: 'a negative --line given with =', argv: ['findReferences', '--symbol', 'retryLimit', '--line=-3'], exit: 2, stderr: '--line must be a whole number from 1 to 2147483647 (got -3)' },
  { name: 'an empty <file>', argv: ['documentSymbol', ''], exit: 2, stderr: 'empty <file> after documentSymbol' },
  {
    name: 'an operation with a line break',
    argv: ['hover\nx', 'src/a.ts:1:1'],
    exit: 2,
    stderr:
      'unknown operation "hover\\nx" (expected goToDefinition, goToTypeDefinition, findReferences, goToImplementation, hover, ' +
      'signatureHelp, incomingCalls, outgoingCalls, documentSymbol, workspaceSymbol, diagnostics, completion, rename, codeActions, format, ' +
      'prepareCallHierarchy, supertypes, subtypes, workspaceDiagnostics, symbolSource, replaceSymbol, insertBefore, insertAfter, edit, moveFile, impact)',
  },
  {
    name: 'a 1 MB argument without a position',
    argv: ['hover', 'x'.repeat(MB)],
    exit: 2,
    stderr: `expected <file>:<line>:<col> with 1-based numbers, got "${'x'.repeat(59)}…"`,
  },
  { name: 'a 1 MB path with a position', argv: ['hover', `/${'d/'.repeat(MB / 2)}a.ts:1:1`], exit: 1, stderr: 'LSP_INVALID_INPUT: filePath must be at most 4096 characters long (got 1048581)' },
  {
    name: 'a 1 MB --symbol',
    argv: ['findReferences', '--symbol', 's'.repeat(MB)],
    exit: 1,
    stderr: 'LSP_INVALID_INPUT: symbol must be at most 1000 characters long (got 1048576)',
  },
  { name: 'a blank --query', argv: ['workspaceSymbol', '--query', ' '], exit: 1, stderr: 'LSP_INVALID_INPUT: query must be a symbol name, or the start of one (got " ")' },
  {
    name: 'a --symbol ending in a dot',
    argv: ['hover', '--symbol', 'retryLimit.'],
    exit: 1,
    stderr: 'LSP_INVALID_INPUT: symbol "retryLimit." has an empty segment; join names with single dots, like Cart.addItem',
  },
  {
    name: 'a column past the end of the line',
    argv: ['hover', 'src/a.ts:1:99'],
    exit: 1,
    stderr: 'LSP_INVALID_POSITION: character 99 is past the end of line 1 of src/a.ts (28 code points; 29 is the end of the line)',
  },
  { name: 'the largest line', argv: ['hover', 'src/a.ts:2147483647:1'], exit: 1, stderr: 'LSP_INVALID_POSITION: line 2147483647 is past the end of src/a.ts (1 line)' },
  {
    name: 'a path out of the root',
    argv: ['hover', '../elsewhere.ts:1:1'],
    exit: 1,
    stderr: 'LSP_OUTSIDE_WORKSPACE: <parent>/elsewhere.ts is outside the workspace root <root>; give a path inside it',
  },
  {
    name: 'a symlink out of the root',
    argv: ['documentSymbol', 'src/escape.ts'],
    exit: 1,
    stderr: 'LSP_OUTSIDE_WORKSPACE: <root>/src/escape.ts resolves to <outside>/secret.ts, outside the workspace root <root>; give a path inside it',
  },
  {
    name: '--file out of the root for workspaceSymbol',
    argv: ['workspaceSymbol', '--query', 'secret', '--file', 'vendor/secret.ts'],
    exit: 1,
    stderr: 'LSP_OUTSIDE_WORKSPACE: <root>/vendor/secret.ts resolves to <outside>/secret.ts, outside the workspace root <root>; give a path inside it',
  },
  {
    name: '--filter out of the root',
    argv: ['findReferences', 'src/a.ts:1:14', '--filter', '..'],
    exit: 1,
    stderr: 'LSP_OUTSIDE_WORKSPACE: --filter <parent> is outside the workspace root <root>; give a file or folder inside it',
  },
  { name: 'a missing file', argv: ['hover', 'src/c.ts:1:1'], exit: 1, stderr: 'LSP_FILE_NOT_FOUND: file not found: <root>/src/c.ts' },
  { name: 'a directory', argv: ['documentSymbol', 'src'], exit: 1, stderr: 'LSP_FILE_NOT_FOUND: <root>/src is a directory, not a file' },
  { name: 'a FIFO', argv: ['diagnostics', 'src/fifo.ts'], exit: 1, stderr: 'LSP_FILE_NOT_FOUND: <root>/src/fifo.ts is not a regular file' },
  {
    name: 'a binary file',
    argv: ['hover', 'src/logo.ts:1:1'],
    exit: 1,
    stderr: 'LSP_NOT_TEXT: <root>/src/logo.ts is not a text file: it holds NUL bytes (binary, or not UTF-8)',
  },
  {
    name: 'page past the last page',
    argv: ['findReferences', 'src/a.ts:1:14', '--page', '5'],
    exit: 1,
    stderr: 'LSP_INVALID_INPUT: page 5 is past the last page (the answer has 3 rows: 1 page of up to 100)',
  },
  {
    name: 'a file as the root',
    argv: ['hover', 'src/a.ts:1:1', '--root', 'src/a.ts'],
    exit: 1,
    stderr: 'LSP_FILE_NOT_FOUND: workspace root <root>/src/a.ts does not exist or is not a directory',
  },
  {
    name: 'a root with a line break',
    argv: ['hover', 'src/a.ts:1:1', '--root', 'no\nsuch'],
    exit: 1,
    stderr: 'LSP_FILE_NOT_FOUND: workspace root "<root>/no\\nsuch" does not exist or is not a directory',
  },
  {
    name: 'a 1 MB root',
    argv: ['hover', 'src/a.ts:1:1', '--root', `/${'r'.repeat(MB)}`],
    exit: 1,
    stderr: `LSP_FILE_NOT_FOUND: workspace root /${'r'.repeat(99)}…${'r'.repeat(99)} does not exist or is not a directory`,
  },
]

describe('bad input through the agent-lsp command', () => {
  let root: string
  let fill: (text: string) => string
  let cleanup: () => Promise<void>
  let env: NodeJS.ProcessEnv

  beforeAll(async () => {
    const made = await workspace(false)
    ;({ root, cleanup } = made)
    fill = filler(made.root, made.outside)
    // No user config from the machine running the tests.
    env = { ...process.env, HOME: path.join(root, 'home'), XDG_CONFIG_HOME: path.join(root, 'home/.config') }
  })

  afterAll(async () => {
    await cleanup?.()
  })

  async function run(argv: readonly string[]): Promise<{ exit: number; stdout: string; stderr: string }> {
    let stdout = ''
    let stderr = ''
    const exit = await main(argv, { cwd: root, env, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
    return { exit, stdout, stderr }
  }

  it.each(commandRows)('$name: exit $exit', async (row) => {
    const result = await run(row.argv.map((arg) => fill(arg)))
    const expected = `agent-lsp: ${fill(row.stderr)}\n${row.exit === 2 ? `${help}\n` : ''}`
    expect(result).toEqual({ exit: row.exit, stdout: '', stderr: expected })
    expectOneLine(result.stderr.split('\n')[0]!)
  })

  // Each main() above ran its own host and stopped it, so one valid query after all of the rows
  // shows that none left state behind (a cold tsserver per row cost CI two minutes).
  it('answers a valid query exactly after all of the rows above', async () => {
    expect(await run(['findReferences', 'src/a.ts:1:14'])).toEqual({ exit: 0, stdout: `${references}\n`, stderr: '' })
  })

  it('exits from the built command on a FIFO, a binary file and a line break, one line on stderr', async () => {
    // Needs `pnpm build` (as bin.test.ts does): the process as a person runs it.
    const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))
    const runBin = (args: string[]) =>
      new Promise<{ exit: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [bin, ...args], { cwd: root, env, timeout: 60_000 }, (error, stdout, stderr) =>
          resolve({ exit: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        )
      })
    expect(await runBin(['documentSymbol', 'src/fifo.ts'])).toEqual({
      exit: 1,
      stdout: '',
      stderr: `agent-lsp: LSP_FILE_NOT_FOUND: ${root}/src/fifo.ts is not a regular file\n`,
    })
    expect(await runBin(['hover', 'src/logo.ts:1:1', '--json'])).toEqual({
      exit: 1,
      stdout: `${JSON.stringify({ error: { code: 'LSP_NOT_TEXT', message: `${root}/src/logo.ts is not a text file: it holds NUL bytes (binary, or not UTF-8)` } })}\n`,
      stderr: `agent-lsp: LSP_NOT_TEXT: ${root}/src/logo.ts is not a text file: it holds NUL bytes (binary, or not UTF-8)\n`,
    })
    expect(await runBin(['hover', 'src/a.ts\n:1:1:x'])).toEqual({
      exit: 2,
      stdout: '',
      stderr: `agent-lsp: expected <file>:<line>:<col> with 1-based numbers, got "src/a.ts\\n:1:1:x"\n${help}\n`,
    })
  })

  it('prints a coded error as JSON on stdout with --json, and then answers', async () => {
    const escape = await run(['hover', 'src/escape.ts:1:1', '--json'])
    const message = fill('<root>/src/escape.ts resolves to <outside>/secret.ts, outside the workspace root <root>; give a path inside it')
    expect(escape).toEqual({
      exit: 1,
      stdout: `${JSON.stringify({ error: { code: 'LSP_OUTSIDE_WORKSPACE', message } })}\n`,
      stderr: `agent-lsp: LSP_OUTSIDE_WORKSPACE: ${message}\n`,
    })
    const huge = await run(['workspaceSymbol', '--query', 'q'.repeat(MB), '--json'])
    expect(huge.exit).toBe(1)
    expect(JSON.parse(huge.stdout)).toEqual({ error: { code: 'LSP_INVALID_INPUT', message: 'query must be at most 1000 characters long (got 1048576)' } })
    // The seam's answer: zero-based UTF-16 positions. `tag` after the emoji is code point 27 (1-based), unit 27 (0-based).
    const answer = await run(['findReferences', 'src/emoji.ts:3:27', '--json'])
    expect(answer.exit).toBe(0)
    expect(JSON.parse(answer.stdout).locations.map((l: { range: { start: unknown } }) => l.range.start)).toEqual([
      { line: 0, character: 13 },
      { line: 1, character: 21 },
      { line: 2, character: 27 },
    ])
  })
})
