// gopls loads the files of its GOOS, GOARCH and tags only: a name declared only in a file the build
// excludes (`_s390x.go`, `//go:build ignore`, `//go:build fancy`, `// +build legacy`, a package of
// `_windows.go` files alone) was answered "No symbols match", complete, by workspaceSymbol and
// "No symbol found" by a --symbol lookup. `go list`'s IgnoredGoFiles and grep are the independent check.
import { execFileSync } from 'node:child_process'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, writeFiles } from './workspace.test-support.js'

const files = {
  'go.mod': 'module example/g\n\ngo 1.19\n',
  'num/num.go': 'package num\n\nfunc Abs(x float64) float64 {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n',
  'num/num_s390x.go': 'package num\n\nfunc vectorAbs(x float64) float64 { return Abs(x) }\n\ntype vectorUnit struct {\n\tlanes int\n}\n',
  'num/gen.go': '//go:build ignore\n\npackage main\n\nfunc generateTables() {}\n',
  'num/fancy.go': '//go:build fancy\n\npackage num\n\nconst (\n\tfancyAbsLimit = 2\n)\n\nfunc fancyAbs(x float64) float64 { return Abs(x) }\n',
  'num/old.go': '// +build legacy\n\npackage num\n\nvar legacyAbs, legacyNeg = Abs, Abs\n',
  'winonly/w_windows.go': 'package winonly\n\nfunc OnlyWindows() {}\n',
}

describe('gopls: names declared only in files the build excludes', () => {
  it('make workspaceSymbol and --symbol partial, naming the file, line and why; other names stay complete', { timeout: 180_000 }, async () => {
    const root = await tempWorkspace(files)
    const go = (...args: string[]): string => execFileSync('go', args, { cwd: root, encoding: 'utf8' }).trim()
    expect(go('list', '-e', '-f', '{{.Dir}} {{.IgnoredGoFiles}}', './...', './winonly').split('\n')).toEqual([
      `${root}/num [fancy.go gen.go num_s390x.go old.go]`,
      `${root}/winonly [w_windows.go]`,
    ])
    const [goos, goarch] = go('env', 'GOOS', 'GOARCH').split('\n')
    const build = `GOOS=${goos} GOARCH=${goarch}, no tags`
    const { tool } = toolOn(root)
    const search = async (query: string): Promise<string[]> => (await tool.execute({ operation: 'workspaceSymbol', query })).split('\n')

    expect(await search('vectorAbs')).toEqual([
      `Partial answer (unconfigured): not searched: num/num_s390x.go:3 declares vectorAbs (excluded from this build: GOARCH=${goarch})`,
      'No symbols match "vectorAbs".',
    ])
    expect(await search('generateTables')).toEqual([
      `Partial answer (unconfigured): not searched: num/gen.go:5 declares generateTables (excluded from this build by //go:build ignore: ${build})`,
      'No symbols match "generateTables".',
    ])
    expect(await search('OnlyWindows')).toEqual([
      `Partial answer (unconfigured): not searched: winonly/w_windows.go:3 declares OnlyWindows (excluded from this build: GOOS=${goos})`,
      'No symbols match "OnlyWindows".',
    ])
    expect(await search('lanes')).toEqual([
      `Partial answer (unconfigured): not searched: num/num_s390x.go:6 declares lanes (excluded from this build: GOARCH=${goarch})`,
      'No symbols match "lanes".',
    ])
    // Every excluded declaration the query would match, nearest first, three named and the rest counted.
    expect(await search('Abs')).toEqual([
      `Partial answer (unconfigured): not searched: num/fancy.go:6 declares fancyAbsLimit, num/fancy.go:9 declares fancyAbs (excluded from this build by //go:build fancy: ${build}); num/num_s390x.go:3 declares vectorAbs (excluded from this build: GOARCH=${goarch}); and 1 more (num/old.go:5)`,
      '1 symbol matches "Abs"',
      'Function example/g/num.Abs  num/num.go:3:6',
    ])
    // A name no excluded file declares: complete, as before.
    expect(await search('Nothing')).toEqual(['No symbols match "Nothing".'])
    expect((await tool.execute({ operation: 'goToDefinition', symbol: 'legacyNeg' })).split('\n')).toEqual([
      `Partial search (unconfigured): not searched: num/old.go:5 declares legacyNeg (excluded from this build by // +build legacy: ${build})`,
      'No symbol "legacyNeg" found.',
    ])

    // The list follows the files: a declaration renamed, and a file made part of the build.
    await writeFiles(root, { 'num/num_s390x.go': 'package num\n\nfunc vecAbs(x float64) float64 { return Abs(x) }\n' })
    await rm(path.join(root, 'num/old.go'))
    await writeFiles(root, { 'winonly/w.go': 'package winonly\n\nfunc OnlyWindowsToo() {}\n' })
    expect(await search('vectorAbs')).toEqual(['No symbols match "vectorAbs".'])
    expect(await search('legacyNeg')).toEqual(['No symbols match "legacyNeg".'])
    expect(await search('vecAbs')).toEqual([
      `Partial answer (unconfigured): not searched: num/num_s390x.go:3 declares vecAbs (excluded from this build: GOARCH=${goarch})`,
      'No symbols match "vecAbs".',
    ])
    expect(await search('OnlyWindows')).toEqual([
      `Partial answer (unconfigured): not searched: winonly/w_windows.go:3 declares OnlyWindows (excluded from this build: GOOS=${goos})`,
      '1 symbol matches "OnlyWindows"',
      'Function example/g/winonly.OnlyWindowsToo  winonly/w.go:3:6',
    ])
  })
})
