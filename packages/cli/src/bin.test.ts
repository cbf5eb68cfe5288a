// The built command, as a person runs it: exit codes, stdout and stderr.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { tempWorkspace } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))

function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })
    })
  })
}

const files = {
  'tsconfig.json': '{ "include": ["src"] }',
  'src/a.ts': 'export const retryLimit = 3;\n',
  'src/b.ts': 'import { retryLimit } from "./a";\nexport const twice = retryLimit * 2;\n',
  'NOTES.md': '# notes\n',
}

describe('agent-lsp', () => {
  it('prints the answer and exits 0, with --root or from the working directory', async () => {
    const root = await tempWorkspace(files)
    const stdout = grouped([
      '3 references to retryLimit in 2 files',
      'src/a.ts:1:14  export const retryLimit = 3;',
      'src/b.ts:1:10  import { retryLimit } from "./a";',
      'src/b.ts:2:22  export const twice = retryLimit * 2;',
      '',
    ])
    expect(await run(['findReferences', 'src/a.ts:1:14', '--root', root], '/')).toEqual({ code: 0, stdout, stderr: '' })
    expect(await run(['findReferences', 'src/a.ts:1:14'], root)).toEqual({ code: 0, stdout, stderr: '' })
    // File arguments are relative to the current directory, answers to the root.
    expect(await run(['findReferences', 'a.ts:1:14', '--root', '..'], `${root}/src`)).toEqual({ code: 0, stdout, stderr: '' })
  })

  it('takes --symbol in place of the cursor, a file for documentSymbol, --query for workspaceSymbol', async () => {
    const root = await tempWorkspace(files)
    expect(await run(['findReferences', '--symbol', 'retryLimit', '--file', 'src/a.ts'], root)).toEqual({
      code: 0,
      stdout: grouped([
        'retryLimit → src/a.ts:1:14',
        '3 references to retryLimit in 2 files',
        'src/a.ts:1:14  export const retryLimit = 3;',
        'src/b.ts:1:10  import { retryLimit } from "./a";',
        'src/b.ts:2:22  export const twice = retryLimit * 2;',
        '',
      ]),
      stderr: '',
    })
    expect(await run(['documentSymbol', 'src/b.ts'], root)).toEqual({ code: 0, stdout: 'src/b.ts: 1 symbol\nConstant twice  2\n', stderr: '' })
    expect(await run(['workspaceSymbol', '--query', 'retry', '--file', 'src/a.ts'], root)).toEqual({
      code: 0,
      stdout: '1 symbol matches "retry"\nConstant retryLimit  src/a.ts:1:14\n',
      stderr: '',
    })
    // Hints name the command's options, not the tool's fields (fileFilter, filePath).
    expect(await run(['findReferences', 'src/a.ts:1:14', '--filter', 'lib'], root)).toEqual({
      code: 0,
      stdout: 'No references to retryLimit under lib (3 in 2 files in all; leave out --filter to see them).\n',
      stderr: '',
    })
    expect(await run(['hover', '--symbol', 'twice', '--file', 'src/a.ts', '--json'], root)).toEqual({
      code: 1,
      stdout: '{"error":{"code":"LSP_SYMBOL_NOT_FOUND","message":"No symbol \\"twice\\" found in src/a.ts (leave out --file to search the whole workspace)."}}\n',
      stderr: 'agent-lsp: LSP_SYMBOL_NOT_FOUND: No symbol "twice" found in src/a.ts (leave out --file to search the whole workspace).\n',
    })
  })

  it('prints the seam result with --json', async () => {
    const root = await tempWorkspace(files)
    const { code, stdout } = await run(['goToDefinition', 'src/b.ts:2:22', '--json'], root)
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual({
      kind: 'locations',
      locations: [{ uri: `file://${root}/src/a.ts`, range: { start: { line: 0, character: 13 }, end: { line: 0, character: 23 } } }],
      resolvedWorkspaceRoot: root,
      completeness: { state: 'complete' },
    })
  })

  it('exits 1 with one line naming the code on error', async () => {
    const root = await tempWorkspace(files)
    expect(await run(['hover', 'src/a.ts:1:1', '--root', `${root}/missing`], root)).toEqual({
      code: 1,
      stdout: '',
      stderr: `agent-lsp: LSP_FILE_NOT_FOUND: workspace root ${root}/missing does not exist or is not a directory\n`,
    })
    expect(await run(['hover', 'NOTES.md:1:3'], root)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'agent-lsp: LSP_UNAVAILABLE: no language server configured for .md\n',
    })
    expect(await run(['hover', 'src/a.ts:9:1', '--json'], root)).toEqual({
      code: 1,
      stdout: '{"error":{"code":"LSP_INVALID_POSITION","message":"line 9 is past the end of src/a.ts (1 line)"}}\n',
      stderr: 'agent-lsp: LSP_INVALID_POSITION: line 9 is past the end of src/a.ts (1 line)\n',
    })
    expect(await run(['hover', 'src/a.ts:9:1'], root)).toEqual({
      code: 1,
      stdout: '',
      stderr: 'agent-lsp: LSP_INVALID_POSITION: line 9 is past the end of src/a.ts (1 line)\n',
    })
  })

  it('exits 2 on bad usage, and 0 for --help', async () => {
    expect(await run([], '/')).toEqual({
      code: 2,
      stdout: '',
      stderr: 'agent-lsp: missing operation and what to ask about\nRun "agent-lsp --help" for usage.\n',
    })
    expect((await run(['applyEdit', 'a.ts:1:1'], '/')).stderr).toBe(
      'agent-lsp: unknown operation "applyEdit" (expected goToDefinition, goToTypeDefinition, findReferences, goToImplementation, ' +
        'hover, signatureHelp, incomingCalls, outgoingCalls, documentSymbol, workspaceSymbol, diagnostics, completion, rename, ' +
        'codeActions, format, prepareCallHierarchy, supertypes, subtypes, workspaceDiagnostics, symbolSource, replaceSymbol, insertBefore, insertAfter, edit, moveFile, impact)\nRun "agent-lsp --help" for usage.\n',
    )
    expect((await run(['hover', 'a.ts:x'], '/')).code).toBe(2)
    const usage = (message: string) => ({ code: 2, stdout: '', stderr: `agent-lsp: ${message}\nRun "agent-lsp --help" for usage.\n` })
    expect(await run(['hover', 'a.ts:0:1'], '/')).toEqual(usage('line must be from 1 to 2147483647 (got 0)'))
    expect(await run(['hover', 'a.ts:1:99999999999999999999'], '/')).toEqual(usage('col must be from 1 to 2147483647 (got 99999999999999999999)'))
    expect(await run(['hover', 'a.ts:-1:1'], '/')).toEqual(usage('expected <file>:<line>:<col> with 1-based numbers, got "a.ts:-1:1"'))
    expect(await run(['hover', 'a.ts:1:1', '--bogus'], '/')).toEqual(usage('unknown option --bogus'))
    expect(await run(['hover', 'a.ts:1:1', '--root'], '/')).toEqual(usage('option --root needs a value'))
    expect(await run(['hover', 'a.ts:1:1', '--root', '/a', '--root', '/b'], '/')).toEqual(usage('--root given more than once'))
    expect(await run(['documentSymbol'], '/')).toEqual(usage('missing <file> after documentSymbol'))
    expect(await run(['workspaceSymbol', 'Cart'], '/')).toEqual(usage('unexpected argument "Cart" (workspaceSymbol takes --query NAME)'))
    expect(await run(['findReferences', 'a.ts:1:1', '--symbol', 'Cart'], '/')).toEqual(usage('give <file>:<line>:<col> or --symbol, not both (got "a.ts:1:1")'))
    expect(await run(['hover', '--symbol', 'Cart', '--page', '2'], '/')).toEqual(usage('hover takes no --page (its answer is not a list)'))
    const help = await run(['--help'], '/')
    expect(help.code).toBe(0)
    expect(help.stdout.split('\n')[0]).toBe('Usage: agent-lsp <operation> <file>:<line>:<col> | --symbol NAME | <file> | --query NAME [options]')
  })
})
