// The nineteenth trial (2026-12-07): a Go method's references carried "the methods named Area may not
// all have been found: go answers workspaceSymbol with at most 100 results, and gave 100" in a
// three-file module: gopls' fuzzy matcher fills its 100 with the standard library's RegArgs, Release,
// RTA_GATEWAY … , and once the family's notes made answers partial, every such answer was partial.
// grep -rnw is the independent count.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const files = {
  'go.mod': 'module example.com/s\n\ngo 1.19\n',
  'shapes/shape.go': 'package shapes\n\ntype Shape interface {\n\tArea() float64\n}\n',
  'shapes/square.go': 'package shapes\n\ntype Square struct{ S float64 }\n\nfunc (q Square) Area() float64 { return q.S * q.S }\n',
  'main.go': 'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/s/shapes"\n)\n\nfunc main() {\n\tvar s shapes.Shape = shapes.Square{S: 2}\n\tfmt.Println(s.Area())\n}\n',
}

describe('gopls: the methods of a Go method’s family are found by their exact name', () => {
  it('answers an interface method’s references complete in a small module, whatever the standard library holds', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(files)
    expect(execFileSync('grep', ['-rnw', 'Area', '--include=*.go', '.'], { cwd: root, encoding: 'utf8' }).trim().split('\n')).toHaveLength(3)
    const { ask } = toolOn(root)
    expect((await ask('findReferences', 'shapes/shape.go:4:2')).split('\n')).toEqual([
      '3 references to Area in 3 files',
      'main.go:11:16  fmt.Println(s.Area())',
      'shapes/shape.go:4:2  Area() float64',
      'shapes/square.go:5:17  func (q Square) Area() float64 { return q.S * q.S }',
      'Joined: the references of (Square).Area (shapes/square.go:5:17), which implements Area; the server listed those of the method asked only.',
    ])
  })
})
