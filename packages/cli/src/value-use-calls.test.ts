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
