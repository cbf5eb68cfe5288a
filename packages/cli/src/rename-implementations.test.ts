// A rename of a Go method renames the methods related to it by implementation, both ways and again
// (an implementation's other interface, Lister: the ninth trial) (the eighth trial):
// gopls 0.5.0 renamed errwrap.Wrapper's WrappedErrors alone, so *wrappedError and *multierror.Error
// silently stopped implementing it — go build and go vet clean, "Verified", and a type assertion
// false at run time. `go run` is the independent check: it prints what implements the interface.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeOf, tempWorkspace, toolOn } from './workspace.test-support.js'

const lib = (name: string) =>
  [
    'package lib',
    '',
    'type Wrapper interface {',
    `\t${name}() []error`,
    '}',
    '',
    // Implemented by the same methods: renaming Wrapper's alone would leave A and B no Lister.
    'type Lister interface {',
    `\t${name}() []error`,
    '}',
    '',
    'type A struct{}',
    '',
    `func (*A) ${name}() []error { return nil }`,
    '',
    'type B struct{}',
    '',
    `func (*B) ${name}() []error { return nil }`,
    '',
    `func Count(w Wrapper) int { return len(w.${name}()) }`,
    '',
  ].join('\n')
const module = {
  'go.mod': 'module example.com/w\n\ngo 1.19\n',
  'lib/lib.go': lib('Wrapped'),
  'main.go': 'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/w/lib"\n)\n\nfunc main() {\n\tfor _, x := range []any{&lib.A{}, &lib.B{}} {\n\t\t_, ok := x.(lib.Wrapper)\n\t\t_, lists := x.(lib.Lister)\n\t\tfmt.Print(ok, lists, " ")\n\t}\n}\n',
}
const goRun = (root: string): string => execFileSync('go', ['run', '.'], { cwd: root, encoding: 'utf8', env: { ...process.env, GOFLAGS: '', GOPROXY: 'off' } })
const head = (answer: string): string[] => answer.split('\n--- a/')[0]!.split('\n')

describe('rename of a Go method on gopls renames the methods implementing it or that it implements', () => {
  it('renames an interface method with both implementations, and both types still implement the interface', async () => {
    const root = await tempWorkspace(module)
    expect(goRun(root)).toBe('true true true true ')
    const answer = await toolOn(root).tool.execute({ operation: 'rename', filePath: 'lib/lib.go', line: 4, character: 2, newName: 'Errors', apply: true })
    expect(head(answer)).toEqual([
      'Applied: rename Wrapped → Errors: 5 edits in 1 file written.',
      '  lib/lib.go',
      'Verified: findReferences of Errors finds all 2 references of Wrapped, renamed.',
      'Verified: errors 0 → 0 in the 2 checked files.',
      'Also renamed: 3 methods related to Wrapped by implementation ((*A).Wrapped, (*B).Wrapped, Lister.Wrapped), so that each type still implements the same interfaces:',
      '  lib/lib.go:13:11  func (*A) Wrapped() []error { return nil }',
      '  lib/lib.go:17:11  func (*B) Wrapped() []error { return nil }',
      '  lib/lib.go:8:2  Wrapped() []error',
    ])
    expect(await readFile(path.join(root, 'lib/lib.go'), 'utf8')).toBe(lib('Errors'))
    expect(goRun(root)).toBe('true true true true ')
  })

  it('joins into findReferences the references of the methods related by implementation, and says how each is', async () => {
    const root = await tempWorkspace(module)
    const { tool } = toolOn(root)
    const atInterface = (await tool.execute({ operation: 'findReferences', filePath: 'lib/lib.go', line: 4, character: 2 })).split('\n')
    expect(atInterface.at(-1)).toBe(
      'Joined: the references of (*A).Wrapped (lib/lib.go:13:11) and (*B).Wrapped (lib/lib.go:17:11), which implement Wrapped, and of Lister.Wrapped (lib/lib.go:8:2), which the implementations of Wrapped implement too; the server listed those of the method asked only.',
    )
  })

  it('renames a concrete method with the interface method it implements and the other implementation', async () => {
    const root = await tempWorkspace(module)
    const answer = await toolOn(root).tool.execute({ operation: 'rename', filePath: 'lib/lib.go', line: 13, character: 11, newName: 'Errors', apply: true })
    expect(head(answer)[0]).toBe('Applied: rename Wrapped → Errors: 5 edits in 1 file written.')
    expect(await readFile(path.join(root, 'lib/lib.go'), 'utf8')).toBe(lib('Errors'))
    expect(goRun(root)).toBe('true true true true ')
  })

  it('refuses to rename a method that implements an interface of the standard library, whose name it cannot rename (fmt.Stringer)', async () => {
    const main = 'package main\n\nimport "fmt"\n\ntype T struct{}\n\nfunc (T) String() string { return "t" }\n\nfunc main() { fmt.Println(T{}) }\n'
    const root = await tempWorkspace({ 'go.mod': 'module example.com/s\n\ngo 1.19\n', 'main.go': main })
    expect(goRun(root)).toBe('t\n')
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'main.go', line: 7, character: 10, newName: 'Name' } as const
    const refused = await codeOf(tool.execute({ ...rename, apply: true }))
    // gopls names fmt's Stringer and the runtime's own stringer: both outside the workspace.
    expect(refused).toEqual([
      'LSP_EDIT_INCOMPLETE',
      expect.stringMatching(/^rename String → Name was not applied: String of print\.go:\d+ \(outside the workspace\), String of error\.go:\d+ \(outside the workspace\) would keep the name String, so the types would no longer implement the same interfaces; nothing was written\. Keep the name, or apply with force: true to write it anyway$/),
    ])
    expect(await readFile(path.join(root, 'main.go'), 'utf8')).toBe(main)
    // Written anyway, fmt no longer finds a String method: what the refusal protects.
    expect(head(await tool.execute({ ...rename, apply: true, force: true }))[0]).toBe('Applied: rename String → Name: 1 edit in 1 file written.')
    expect(goRun(root)).toBe('{}\n')
  })
})
