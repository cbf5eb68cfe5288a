// bash keeps variables and functions apart: `count=1` and `count() { … }` are two symbols, `count`
// runs the function and `$count` expands the variable. bash-language-server 5.8 lists both as one
// name's references, and leads `$count` to the function; bash itself (the truth below) does not.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const scripts = {
  // The variable count (line 2) and the function count (line 3), each used twice.
  'b.sh': ['#!/bin/bash', 'count=1', 'count() { echo "$count"; }', 'count', 'echo "$count ${count}"', ''].join('\n'),
  // A function greet; a variable name assigned, then bound again by `for`; `$greet` is a variable no one sets.
  'c.sh': ['#!/bin/bash', 'greet() { echo "$1"; }', 'name=world', 'greet "$name"', 'echo "[$greet]"', 'for name in a b; do greet "$name"; done', ''].join('\n'),
}

describe('bash-language-server: variables and functions of one name', () => {
  it('lists the references of the function or of the variable asked, not of both', async () => {
    const { ask, show, root } = await seamOn(scripts)
    expect(execFileSync('bash', ['b.sh'], { cwd: root, encoding: 'utf8' })).toBe('1\n1 1\n')
    expect(execFileSync('bash', ['c.sh'], { cwd: root, encoding: 'utf8' })).toBe('world\n[]\na\nb\n')
    const references = async (filePath: string, line: number, character: number) => {
      const answer = await ask({ operation: 'findReferences', filePath, position: { line, character } })
      return [show(answer), answer.completeness.state]
    }
    // The function count, asked at its definition (it listed all six places: the variable's four too).
    expect(await references('b.sh', 2, 0)).toEqual([['b.sh:3:1', 'b.sh:4:1'], 'complete'])
    // The variable count, asked at its assignment and at an expansion inside the function.
    const variable = [['b.sh:2:1', 'b.sh:3:18', 'b.sh:5:8', 'b.sh:5:16'], 'complete']
    expect(await references('b.sh', 1, 0)).toEqual(variable)
    expect(await references('b.sh', 2, 19)).toEqual(variable)
    // Asked at `for name`: the server leads it to the `for` and its first place to `name=world`,
    // which dropped the whole script (no references, complete). One global variable in bash.
    expect(await references('c.sh', 5, 4)).toEqual([['c.sh:3:1', 'c.sh:4:9', 'c.sh:6:5', 'c.sh:6:29'], 'complete'])
    // `echo "[$greet]"` expands a variable, not the function.
    expect(await references('c.sh', 1, 0)).toEqual([['c.sh:2:1', 'c.sh:4:1', 'c.sh:6:21'], 'complete'])
  })

  it("leads a variable to its own assignment, and says so when the script sets none", async () => {
    const { ask, show } = await seamOn(scripts)
    const definition = (filePath: string, line: number, character: number) => ask({ operation: 'goToDefinition', filePath, position: { line, character } })
    // The server leads `$count` to the function count() (line 3).
    expect(show(await definition('b.sh', 4, 8))).toEqual(['b.sh:2:1'])
    expect(show(await definition('b.sh', 3, 0))).toEqual(['b.sh:3:1'])
    const unset = await definition('c.sh', 4, 8)
    expect([show(unset), unset.completeness]).toEqual([
      [],
      {
        state: 'partial',
        reason: 'unresolved',
        message: 'the server (bash) answered with the function greet, not the variable, which bash keeps apart; this script sets no variable greet (a script it sources, or the environment, may set it)',
      },
    ])
  })

  it('cross-checks a variable without adding the function as places the server missed, and renames one without warning of the other', async () => {
    const root = await tempWorkspace({ ...scripts, 'a.sh': '#!/bin/bash\nmy() { echo hi; }\nmy\necho "${my-x}"\n' })
    const { ask, tool } = toolOn(root)
    expect(await ask('findReferences', 'b.sh:3:18')).toBe(['4 references to count', 'b.sh', '2:1  count=1', '3:18  count() { echo "$count"; }', '5:8 5:16  echo "$count ${count}"'].join('\n'))
    // The rename said it "misses" `${my-x}`, and that greet of c.sh (which a.sh never sources) would refer to it.
    const preview = await tool.execute({ operation: 'rename', filePath: 'a.sh', line: 2, character: 1, newName: 'greet' })
    expect(preview.split('\n').slice(0, 2)).toEqual(['Preview: rename my → greet: 2 edits in 1 file; nothing written. The same call with apply: true writes it.', 'Errors 0 → 0 if applied (in the 1 checked file).'])
    expect(preview).not.toMatch(/misses|Warning/)
  })

  it("tells a function's local variable from another function's and the script's, also when renaming it", async () => {
    // f and g each declare `local x`; the script's x is a third variable. bash prints 1, 2, global.
    const files = { 'd.sh': ['#!/bin/bash', 'f() {', '  local x=1', '  echo "$x"', '}', 'g() {', '  local x=2', '  echo "$x"', '}', 'x=global', 'f; g', 'echo "$x"', ''].join('\n') }
    const { ask, show, root } = await seamOn(files)
    expect(execFileSync('bash', ['d.sh'], { cwd: root, encoding: 'utf8' })).toBe('1\n2\nglobal\n')
    const references = async (line: number, character: number) => {
      const answer = await ask({ operation: 'findReferences', filePath: 'd.sh', position: { line, character } })
      const counts = answer.kind === 'locations' ? answer.crossCheck?.counts : undefined
      return [show(answer), answer.completeness.state, counts?.occurrences, counts?.elsewhere]
    }
    // The cross-check finds all six places naming x (`$x` too) and counts the other variables' four as elsewhere.
    expect(await references(2, 8)).toEqual([['d.sh:3:9', 'd.sh:4:10'], 'complete', 6, 4])
    expect(await references(7, 9)).toEqual([['d.sh:7:9', 'd.sh:8:10'], 'complete', 6, 4])
    expect(await references(9, 0)).toEqual([['d.sh:10:1', 'd.sh:12:8'], 'complete', 6, 4])
    // The server renames f's own two; the rename said it "misses" the other four and refused --apply.
    const { tool } = toolOn(root)
    const preview = await tool.execute({ operation: 'rename', filePath: 'd.sh', line: 3, character: 9, newName: 'y' })
    expect(preview.split('\n')[0]).toBe('Preview: rename x → y: 2 edits in 1 file; nothing written. The same call with apply: true writes it.')
    expect(preview).not.toMatch(/misses|Warning/)
  })
})
