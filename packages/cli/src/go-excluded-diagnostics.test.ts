// The eighteenth trial (2026-12-07): a Go file its build constraints exclude (`_windows.go` on
// linux) holds a type error; gopls loads no package holding it and publishes only its own warning,
// "No packages found for open file …", and `diagnostics` and `workspaceDiagnostics` answered that
// warning, complete, as if the file had been checked. `GOOS=windows go vet` is the independent check.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const files = {
  'go.mod': 'module example.com/s\n\ngo 1.19\n',
  'shapes/square.go': 'package shapes\n\ntype Square struct{ S float64 }\n\nfunc (q Square) Area() float64 { return q.S * q.S }\n',
  'shapes/win_windows.go': 'package shapes\n\nfunc winOnly() int { return "x" }\n',
}
const unchecked = 'gopls loads no package holding this file (its build constraints exclude it for the GOOS, GOARCH and tags gopls runs with, or it lies outside every module), so it was not checked'

describe('gopls: a file its build constraints exclude', () => {
  it('is said not checked, in diagnostics and workspaceDiagnostics, never answered with gopls’ warning alone', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(files)
    const vet = (() => {
      try {
        return execFileSync('go', ['vet', './...'], { cwd: root, env: { ...process.env, GOOS: 'windows', GOFLAGS: '-mod=mod' }, encoding: 'utf8', stdio: 'pipe' })
      } catch (error) {
        return String((error as { stderr?: string }).stderr)
      }
    })()
    expect(vet).toContain('shapes/win_windows.go:3:29: cannot use "x"')
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'diagnostics', filePath: 'shapes/win_windows.go' })).split('\n')).toEqual([
      `Partial answer (unconfigured): ${unchecked}: line 1`,
      'No diagnostics in shapes/win_windows.go.',
    ])
    expect((await tool.execute({ operation: 'workspaceDiagnostics' })).split('\n')).toEqual([
      `Partial answer (unconfigured): shapes/win_windows.go: ${unchecked}: line 1`,
      'No diagnostics in what was checked (from go diagnostics of each of its 2 files).',
    ])
  })

  // The twenty-sixth trial: gopls publishes [] for files under testdata/ or _dir/; go build of their folder fails.
  it('says files under testdata/ or a folder starting with _ not checked, as go build never builds them', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'go.mod': 'module example.com/r02\n\ngo 1.19\n',
      'a/a.go': 'package a\n\nfunc Price(n int) int {\n\treturn n * 2\n}\n',
      'testdata/main.go': 'package main\n\nfunc main() {\n\tvar x int = "s"\n}\n',
      '_old/old.go': 'package old\n\nfunc F() int {\n\treturn "x"\n}\n',
    })
    const build = (folder: string): string => {
      try {
        return execFileSync('go', ['build', '-o', '/dev/null', folder], { cwd: root, env: { ...process.env, GOFLAGS: '-mod=mod' }, encoding: 'utf8', stdio: 'pipe' })
      } catch (error) {
        return String((error as { stderr?: string }).stderr)
      }
    }
    expect(build('./testdata/')).toContain('testdata/main.go:4:14: cannot use "s"')
    expect(build('./_old/')).toContain('_old/old.go:4:9: cannot use "x"')
    const { tool } = toolOn(root)
    const notChecked = 'files under testdata/ or a folder whose name starts with _ or . belong to no package the go tool builds, and gopls does not diagnose them, so it was not checked; run go vet on its folder'
    for (const file of ['testdata/main.go', '_old/old.go']) {
      expect((await tool.execute({ operation: 'diagnostics', filePath: file })).split('\n')).toEqual([`Partial answer (unconfigured): ${notChecked}`, `No diagnostics in ${file}.`])
    }
    expect((await tool.execute({ operation: 'workspaceDiagnostics' })).split('\n')).toEqual([
      `Partial answer (unconfigured): _old/old.go: ${notChecked} (and 1 more of its files)`,
      'No diagnostics in what was checked (from go diagnostics of each of its 3 files).',
    ])
  })
})
