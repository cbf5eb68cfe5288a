// gopls' failures that said nothing an agent could act on (the eighteenth and nineteenth
// trials): findReferences in a file its build constraints exclude (`no package metadata for
// file …`) and goToImplementation at a function (`not a type name or method`), both
// `LSP_SERVER_ERROR … (code 0)`. go vet with the other GOARCH is the check that the file is Go.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const files = {
  'go.mod': 'module example/g\n\ngo 1.19\n',
  'num/num.go': 'package num\n\nfunc Abs(x float64) float64 {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n',
  'num/num_s390x.go': 'package num\n\nfunc vectorAbs(x float64) float64 { return Abs(x) }\n',
}

/** The code and message an `execute` rejects with. */
const failure = (answer: Promise<string>): Promise<[string, string]> =>
  answer.then(
    (text) => ['answered', text],
    (error: { code: string; message: string }) => [error.code, error.message],
  )

describe('gopls failures an agent can act on', () => {
  it('say why and what to ask instead, with a stable code', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(files)
    execFileSync('go', ['vet', './...'], { cwd: root, env: { ...process.env, GOARCH: 's390x' } })
    const { tool } = toolOn(root)
    expect(await failure(tool.execute({ operation: 'findReferences', filePath: 'num/num_s390x.go', line: 3, character: 6 }))).toEqual([
      'LSP_UNAVAILABLE',
      `language server "go" cannot answer textDocument/references here: it loads no package holding this file: the file is excluded from the build by its build constraints (a //go:build line, or a _GOOS or _GOARCH suffix of its name) for the GOOS, GOARCH and tags gopls runs with, or lies outside every module (testdata, a folder starting with _ or .); ask from a file of the build, or run gopls with that GOOS/GOARCH (GOFLAGS=-tags=… for tags) in its env (it said: no package metadata for file file://${root}/num/num_s390x.go)`,
    ])
    expect(await failure(tool.execute({ operation: 'goToImplementation', filePath: 'num/num.go', line: 3, character: 6 }))).toEqual([
      'LSP_UNSUPPORTED_OPERATION',
      'language server "go" cannot answer textDocument/implementation here: goToImplementation answers for an interface, a type or a method, and the name there is none of them (a function, a variable, a constant or a package name); ask findReferences or goToDefinition there (it said: not a type name or method)',
    ])
    // The twentieth trial: at the package clause gopls finds no object, and said so as a failure of its own.
    expect(await failure(tool.execute({ operation: 'goToImplementation', filePath: 'num/num.go', line: 1, character: 9 }))).toEqual([
      'LSP_INVALID_POSITION',
      'language server "go" cannot answer textDocument/implementation here: no declared name is there (a package clause, a keyword, or a name no declaration binds); ask at a declaration or a use of the name (it said: no object found for "num")',
    ])
  })
})
