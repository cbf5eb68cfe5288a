// The seventeenth trial (2026-12-07): gopls lists a use of a function as a value (`f := Work`)
// among a caller's call sites; it was counted as a call. Go's own parser is the independent check.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

describe('gopls incomingCalls of a function also used as a value', () => {
  // gopls lists `f := Work` among Caller's call sites: it was counted as a call (`1 caller of Work
  // (3 calls)`, the value use shown as the first call) and listed again as a use as a value.
  it('lists the value use once, as a value use, and counts only the calls', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'go.mod': 'module example.com/p\n\ngo 1.19\n',
      'p.go': 'package p\n\nfunc Work() error { return nil }\n\nfunc Caller() {\n\tf := Work\n\t_ = f\n\t_ = Work()\n\t_ = Work()\n}\n',
    })
    // Independent: go's own parser (gofmt -r rewrites only the calls Work() → Called()).
    const rewritten = execFileSync('gofmt', ['-r', 'Work() -> Called()', 'p.go'], { cwd: root, encoding: 'utf8' })
    expect([...rewritten.matchAll(/Called\(\)/g)].length).toBe(2)
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'incomingCalls', filePath: 'p.go', line: 3, character: 6 })).toBe(
      [
        'Partial answer (unresolved): 1 place uses Work as a value (passed or stored), where it may be called with no call naming it: callers through it are not listed',
        '1 caller of Work (2 calls)',
        '← Function Caller  p.go:8:6  _ = Work()  +1 more call at 9:6',
        '1 place uses Work as a value (it may be called through it):',
        'p.go:6:7  f := Work',
      ].join('\n'),
    )
  })
})

describe('incomingCalls of a function stored in a table written one element per line', () => {
  // The twenty-second trial: google-auth's `checkers = (\n lambda: …,\n _get_gae_credentials,\n …)`,
  // as black writes a long tuple, was no use as a value (a name alone on its line was taken for a
  // member of a multi-line import list): "No callers", complete; on one line it was partial. gopls
  // listed `[]func() string{\n getGae,\n}` as a call. Running the code is the independent check.
  const partial = (name: string) => `Partial answer (unresolved): 1 place uses ${name} as a value (passed or stored), where it may be called with no call naming it: callers through it are not listed`

  it('pyright: the tuple element is a use as a value, and the answer is partial', { timeout: 120_000 }, async () => {
    const auth = 'def get_gae():\n    return "gae"\n\n\ndef default():\n    checkers = (\n        lambda: None,\n        get_gae,\n    )\n    return [checker() for checker in checkers]\n\n\nprint(default())\n'
    const root = await tempWorkspace({ 'auth.py': auth })
    expect(execFileSync('python3', ['auth.py'], { cwd: root, encoding: 'utf8' })).toBe("[None, 'gae']\n")
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'incomingCalls', filePath: 'auth.py', line: 1, character: 5 })).toBe(
      [partial('get_gae'), 'No callers of get_gae found at auth.py:1:5 (a use as a value is not a call).', '1 place uses get_gae as a value (it may be called through it):', 'auth.py:8:9  get_gae,'].join('\n'),
    )
  })

  it('gopls: the slice element it lists as a call site is a use as a value', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'go.mod': 'module example.com/m\n\ngo 1.19\n',
      'm.go': 'package main\n\nfunc getGae() string { return "gae" }\n\nfunc main() {\n\tcheckers := []func() string{\n\t\tfunc() string { return "" },\n\t\tgetGae,\n\t}\n\tfor _, c := range checkers {\n\t\tprintln(c())\n\t}\n}\n',
    })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'incomingCalls', filePath: 'm.go', line: 3, character: 6 })).toBe(
      [partial('getGae'), 'No callers of getGae found at m.go:3:6 (a use as a value is not a call).', '1 place uses getGae as a value (it may be called through it):', 'm.go:8:3  getGae,'].join('\n'),
    )
  })
})
