// gopls (Debian's, with Go 1.19) through ctx.lsp: a module of two packages, no dependencies (so
// nothing is downloaded). Exact seam values, shown 1-based by `seam.show`.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const shapeGo = `// Package shape has shapes.
package shape

// Shape is anything with an area.
type Shape interface {
	Area() float64
}

// Square is a square.
type Square struct {
	Side float64
}

// Area returns the square's area.
func (s Square) Area() float64 {
	return s.Side * s.Side
}

// Total sums the areas of shapes.
func Total(shapes []Shape) float64 {
	sum := 0.0
	for _, s := range shapes {
		sum += s.Area()
	}
	return sum
}
`
const mainGo = `package main

import (
	"fmt"

	"example.com/shop/shape"
)

func main() {
	shapes := []shape.Shape{shape.Square{Side: 2}}
	fmt.Println(shape.Total(shapes))
	fmt.Println(shape.Square{Side: 3}.Area())
}
`
const module = { 'go.mod': 'module example.com/shop\n\ngo 1.19\n', 'shape/shape.go': shapeGo, 'main.go': mainGo }

describe('gopls', () => {
  it('answers the very first findReferences of a cold server across packages', async () => {
    // gopls loads the module's packages before it answers (the first request blocks for seconds).
    const { ask, show } = await seamOn(module)
    const references = await ask({ operation: 'findReferences', filePath: 'shape/shape.go', position: { line: 14, character: 16 } })
    expect(show(references)).toEqual(['main.go:12:36', 'shape/shape.go:15:17', 'shape/shape.go:23:12'])
    expect(references.completeness).toEqual({ state: 'complete' })
  })

  it('answers definition, hover, symbols, implementations and callers', async () => {
    const { ask, show } = await seamOn(module)

    expect(show(await ask({ operation: 'goToDefinition', filePath: 'main.go', position: { line: 10, character: 20 } }))).toEqual(['shape/shape.go:20:6'])

    expect(show(await ask({ operation: 'hover', filePath: 'main.go', position: { line: 10, character: 20 } }))).toEqual([
      '```go\nfunc shape.Total(shapes []shape.Shape) float64\n```\n\nTotal sums the areas of shapes.\n\n\n[`shape.Total` on pkg.go.dev](https://pkg.go.dev/example.com/shop/shape#Total)',
    ])

    expect(show(await ask({ operation: 'documentSymbol', filePath: 'shape/shape.go' }))).toEqual([
      'Interface Shape@5:6',
      '  Method Area@6:2',
      'Struct Square@10:6',
      '  Field Side@11:2',
      'Method (Square).Area@15:17',
      'Function Total@20:6',
    ])

    // From the interface to the struct that satisfies it, and from its method to the method.
    expect(show(await ask({ operation: 'goToImplementation', filePath: 'shape/shape.go', position: { line: 4, character: 5 } }))).toEqual(['shape/shape.go:10:6'])
    expect(show(await ask({ operation: 'goToImplementation', filePath: 'shape/shape.go', position: { line: 5, character: 1 } }))).toEqual(['shape/shape.go:15:17'])

    // The module's symbols, then the standard library's (paths and lines vary with the Go installed).
    const symbols = show(await ask({ operation: 'workspaceSymbol', query: 'Square', filePath: 'main.go' }), true)
    expect(symbols.filter((symbol) => !symbol.includes(' /'))).toEqual([
      'Struct example.com/shop/shape.Square shape/shape.go:10:6',
      'Method example.com/shop/shape.Square.Area shape/shape.go:15:17',
      'Field example.com/shop/shape.Square.Side shape/shape.go:11:2',
    ])
    expect(symbols.filter((symbol) => symbol.includes(' /')).map((symbol) => symbol.split(' /')[0])).toEqual(['Variable unicode.Zanabazar_Square', 'Variable unicode._Zanabazar_Square'])

    expect(show(await ask({ operation: 'incomingCalls', filePath: 'shape/shape.go', position: { line: 19, character: 5 } }))).toEqual(['Function main ← main.go:11:20'])

    expect(show(await ask({ operation: 'goToTypeDefinition', filePath: 'main.go', position: { line: 9, character: 1 } }))).toEqual(['shape/shape.go:5:6'])
  })

  it('says at once that it could not load the workspace, rather than waiting on it', { timeout: 120_000 }, async () => {
    // The seventh trial: a tree without go.mod importing a path gopls cannot load; its "Error loading
    // workspace" progress lasts until the error is fixed, and every query waited 30 s for it to end,
    // then answered "still busy". gopls begins that progress from its first diagnosis of the
    // workspace, which races the end of its loading: a cold server answered complete at times (one
    // CI run in seven; net/http to type-check widens the race). Six cold servers, each first answer.
    for (let session = 0; session < 6; session++) {
      const { ask, show } = await seamOn({
        'lib/lib.go': 'package lib\n\nfunc Hello() string { return "hi" }\n',
        'main.go': 'package main\n\nimport (\n\t"net/http"\n\n\t"example.com/m/lib"\n)\n\nfunc main() { println(lib.Hello(), http.StatusOK) }\n',
      })
      const result = await ask({ operation: 'documentSymbol', filePath: 'lib/lib.go' })
      expect([session, show(result), result.completeness.state, result.completeness.state === 'partial' && result.completeness.reason]).toEqual([session, ['Function Hello@3:6'], 'partial', 'unconfigured'])
      expect(result.completeness.state === 'partial' && result.completeness.message).toMatch(/^go reports "Error loading workspace": /)
    }
  })

  it('says the workspace loads again once go.mod is mended, at the first answer after', { timeout: 120_000 }, async () => {
    // The eleventh trial: the first answer after a go.mod was mended still carried the failure;
    // gopls ends it from the diagnosis the change starts, which queries now wait for while a failure is shown.
    const { root, ask, show } = await seamOn({
      'go.mod': 'module example.com/m\n\ngo 1.19\n\nrequire example.com/missing v1.0.0\n',
      'main.go': 'package main\n\nfunc Hello() string { return "hi" }\n\nfunc main() { println(Hello()) }\n',
    })
    const broken = await ask({ operation: 'documentSymbol', filePath: 'main.go' })
    expect(broken.completeness.state === 'partial' && broken.completeness.message).toMatch(/^go reports "Error loading workspace": .*example\.com\/missing/)
    await writeFile(path.join(root, 'go.mod'), 'module example.com/m\n\ngo 1.19\n')
    const mended = await ask({ operation: 'findReferences', filePath: 'main.go', position: { line: 2, character: 5 } })
    expect([show(mended), mended.completeness]).toEqual([['main.go:3:6', 'main.go:5:23'], { state: 'complete' }])
  })

  // The eighth trial: each module of a go.work is a go.mod of its own, and each started a gopls
  // (~130 MB) that loaded every module of the go.work.
  it("runs one gopls for a go.work's modules, rooted at the go.work, answering across them", async () => {
    const root = await tempWorkspace({
      'go.work': 'go 1.19\n\nuse (\n\t./a\n\t./b\n)\n',
      'a/go.mod': 'module example.com/a\n\ngo 1.19\n',
      'a/lib.go': 'package a\n\nfunc Area(w, h int) int { return w * h }\n',
      'b/go.mod': 'module example.com/b\n\ngo 1.19\n',
      'b/use.go': 'package b\n\nimport "example.com/a"\n\nvar A = a.Area(2, 3)\n',
    })
    const { host, tool } = toolOn(root)
    expect(await tool.execute({ operation: 'findReferences', filePath: 'a/lib.go', line: 3, character: 6 })).toBe(
      '2 references to Area in 2 files\na/lib.go:3:6  func Area(w, h int) int { return w * h }\nb/use.go:5:11  var A = a.Area(2, 3)',
    )
    expect(await tool.execute({ operation: 'goToDefinition', filePath: 'b/use.go', line: 5, character: 11 })).toBe('Area → a/lib.go:3:6  func Area(w, h int) int { return w * h }')
    const gopls = (await host.status()).servers.filter((server) => server.serverId === 'go')
    expect(gopls.map((server) => server.root)).toEqual([root])
  })
})
