// A Go method implementing an interface of the standard library (io.Writer): gopls lists the calls
// of io.Writer.Write in package io as its callers, not the workspace's own `w.Write(…)` on an
// io.Writer, which `go run` shows runs it (the eighteenth trial: `emit` missing, complete). The seam
// answers nothing outside the workspace, so the answer says what it may miss.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const writer = {
  'go.mod': 'module example.com/g9\n\ngo 1.19\n',
  'main.go': 'package main\n\nimport (\n\t"io"\n\t"os"\n)\n\ntype upper struct{ w io.Writer }\n\nfunc (u upper) Write(p []byte) (int, error) { return u.w.Write(p) }\n\nfunc emit(w io.Writer) {\n\tw.Write([]byte("via emit\\n"))\n}\n\nfunc main() {\n\temit(upper{os.Stdout})\n}\n',
}

describe('a method implementing an interface outside the workspace says the workspace calls through it are not listed', () => {
  it('incomingCalls and findReferences of upper.Write', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(writer)
    const { tool } = toolOn(root)
    const missed = (what: string) =>
      `Partial answer (unresolved): Write implements Write of io.go:97 (outside the workspace): the workspace's ${what} are not listed (the server lists those in the interface's own package only)`
    const calls = (await tool.execute({ operation: 'incomingCalls', filePath: 'main.go', line: 10, character: 16 })).split('\n')
    expect(calls).toEqual([
      missed('calls through that interface method, which may run it,'),
      '5 callers of Write',
      '← Function WriteString  external /usr/lib/go-1.19/src/io/io.go:315',
      '← Function copyBuffer  external /usr/lib/go-1.19/src/io/io.go:429',
      '← Function Read  external /usr/lib/go-1.19/src/io/io.go:575',
      '← Function Write  external /usr/lib/go-1.19/src/io/multi.go:85',
      '← Function WriteString  external /usr/lib/go-1.19/src/io/multi.go:108',
    ])
    const references = (await tool.execute({ operation: 'findReferences', filePath: 'main.go', line: 10, character: 16 })).split('\n')
    expect(references).toEqual([
      missed('references of that interface method (its calls through the interface among them)'),
      '6 references to Write in 3 files',
      'main.go:10:16  func (u upper) Write(p []byte) (int, error) { return u.w.Write(p) }',
      'external  /usr/lib/go-1.19/src/io/io.go',
      '315',
      '429',
      '575',
      'external  /usr/lib/go-1.19/src/io/multi.go',
      '85',
      '108',
    ])
  })
})
