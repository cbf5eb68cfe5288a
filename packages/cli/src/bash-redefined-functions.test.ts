// A shell function defined more than once: in both branches of an if (systemd's kernel-install
// defines log_verbose so), in case branches, inside another function, or twice in a row. bash runs
// whichever definition ran last, and every call names that one function. bash-language-server 5.8
// leads no call to a definition inside an if, case or function body (its goToDefinition is empty
// there), and from a definition only to itself.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const scripts = {
  // log_verbose defined at 3 and 5, called at 7 and 8 (the shape of kernel-install's lines 78-84).
  'k.sh': ['#!/bin/bash', 'if [ "$1" = -v ]; then', '    log_verbose() { printf "%s\\n" "$*"; }', 'else', '    log_verbose() { :; }', 'fi', 'log_verbose "one"', 'echo "$(log_verbose two)"', ''].join('\n'),
  // pick in two case branches; twice defined twice at the top; inner defined inside outer.
  'm.sh': ['#!/bin/bash', 'case "$1" in', '  a) pick() { echo a; } ;;', '  *) pick() { echo b; } ;;', 'esac', 'pick', 'twice() { echo 1; }', 'twice() { echo 2; }', 'twice', 'outer() { inner() { echo in; }; }', 'outer; inner', ''].join('\n'),
  // log_msg defined in both branches of an if in a library, which main.sh sources.
  'lib.sh': ['#!/bin/bash', 'if [ "$(uname)" = Darwin ]; then', '  log_msg() { echo "mac: $*"; }', 'else', '  log_msg() { echo "linux: $*"; }', 'fi', 'run_all() { log_msg start; log_msg end; }', ''].join('\n'),
  'main.sh': ['#!/bin/bash', 'source ./lib.sh', 'log_msg hi', ''].join('\n'),
}

describe('bash-language-server: a function defined more than once', () => {
  it('lists every definition as the definition, from a call and from each definition', async () => {
    const { ask, show, root } = await seamOn(scripts)
    expect(execFileSync('bash', ['-c', 'source ./k.sh; type -t log_verbose; source ./m.sh; type -t pick inner twice'], { cwd: root, encoding: 'utf8' })).toBe('\nfunction\nb\n2\nin\nfunction\nfunction\nfunction\n')
    const definition = async (filePath: string, line: number, character: number) => {
      const answer = await ask({ operation: 'goToDefinition', filePath, position: { line, character } })
      return [show(answer), answer.completeness.state]
    }
    const logVerbose = [['k.sh:3:5', 'k.sh:5:5'], 'complete']
    expect(await definition('k.sh', 6, 0)).toEqual(logVerbose)
    expect(await definition('k.sh', 7, 10)).toEqual(logVerbose)
    expect(await definition('k.sh', 4, 4)).toEqual(logVerbose)
    expect(await definition('k.sh', 2, 4)).toEqual(logVerbose)
    expect(await definition('m.sh', 5, 0)).toEqual([['m.sh:3:6', 'm.sh:4:6'], 'complete'])
    expect(await definition('m.sh', 8, 0)).toEqual([['m.sh:7:1', 'm.sh:8:1'], 'complete'])
    expect(await definition('m.sh', 10, 7)).toEqual([['m.sh:10:11'], 'complete'])
    expect(await definition('lib.sh', 6, 12)).toEqual([['lib.sh:3:3', 'lib.sh:5:3'], 'complete'])
  })

  it('says where a script it may source defines the function, when the server leads nowhere', async () => {
    const { ask, show } = await seamOn(scripts)
    const answer = await ask({ operation: 'goToDefinition', filePath: 'main.sh', position: { line: 2, character: 0 } })
    expect([show(answer), answer.completeness]).toEqual([
      [],
      {
        state: 'partial',
        reason: 'unresolved',
        message:
          'the server (bash) leads log_msg nowhere, and this script defines no function log_msg; bash-language-server 5.8 does not see a function defined inside an if, case or function body, and lib.sh:3:3 and lib.sh:5:3 define one (this script may source it)',
      },
    ])
  })

  it('answers the same references from every definition, and renames from any of them', async () => {
    const { ask, show } = await seamOn(scripts)
    const references = async (filePath: string, line: number, character: number) => {
      const answer = await ask({ operation: 'findReferences', filePath, position: { line, character } })
      return [show(answer), answer.completeness.state]
    }
    const logVerbose = [['k.sh:3:5', 'k.sh:5:5', 'k.sh:7:1', 'k.sh:8:9'], 'complete']
    expect(await references('k.sh', 4, 4)).toEqual(logVerbose)
    expect(await references('k.sh', 2, 4)).toEqual(logVerbose)
    expect(await references('k.sh', 6, 0)).toEqual(logVerbose)
    expect(await references('m.sh', 6, 0)).toEqual([['m.sh:7:1', 'm.sh:8:1', 'm.sh:9:1'], 'complete'])
    expect(await references('m.sh', 7, 0)).toEqual([['m.sh:7:1', 'm.sh:8:1', 'm.sh:9:1'], 'complete'])
  })

  it('renames log_verbose from its else definition without calling its calls unresolved', async () => {
    const { tool } = toolOn(await tempWorkspace(scripts))
    const preview = await tool.execute({ operation: 'rename', filePath: 'k.sh', line: 5, character: 5, newName: 'log_debug' })
    expect(preview.split('\n')[0]).toBe('Preview: rename log_verbose → log_debug: 4 edits in 1 file; nothing written. The same call with apply: true writes it.')
    expect(preview).not.toMatch(/may be this symbol|misses|Warning/)
  })
})
