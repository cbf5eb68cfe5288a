// Two Go modules side by side, beta requiring alpha through a replace, no go.work: a gopls per
// module, and alpha's knows nothing of beta. goToImplementation of alpha.Shape was "No
// implementations found", complete, though beta's `var _ alpha.Shape = Square{}` compiles (the
// tenth trial). go build is the independent check; with a go.work one gopls finds it.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'

const modules = {
  'alpha/go.mod': 'module example.com/alpha\n\ngo 1.19\n',
  'alpha/a.go': 'package alpha\n\ntype Shape interface{ Area() int }\n',
  'beta/go.mod': 'module example.com/beta\n\ngo 1.19\n\nrequire example.com/alpha v0.0.0\n\nreplace example.com/alpha => ../alpha\n',
  'beta/b.go': 'package beta\n\nimport "example.com/alpha"\n\ntype Square struct{}\n\nfunc (Square) Area() int { return 4 }\n\nvar _ alpha.Shape = Square{}\n',
}
const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off' }

describe('Go modules that require one another, each with its own gopls', () => {
  it('say that the requiring module was not searched, until a go.work joins them', { timeout: 120_000 }, async () => {
    const seam = await seamOn(modules)
    expect(execFileSync('go', ['vet', './...'], { cwd: path.join(seam.root, 'beta'), encoding: 'utf8', env })).toBe('')
    const asked = { operation: 'goToImplementation', filePath: 'alpha/a.go', position: { line: 2, character: 5 } } as const
    const alone = await seam.ask(asked)
    expect([seam.show(alone), alone.completeness]).toEqual([
      [],
      {
        state: 'partial',
        reason: 'unchecked',
        message: '1 other project names example.com/alpha (beta/go.mod); it has a go server of its own, not searched for goToImplementation: a go.work listing the modules (go work init ./a ./b) makes one gopls search them together',
      },
    ])
    // beta's own questions: alpha does not name it.
    expect((await seam.ask({ operation: 'findReferences', filePath: 'beta/b.go', position: { line: 4, character: 5 } })).completeness).toEqual({ state: 'complete' })

    const joined = await seamOn({ ...modules, 'go.work': 'go 1.19\n\nuse (\n\t./alpha\n\t./beta\n)\n' })
    const together = await joined.ask(asked)
    expect([joined.show(together), together.completeness]).toEqual([['beta/b.go:5:6'], { state: 'complete' }])
  })

  // 70 more modules beside them (a Go monorepo without go.work): past 64 go.mod files none was
  // read, and the answer said complete though beta requires alpha (beta's go.mod the 73rd found).
  it('reads the go.mod files of a workspace with many modules', { timeout: 120_000 }, async () => {
    const many: Record<string, string> = { ...modules }
    for (let i = 10; i < 80; i++) many[`aa${i}/go.mod`] = `module example.com/aa${i}\n\ngo 1.19\n`
    const seam = await seamOn(many)
    const answer = await seam.ask({ operation: 'goToImplementation', filePath: 'alpha/a.go', position: { line: 2, character: 5 } })
    expect(answer.completeness).toEqual({
      state: 'partial',
      reason: 'unchecked',
      message: '1 other project names example.com/alpha (beta/go.mod); it has a go server of its own, not searched for goToImplementation: a go.work listing the modules (go work init ./a ./b) makes one gopls search them together',
    })
  })
})
