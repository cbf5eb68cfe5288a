// bash-language-server 5.8 through ctx.lsp: scripts sourcing a library script. Exact seam values,
// shown 1-based by `seam.show`.
import { execFileSync } from 'node:child_process'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const scripts = {
  'lib/log.sh': ['#!/usr/bin/env bash', '', '# Prints a message with a prefix.', 'log_info() {', '  echo "[info] $1"', '}', '', 'LOG_LEVEL=1', ''].join('\n'),
  'main.sh': ['#!/usr/bin/env bash', 'source ./lib/log.sh', '', 'greet() {', '  log_info "hello $1"', '}', '', 'greet world', 'log_info "level $LOG_LEVEL"', ''].join('\n'),
  'deploy.bash': ['#!/usr/bin/env bash', '. ./lib/log.sh', '', 'log_info "deploying"', ''].join('\n'),
}

describe('bash-language-server', () => {
  it('answers the very first findReferences of a cold server with every script, not nothing', async () => {
    // Until its background analysis has read the workspace it answers null; the host waits for
    // the log line that says the analysis completed.
    const { ask, show } = await seamOn(scripts)
    const references = await ask({ operation: 'findReferences', filePath: 'lib/log.sh', position: { line: 3, character: 2 } })
    expect(show(references)).toEqual(['deploy.bash:4:1', 'lib/log.sh:4:1', 'main.sh:5:3', 'main.sh:9:1'])
    expect(references.completeness).toEqual({ state: 'complete' })
  })

  it('leaves out a same-named function of a script that never sources the library, and its calls (their definition is that function)', async () => {
    // bash-language-server 5.8 lists every function of the name in the workspace as references
    // (the third trial, 2026-12-06); its goToDefinition, rename and bash itself tell them apart.
    const { ask, show } = await seamOn({ ...scripts, 'other.sh': '#!/bin/bash\nlog_info() { echo "other $*"; }\nlog_info x\n' })
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'other.sh', position: { line: 2, character: 0 } }))).toEqual(['other.sh:2:1'])
    const references = await ask({ operation: 'findReferences', filePath: 'lib/log.sh', position: { line: 3, character: 2 } })
    expect(show(references)).toEqual(['deploy.bash:4:1', 'lib/log.sh:4:1', 'main.sh:5:3', 'main.sh:9:1'])
    expect(references.completeness).toEqual({ state: 'complete' })
    // Asked from the other function: its own two places.
    expect(show(await ask({ operation: 'findReferences', filePath: 'other.sh', position: { line: 2, character: 0 } }))).toEqual(['other.sh:2:1', 'other.sh:3:1'])
  })

  it("tells a script's own redefinition of a sourced function from the library's: each has its own calls", async () => {
    // The fourth trial (v9, repro 12): g.sh sources the library, then defines log again, and bash
    // runs g's own (the truth below). Each function's references listed both, since goToDefinition
    // at g's call lists both definitions; a script's own definition is the one its calls run.
    const files = {
      'lib/common.sh': 'log() { echo "common: $*"; }\n',
      'a.sh': '#!/bin/bash\n. ./lib/common.sh\nlog a\n',
      'g.sh': '#!/bin/bash\nsource ./lib/common.sh\nlog() { echo "g own: $*"; }\nlog g\n',
    }
    const { ask, show, root } = await seamOn(files)
    expect(['a.sh', 'g.sh'].map((script) => execFileSync('bash', [script], { cwd: root, encoding: 'utf8' }))).toEqual(['common: a\n', 'g own: g\n'])
    // The server lists both definitions at g's call; bash runs g's own.
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'g.sh', position: { line: 3, character: 0 } }))).toEqual(['g.sh:3:1'])
    expect(show(await ask({ operation: 'findReferences', filePath: 'g.sh', position: { line: 2, character: 0 } }))).toEqual(['g.sh:3:1', 'g.sh:4:1'])
    expect(show(await ask({ operation: 'findReferences', filePath: 'lib/common.sh', position: { line: 0, character: 0 } }))).toEqual(['a.sh:3:1', 'lib/common.sh:1:1'])
  })

  it('answers without a script deleted since the server read it, which it still lists', async () => {
    // The seventh trial: every later findReferences failed with LSP_INTERNAL ENOENT naming the
    // deleted script (bash-language-server keeps it in its index), seconds later too.
    const { ask, show, root } = await seamOn({ 'lib/setup.sh': 'die () {\n\techo "$*" >&2\n\texit 1\n}\n', 'old.sh': '#!/bin/sh\n. lib/setup.sh\ndie "old"\n', 'new.sh': '#!/bin/sh\n. lib/setup.sh\ndie "new"\n' })
    const references = () => ask({ operation: 'findReferences', filePath: 'lib/setup.sh', position: { line: 0, character: 0 } })
    expect(show(await references())).toEqual(['lib/setup.sh:1:1', 'new.sh:3:1', 'old.sh:3:1'])
    await rm(path.join(root, 'new.sh'))
    const after = await references()
    expect([show(after), after.completeness]).toEqual([['lib/setup.sh:1:1', 'old.sh:3:1'], { state: 'complete' }])
  })

  it('refuses a rename that leaves calls in a script sourcing the library through a variable (bash runs them)', async () => {
    // The server's rename edits a.sh and the library, not b.sh, whose `log` it lists among the references (the fourth trial).
    const root = await tempWorkspace({
      'lib/common.sh': 'log() { echo "common: $*"; }\n',
      'a.sh': '#!/bin/bash\n. ./lib/common.sh\nlog a\n',
      'b.sh': '#!/bin/bash\nLIB=./lib/common.sh\nsource "$LIB"\nlog b\n',
    })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'lib/common.sh', line: 1, character: 1, newName: 'clog' } as const
    expect((await tool.execute(rename)).split('\n').filter((line) => line.startsWith('The rename misses') || line.startsWith('b.sh'))).toEqual(['The rename misses 1 reference of log:', 'b.sh:4:1  log b'])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_INCOMPLETE' })
    expect(execFileSync('bash', ['b.sh'], { cwd: root, encoding: 'utf8' })).toBe('common: b\n')
  })

  it('answers definition, hover and symbols across sourced scripts', async () => {
    const { ask, show } = await seamOn(scripts)

    // The whole function, from the script that sources it; then a variable of the library.
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'main.sh', position: { line: 4, character: 4 } }))).toEqual(['lib/log.sh:4:1'])
    expect(show(await ask({ operation: 'goToDefinition', filePath: 'main.sh', position: { line: 8, character: 20 } }))).toEqual(['lib/log.sh:8:1'])

    expect(show(await ask({ operation: 'hover', filePath: 'deploy.bash', position: { line: 3, character: 0 } }))).toEqual([
      'Function: **log_info** - *defined in lib/log.sh*\n\n```txt\nPrints a message with a prefix.\n```',
    ])
    expect(show(await ask({ operation: 'hover', filePath: 'main.sh', position: { line: 7, character: 2 } }))).toEqual(['Function: **greet** - *defined on line 4*'])

    // Flat SymbolInformation: the selection range is the whole declaration.
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'lib/log.sh' }))).toEqual(['Function log_info@4:1', 'Variable LOG_LEVEL@8:1'])
    expect(show(await ask({ operation: 'workspaceSymbol', query: 'greet', filePath: 'deploy.bash' }), true)).toEqual(['Function greet main.sh:4:1'])

    await expect(ask({ operation: 'goToImplementation', filePath: 'main.sh', position: { line: 4, character: 4 } })).rejects.toMatchObject({
      code: 'LSP_UNSUPPORTED_OPERATION',
      message: 'language server "bash" does not support goToImplementation (no implementationProvider)',
    })
  })

  it('serves a .bashrc by its name: definition into a sourced script, hover, references cross-checked as shell', async () => {
    const { ask, show } = await seamOn({ ...scripts, '.bashrc': ['source ./lib/log.sh', 'hi() {', '  log_info "hi"', '}', 'hi', ''].join('\n') })
    expect(show(await ask({ operation: 'goToDefinition', filePath: '.bashrc', position: { line: 2, character: 4 } }))).toEqual(['lib/log.sh:4:1'])
    expect(show(await ask({ operation: 'hover', filePath: '.bashrc', position: { line: 4, character: 0 } }))).toEqual(['Function: **hi** - *defined on line 2*'])
    const references = await ask({ operation: 'findReferences', filePath: '.bashrc', position: { line: 4, character: 0 } })
    expect(show(references)).toEqual(['.bashrc:2:1', '.bashrc:5:1'])
    // The cross-check reads it as shell (the bash server's family) and finds no other place.
    expect(references.completeness).toEqual({ state: 'complete' })
  })

  // The fourteenth trial: `my-func` was read as `my` (or `func`), the cross-check searched `my`,
  // and `my-func-extra` made the answer partial; bash runs both, as two functions.
  it('reads a function name with a hyphen whole: the answer names it, and a longer name holding it is another symbol', async () => {
    const root = await tempWorkspace({
      'lib.sh': '#!/bin/bash\nmy-func() { echo a; }\nmy-func-extra() { echo b; }\nmy-func\nmy-func-extra\n',
      'main.sh': '#!/bin/bash\nsource ./lib.sh\nmy-func\nmy-func-extra\n',
    })
    expect(execFileSync('bash', ['main.sh'], { cwd: root, encoding: 'utf8' })).toBe('a\nb\na\nb\n')
    const expected = ['3 references to my-func in 2 files', 'lib.sh', '2:1  my-func() { echo a; }', '4:1  my-func', 'main.sh:3:1  my-func'].join('\n')
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'lib.sh:2:1')).toBe(expected)
    expect(await ask('findReferences', 'lib.sh:2:5')).toBe(expected)
  })

  // The fifteenth trial: the cross-check added `func` of `${my-func}` (the default word when `my`
  // is unset) and the value of `x=my-func` as references the server missed; bash -x runs neither.
  it('adds no function reference from a parameter expansion\'s word or an assignment\'s value', async () => {
    const root = await tempWorkspace({
      'lib.sh': '#!/bin/bash\nmy-func() { echo "hi $1"; }\nfunc() { echo f; }\n',
      'main.sh': '#!/bin/bash\nsource ./lib.sh\nmy-func arg\necho "${my-func}" ${x:-func}\nx=my-func\nfunc\n',
    })
    expect(execFileSync('bash', ['-x', 'main.sh'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toBe('hi arg\nfunc func\nf\n')
    const { ask } = toolOn(root)
    // The assignment's value is a string naming the function (`$x` may run it), shown as such, not a reference.
    expect(await ask('findReferences', 'lib.sh:2:1')).toBe(
      ['2 references to my-func in 2 files', 'lib.sh:2:1  my-func() { echo "hi $1"; }', 'main.sh:3:1  my-func arg', '1 string names my-func (not a reference; a use by name there is not followed): main.sh:5:3'].join('\n'),
    )
    expect(await ask('findReferences', 'lib.sh:3:1')).toBe(['2 references to func in 2 files', 'lib.sh:3:1  func() { echo f; }', 'main.sh:6:1  func'].join('\n'))
  })
})
