// A Go method that an anonymous interface's method binds by name (debug/dwarf's readType:
// `typ.(interface{ Basic() *BasicType }).Basic()`): gopls relates a concrete method to the named
// interfaces it implements only, so its references and callers left out the call through the
// assertion, complete, and a rename was "Verified" — go build and go vet clean, and the program
// panicked at the assertion (`missing method Basic`). `go run` is the independent check.
import { execFileSync, spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeOf, tempWorkspace, toolOn } from './workspace.test-support.js'

const typeGo = [
  'package main',
  '',
  'import "fmt"',
  '',
  'type Type interface{ Size() int64 }',
  '',
  'type BasicType struct {',
  '\tName    string',
  '\tBitSize int64',
  '}',
  '',
  'func (b *BasicType) Basic() *BasicType { return b }',
  '',
  'func (b *BasicType) Size() int64 { return b.BitSize / 8 }',
  '',
  'type IntType struct{ BasicType }',
  '',
  "// as debug/dwarf's readType does: fill the embedded BasicType of whatever was made",
  'func fill(typ Type, name string) {',
  '\tt := typ.(interface {',
  '\t\tBasic() *BasicType',
  '\t}).Basic()',
  '\tt.Name = name',
  '}',
  '',
  '// a struct field of an anonymous interface type: Size is called through it',
  'type sized struct {',
  '\tof interface{ Size() int64 }',
  '}',
  '',
  'func bytes(s sized) int64 { return s.of.Size() }',
  '',
  'func main() {',
  '\tvar typ Type = &IntType{BasicType{BitSize: 64}}',
  '\tfill(typ, "int")',
  '\tfmt.Println(typ.(*IntType).Name, bytes(sized{of: typ}))',
  '}',
  '',
].join('\n')
const module = { 'go.mod': 'module example.com/dw\n\ngo 1.19\n', 'type.go': typeGo }
const go = (root: string, ...args: string[]) => spawnSync('go', args, { cwd: root, encoding: 'utf8', env: { ...process.env, GOFLAGS: '', GOPROXY: 'off' } })
const unrelated = (at: string) => `through the interface method at ${at}, which it implements but the server does not relate to it`

describe('a Go method bound by an anonymous interface (gopls does not relate them)', () => {
  it('findReferences and incomingCalls list the places through the interface as candidates, partial', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(module)
    expect(execFileSync('go', ['run', '.'], { cwd: root, encoding: 'utf8' })).toBe('int 8\n')
    const { ask, tool } = toolOn(root)
    expect((await ask('findReferences', 'type.go:12:21')).split('\n')).toEqual([
      `Partial answer (unresolved): 2 places name Basic ${unrelated('type.go:21')} (calls there may run it; they may be this symbol)`,
      '1 reference to Basic',
      'type.go:12:21  func (b *BasicType) Basic() *BasicType { return b }',
      `2 more places name Basic ${unrelated('type.go:21')} (may be this one):`,
      'type.go:21:3  Basic() *BasicType',
      'type.go:22:5  }).Basic()',
    ])
    expect((await tool.execute({ operation: 'incomingCalls', filePath: 'type.go', line: 12, character: 21 })).split('\n')).toEqual([
      `Partial answer (unresolved): 1 place names Basic ${unrelated('type.go:21')} (calls there may run it; it may be this symbol)`,
      'The server found no callers of Basic at type.go:12:21.',
      `1 more place names Basic ${unrelated('type.go:21')} (may be this one):`,
      'type.go:22:5  }).Basic()',
    ])
    // Type.Size, which gopls relates (goToImplementation lists it), is no candidate; the field's interface is.
    expect((await ask('findReferences', 'type.go:14:21')).split('\n')).toEqual([
      `Partial answer (unresolved): 2 places name Size ${unrelated('type.go:28')} (calls there may run it; they may be this symbol)`,
      '1 reference to Size',
      'type.go:14:21  func (b *BasicType) Size() int64 { return b.BitSize / 8 }',
      `2 more places name Size ${unrelated('type.go:28')} (may be this one):`,
      'type.go:28:16  of interface{ Size() int64 }',
      'type.go:31:41  func bytes(s sized) int64 { return s.of.Size() }',
    ])
  })

  it('a rename is refused; written with force, it builds and vets clean and the assertion fails at run time', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(module)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'type.go', line: 12, character: 21, newName: 'Base', apply: true } as const
    expect(await codeOf(tool.execute(rename))).toEqual([
      'LSP_EDIT_INCOMPLETE',
      `rename Basic → Base was not applied: 2 places name Basic ${unrelated('type.go:21')} (they may be this symbol); nothing was written. Rename those by hand, or apply with force: true to write it anyway`,
    ])
    expect(await readFile(path.join(root, 'type.go'), 'utf8')).toBe(typeGo)
    await tool.execute({ ...rename, force: true })
    expect([go(root, 'build', './...').status, go(root, 'vet', './...').status]).toEqual([0, 0])
    expect(go(root, 'run', '.').stderr).toContain('interface conversion: *main.IntType is not interface { Basic() *main.BasicType }: missing method Basic')
  })
})
