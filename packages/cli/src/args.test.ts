// The command line as parsed, without spawning anything.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { UsageError, parseCommand, usage, type Command } from './args.js'
import { toolInput } from './main.js'
import { tempWorkspace } from './workspace.test-support.js'

function usageError(argv: string[]): string {
  try {
    parseCommand(argv)
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return (error as UsageError).message
  }
  throw new Error(`expected a usage error for ${argv.join(' ')}`)
}

const query = (argv: string[]) => parseCommand(argv) as Extract<Command, { kind: 'query' }>

describe('parseCommand', () => {
  it('takes a cursor as <file>:<line>:<col>, the path possibly holding colons', () => {
    expect(parseCommand(['findReferences', 'src/a:b.ts:3:14', '--root', '/w'])).toEqual({
      kind: 'query',
      operation: 'findReferences',
      target: { kind: 'cursor', filePath: 'src/a:b.ts', line: 3, character: 14 },
      root: '/w',
      json: false,
    })
  })

  it('takes --symbol in place of the cursor, with --file and --line', () => {
    expect(query(['findReferences', '--symbol', 'Cart.addItem']).target).toEqual({ kind: 'symbol', symbol: 'Cart.addItem' })
    expect(query(['incomingCalls', '--symbol', 'addItem', '--file', 'src/cart.ts', '--line', '12']).target).toEqual({
      kind: 'symbol',
      symbol: 'addItem',
      filePath: 'src/cart.ts',
      line: 12,
    })
  })

  it('takes a file for documentSymbol and diagnostics, a query for workspaceSymbol', () => {
    expect(query(['documentSymbol', 'src/cart.ts']).target).toEqual({ kind: 'file', filePath: 'src/cart.ts' })
    expect(query(['diagnostics', 'src/cart.ts', '--page', '2'])).toMatchObject({ target: { kind: 'file', filePath: 'src/cart.ts' }, page: 2 })
    expect(query(['workspaceSymbol', '--query', 'Cart'])).toMatchObject({ target: { kind: 'workspace', query: 'Cart' }, root: '.', json: false })
    expect(query(['workspaceSymbol', '--query', 'Cart', '--file', 'x.py', '--json']).target).toEqual({ kind: 'workspace', query: 'Cart', filePath: 'x.py' })
  })

  it('takes workspaceDiagnostics alone or with --file, --page and --filter', () => {
    expect(query(['workspaceDiagnostics']).target).toEqual({ kind: 'project' })
    expect(query(['workspaceDiagnostics', '--file', 'x.py', '--page', '2', '--filter', 'src'])).toMatchObject({ target: { kind: 'project', filePath: 'x.py' }, page: 2, fileFilter: 'src' })
    expect(usageError(['workspaceDiagnostics', 'src/a.ts'])).toBe('unexpected argument "src/a.ts" (workspaceDiagnostics takes only --file FILE)')
    expect(usageError(['workspaceDiagnostics', '--query', 'x'])).toBe(
      'workspaceDiagnostics takes no --query (it checks the whole workspace; --file FILE asks only its language server)',
    )
  })

  it('takes --page and --filter for list answers', () => {
    expect(query(['findReferences', 'a.ts:1:1', '--page', '3', '--filter', 'src/lib'])).toMatchObject({ page: 3, fileFilter: 'src/lib' })
    expect(usageError(['hover', 'a.ts:1:1', '--page', '2'])).toBe('hover takes no --page (its answer is not a list)')
    expect(usageError(['documentSymbol', 'a.ts', '--filter', 'src'])).toBe('documentSymbol takes no --filter')
    expect(usageError(['findReferences', 'a.ts:1:1', '--page', '0'])).toBe('--page must be a whole number from 1 to 2147483647 (got 0)')
    expect(usageError(['findReferences', 'a.ts:1:1', '--page', '2', '--json'])).toBe('--page and --filter shape text answers; leave them out with --json')
  })

  it('says what is missing or extra, one line each', () => {
    expect(usageError([])).toBe('missing operation and what to ask about')
    expect(usageError(['applyEdit', 'a.ts:1:1'])).toBe(
      'unknown operation "applyEdit" (expected goToDefinition, goToTypeDefinition, findReferences, goToImplementation, hover, ' +
        'signatureHelp, incomingCalls, outgoingCalls, documentSymbol, workspaceSymbol, diagnostics, completion, rename, codeActions, format, ' +
        'prepareCallHierarchy, supertypes, subtypes, workspaceDiagnostics, symbolSource, replaceSymbol, insertBefore, insertAfter, edit, moveFile, impact)',
    )
    expect(usageError(['hover'])).toBe('missing <file>:<line>:<col> or --symbol NAME after hover')
    expect(usageError(['hover', 'a.ts:1:1', '--symbol', 'x'])).toBe('give <file>:<line>:<col> or --symbol, not both (got "a.ts:1:1")')
    expect(usageError(['hover', 'a.ts:1:1', '--line', '3'])).toBe('--file and --line go with --symbol; a cursor is <file>:<line>:<col>')
    expect(usageError(['hover', '--symbol', 'x', '--line', 'two'])).toBe('--line must be a whole number from 1 to 2147483647 (got two)')
    expect(usageError(['hover', '--symbol', 'x', '--query', 'y'])).toBe('hover takes no --query (--query is for workspaceSymbol)')
    expect(usageError(['documentSymbol'])).toBe('missing <file> after documentSymbol')
    expect(usageError(['diagnostics', '--symbol', 'x', '--line', '2'])).toBe('diagnostics takes no --symbol or --line (it takes a <file> argument)')
    expect(usageError(['workspaceSymbol'])).toBe('workspaceSymbol needs --query NAME')
    expect(usageError(['workspaceSymbol', 'Cart'])).toBe('unexpected argument "Cart" (workspaceSymbol takes --query NAME)')
    expect(usageError(['workspaceSymbol', '--query', 'Cart', '--symbol', 'Cart'])).toBe('workspaceSymbol takes no --symbol (it takes --query NAME)')
    expect(usageError(['hover', 'a.ts:1:1', 'b.ts:1:1'])).toBe('unexpected argument "b.ts:1:1"')
    expect(usageError(['hover', '--symbol', 'x', '--symbol', 'y'])).toBe('--symbol given more than once')
    expect(usageError(['workspaceSymbol', '--query', ''])).toBe('--query needs a value')
    expect(usageError(['hover', 'a.ts:0:1'])).toBe('line must be from 1 to 2147483647 (got 0)')
  })

  it('documents every form', () => {
    expect(usage.split('\n').slice(0, 12)).toEqual([
      'Usage: agent-lsp <operation> <file>:<line>:<col> | --symbol NAME | <file> | --query NAME [options]',
      '',
      'Ask a language server about code, as the lsp tool does.',
      '  agent-lsp <cursor operation> <file>:<line>:<col>',
      '  agent-lsp <cursor operation> --symbol NAME [--file FILE] [--line N]',
      '      goToDefinition | goToTypeDefinition | findReferences | goToImplementation | hover | signatureHelp | incomingCalls | outgoingCalls | completion | prepareCallHierarchy | supertypes | subtypes',
      '  agent-lsp <file operation> <file>',
      '      documentSymbol | diagnostics',
      '  agent-lsp workspaceSymbol --query NAME [--file FILE]',
      '  agent-lsp workspaceDiagnostics [--file FILE]',
      "      every file's errors and warnings: the server's workspace diagnostics, else the compiler's",
      '      project check (tsc --noEmit -p tsconfig.json, pyright --outputjson); --file asks only its server',
    ])
  })
})

describe('the edit commands', () => {
  it('takes rename <cursor> NEWNAME or --symbol NAME NEWNAME, codeActions with --only, --action, and format, each with --apply', () => {
    expect(query(['rename', 'src/cart.ts:9:3', 'sum', '--apply'])).toMatchObject({
      operation: 'rename',
      target: { kind: 'cursor', filePath: 'src/cart.ts', line: 9, character: 3 },
      newName: 'sum',
      apply: true,
    })
    expect(query(['rename', '--symbol', 'Cart.total', 'sum'])).toMatchObject({ target: { kind: 'symbol', symbol: 'Cart.total' }, newName: 'sum' })
    expect(query(['codeActions', 'a.ts:1:1', '--only', 'source.organizeImports', '--action', '2', '--apply'])).toMatchObject({
      target: { kind: 'cursor', filePath: 'a.ts', line: 1, character: 1 },
      only: 'source.organizeImports',
      action: 2,
      apply: true,
    })
    expect(query(['codeActions', 'a.ts:1:1', '--action', 'Organize Imports'])).toMatchObject({ action: 'Organize Imports' })
    expect(query(['format', 'a.ts', '--apply'])).toMatchObject({ operation: 'format', target: { kind: 'file', filePath: 'a.ts' }, apply: true })
    expect(query(['completion', '--symbol', 'p'])).toMatchObject({ operation: 'completion', target: { kind: 'symbol', symbol: 'p' } })
  })

  it('refuses what does not go with each', () => {
    expect(usageError(['rename', 'a.ts:1:1'])).toBe('rename needs <file>:<line>:<col> (or --symbol NAME) and NEWNAME')
    expect(usageError(['rename', 'a.ts:1:1', 'x', 'y'])).toBe('unexpected argument "x"')
    expect(usageError(['hover', 'a.ts:1:1', '--apply'])).toBe('hover takes no --apply (it changes nothing)')
    expect(usageError(['format', 'a.ts', '--action', '1'])).toBe('format takes no --action (it is for codeActions)')
    expect(usageError(['codeActions', 'a.ts:1:1', '--apply'])).toBe('codeActions --apply needs --action N|TITLE (list the actions first)')
    expect(usageError(['rename', 'a.ts:1:1', 'x', '--force'])).toBe('--force goes with rename or moveFile --apply (it writes an edit the check refused)')
    expect(usageError(['format', 'a.ts', '--apply', '--force'])).toBe('--force goes with rename or moveFile --apply (it writes an edit the check refused)')
    expect(query(['rename', 'a.ts:1:1', 'x', '--apply', '--force'])).toMatchObject({ apply: true, force: true })
    expect(query(['findReferences', 'a.ts:1:1', '--no-cross-check'])).toMatchObject({ noCrossCheck: true })
    expect(query(['findReferences', 'a.ts:1:1'])).not.toHaveProperty('noCrossCheck')
    expect(usageError(['rename', 'a.ts:1:1', 'x', '--apply', '--json'])).toBe('--json prints the edit the server computed and writes nothing; leave out --apply or --json')
    expect(usageError(['codeActions', '--symbol', 'x'])).toBe('codeActions takes no --symbol (it takes <file>:<line>:<col>)')
  })

  it('takes --no-daemon for queries and mcp, stop with nothing else, status with --json', () => {
    expect(query(['findReferences', 'a.ts:1:1', '--no-daemon'])).toMatchObject({ noDaemon: true })
    expect(query(['findReferences', 'a.ts:1:1'])).not.toHaveProperty('noDaemon')
    expect(parseCommand(['mcp', '--no-daemon'])).toEqual({ kind: 'mcp', root: '.', noDaemon: true })
    expect(usageError(['doctor', '--no-daemon'])).toBe('doctor takes no --no-daemon (only --root DIR)')
    expect(parseCommand(['stop'])).toEqual({ kind: 'stop' })
    expect(usageError(['stop', 'now'])).toBe('unexpected argument "now" (stop takes nothing)')
    expect(usageError(['stop', '--root', '.', '--json'])).toBe('stop takes no --root or --json')
    expect(parseCommand(['status'])).toEqual({ kind: 'status', json: false })
    expect(parseCommand(['status', '--json'])).toEqual({ kind: 'status', json: true })
    expect(usageError(['status', '--root', '.'])).toBe('status takes no --root (only --json)')
    expect(usageError(['status', 'x'])).toBe('unexpected argument "x" (status takes only --json)')
  })

  it('takes --source index|live|auto for queries and mcp, once', () => {
    expect(query(['findReferences', 'a.ts:1:1', '--source', 'index'])).toMatchObject({ source: 'index' })
    expect(query(['findReferences', 'a.ts:1:1'])).not.toHaveProperty('source')
    expect(parseCommand(['mcp', '--source', 'live'])).toEqual({ kind: 'mcp', root: '.', source: 'live' })
    expect(usageError(['hover', 'a.ts:1:1', '--source', 'cache'])).toBe('--source must be auto, index, live (got cache)')
    expect(usageError(['hover', 'a.ts:1:1', '--source', 'index', '--source', 'live'])).toBe('--source given more than once')
    expect(usageError(['doctor', '--source', 'auto'])).toBe('doctor takes no --source (only --root DIR)')
    expect(usageError(['stop', '--source', 'auto'])).toBe('stop takes no --source')
  })

  it('takes --log FILE for queries and mcp, once, with a value', () => {
    expect(query(['hover', 'a.ts:1:1', '--log', 'ops.log'])).toMatchObject({ log: 'ops.log' })
    expect(query(['hover', 'a.ts:1:1'])).not.toHaveProperty('log')
    expect(parseCommand(['mcp', '--log', '/tmp/ops.log'])).toEqual({ kind: 'mcp', root: '.', log: '/tmp/ops.log' })
    expect(usageError(['hover', 'a.ts:1:1', '--log', 'a', '--log', 'b'])).toBe('--log given more than once')
    expect(usageError(['hover', 'a.ts:1:1', '--log='])).toBe('--log needs a value')
  })

  it('maps them onto the tool input', () => {
    const root = '/w'
    expect(toolInput(query(['rename', '/w/a.ts:9:3', 'sum', '--apply']), root, root)).toEqual({
      operation: 'rename',
      filePath: '/w/a.ts',
      line: 9,
      character: 3,
      newName: 'sum',
      apply: true,
    })
    expect(toolInput(query(['codeActions', '/w/a.ts:1:1', '--only', 'source', '--action', '1']), root, root)).toEqual({
      operation: 'codeActions',
      filePath: '/w/a.ts',
      line: 1,
      character: 1,
      only: 'source',
      action: 1,
    })
    expect(toolInput(query(['format', '/w/a.ts']), root, root)).toEqual({ operation: 'format', filePath: '/w/a.ts' })
    expect(toolInput(query(['format', '/w/a.ts', '--lines', '3-9']), root, root)).toEqual({ operation: 'format', filePath: '/w/a.ts', line: 3, endLine: 9 })
    expect(toolInput(query(['codeActions', '/w/a.ts:5:22', '--end', '5:34']), root, root)).toEqual({
      operation: 'codeActions',
      filePath: '/w/a.ts',
      line: 5,
      character: 22,
      endLine: 5,
      endCharacter: 34,
    })
    expect(usageError(['codeActions', 'a.ts:1:1', '--end', '5'])).toBe('--end must be LINE:COL with 1-based numbers (got 5)')
    expect(usageError(['format', 'a.ts', '--lines', '9-3'])).toBe('--lines ends before it starts (got 9-3)')
    expect(usageError(['rename', 'a.ts:1:1', 'x', '--lines', '1-2'])).toBe('rename takes no --lines (it is for format)')
  })
})

describe('the symbol operations', () => {
  it('take a cursor or --symbol, --text for the edits and --apply, mapped onto the tool input', () => {
    const root = '/w'
    expect(toolInput(query(['symbolSource', '--symbol', 'Cart.addItem', '--file', '/w/a.ts']), root, root)).toEqual({ operation: 'symbolSource', symbol: 'Cart.addItem', filePath: '/w/a.ts' })
    expect(toolInput(query(['replaceSymbol', '/w/a.ts:8:3', '--text', 'f() {}', '--apply']), root, root)).toEqual({
      operation: 'replaceSymbol',
      filePath: '/w/a.ts',
      line: 8,
      character: 3,
      text: 'f() {}',
      apply: true,
    })
    expect(toolInput(query(['insertAfter', '--symbol', 'f', '--text', 'g()']), root, root)).toEqual({ operation: 'insertAfter', symbol: 'f', text: 'g()' })
  })

  it('refuses what does not go with them', () => {
    expect(usageError(['insertBefore', '--symbol', 'f'])).toBe('insertBefore needs --text TEXT (the code to write; - reads it from stdin)')
    expect(usageError(['symbolSource', '--symbol', 'f', '--text', 'x'])).toBe('symbolSource takes no --text (it is for replaceSymbol, insertBefore, insertAfter, edit)')
    expect(usageError(['hover', 'a.ts:1:1', '--text', 'x'])).toBe('hover takes no --text (it is for replaceSymbol, insertBefore, insertAfter, edit)')
    expect(usageError(['symbolSource', '--symbol', 'f', '--apply'])).toBe('symbolSource takes no --apply (it changes nothing)')
    expect(usageError(['symbolSource', '--symbol', 'f', '--json'])).toBe('symbolSource answers text only; leave out --json')
    expect(usageError(['symbolSource', '--symbol', 'f', '--page', '2'])).toBe('symbolSource takes no --page (its answer is not a list)')
    expect(usageError(['symbolSource'])).toBe('missing <file>:<line>:<col> or --symbol NAME after symbolSource')
  })
})

describe('toolInput', () => {
  it('maps each form onto the tool input, files relative to the working directory, else to the root', async () => {
    const root = await tempWorkspace({ 'src/cart.ts': '', 'lib/x.ts': '' })
    const cwd = path.join(root, 'src')
    const input = (argv: string[]) => toolInput(query(argv), cwd, root)
    expect(input(['hover', 'cart.ts:2:3'])).toEqual({ operation: 'hover', filePath: path.join(root, 'src/cart.ts'), line: 2, character: 3 })
    expect(input(['hover', 'lib/x.ts:1:1'])).toMatchObject({ filePath: path.join(root, 'lib/x.ts') })
    expect(input(['findReferences', '--symbol', 'Cart.addItem', '--file', 'cart.ts', '--line', '4', '--page', '2', '--filter', 'lib'])).toEqual({
      operation: 'findReferences',
      symbol: 'Cart.addItem',
      filePath: path.join(root, 'src/cart.ts'),
      line: 4,
      page: 2,
      fileFilter: path.join(root, 'lib'),
    })
    expect(input(['findReferences', '--symbol', 'Cart'])).toEqual({ operation: 'findReferences', symbol: 'Cart' })
    expect(input(['documentSymbol', 'cart.ts'])).toEqual({ operation: 'documentSymbol', filePath: path.join(root, 'src/cart.ts') })
    expect(input(['workspaceSymbol', '--query', 'Cart'])).toEqual({ operation: 'workspaceSymbol', query: 'Cart' })
    expect(input(['workspaceSymbol', '--query', 'Cart', '--file', 'cart.ts'])).toEqual({
      operation: 'workspaceSymbol',
      query: 'Cart',
      filePath: path.join(root, 'src/cart.ts'),
    })
  })
})

describe('agent-lsp impact', () => {
  it('maps [--staged | REV..REV] [--depth N] [--page N] onto the tool input', () => {
    expect(toolInput(query(['impact']), '/w', '/w')).toEqual({ operation: 'impact' })
    expect(toolInput(query(['impact', '--staged', '--depth', '3']), '/w', '/w')).toEqual({ operation: 'impact', diff: 'staged', depth: 3 })
    expect(toolInput(query(['impact', 'HEAD~2..HEAD', '--page', '2', '--root', '/w']), '/w', '/w')).toEqual({ operation: 'impact', diff: 'HEAD~2..HEAD', page: 2 })
  })

  it('refuses what does not go with it, and its flags elsewhere', () => {
    expect(usageError(['impact', '--staged', 'A..B'])).toBe('give --staged or REV..REV, not both')
    expect(usageError(['impact', 'A..B', 'C..D'])).toBe('unexpected argument "C..D" (impact takes one REV..REV at most)')
    expect(usageError(['impact', '--symbol', 'f', '--apply'])).toBe('impact takes no --symbol or --apply (only [--staged] [REV..REV] [--depth N] [--page N] [--root DIR])')
    expect(usageError(['impact', '--json'])).toBe('impact answers text only; leave out --json')
    expect(usageError(['impact', '--depth', '0'])).toBe('--depth must be a whole number from 1 to 5 (got 0)')
    expect(usageError(['impact', '--depth', '9'])).toBe('--depth must be a whole number from 1 to 5 (got 9)')
    expect(usageError(['hover', 'a.ts:1:1', '--staged'])).toBe('--staged goes with impact')
    expect(usageError(['documentSymbol', 'a.ts', '--depth', '2'])).toBe('--depth goes with impact')
  })
})

describe('moveFile', () => {
  it('takes FROM TO and --apply; TO goes where FROM was found', () => {
    expect(toolInput(query(['moveFile', 'src/util.ts', 'src/lib/util.ts', '--apply']), '/w', '/w')).toEqual({
      operation: 'moveFile',
      filePath: '/w/src/util.ts',
      newPath: '/w/src/lib/util.ts',
      apply: true,
    })
  })

  it('refuses what does not go with it', () => {
    expect(query(['moveFile', 'a.ts', 'b.ts', '--apply', '--force'])).toMatchObject({ apply: true, force: true })
    expect(usageError(['moveFile', 'a.ts', 'b.ts', '--force'])).toBe('--force goes with rename or moveFile --apply (it writes an edit the check refused)')
    expect(usageError(['moveFile', 'src/util.ts'])).toBe('moveFile needs FROM and TO (the file, and where it goes)')
    expect(usageError(['moveFile', 'a.ts', 'b.ts', 'c.ts'])).toBe('unexpected argument "c.ts"')
    expect(usageError(['moveFile', 'a.ts', 'b.ts', '--symbol', 'f'])).toBe('moveFile takes no --symbol (it takes FROM TO)')
    expect(usageError(['moveFile', 'a.ts', 'b.ts', '--page', '2'])).toBe('moveFile takes no --page (its answer is not a list)')
    expect(usageError(['willRenameFiles', 'a.ts', 'b.ts'])).toMatch(/^unknown operation "willRenameFiles" \(expected .*, moveFile, impact\)$/)
  })
})
