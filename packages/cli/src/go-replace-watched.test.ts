// Two Go modules side by side, term requiring sys through `replace example.com/sys => ../sys`, no
// go.work: term's gopls reads sys's files from a folder outside its root, and was never told they
// changed. After an edit to sys's Size (a parameter more) term's main.go was "No diagnostics" and the
// edit "Verified: errors 0 → 0" while `go build` in term failed (the v28 trial, on golang.org/x/sys
// and x/term). go build is the independent check.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const files = {
  'sys/go.mod': 'module example.com/sys\n\ngo 1.19\n',
  'sys/unix/size.go': 'package unix\n\nfunc Size(fd int) int { return fd }\n',
  'term/go.mod': 'module example.com/term\n\ngo 1.19\n\nrequire example.com/sys v0.0.0\n\nreplace example.com/sys => ../sys // the sibling checkout\n',
  'term/main.go': 'package main\n\nimport "example.com/sys/unix"\n\nfunc main() { println(unix.Size(1)) }\n',
}
const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off' }

/** What `go build ./...` prints in `cwd`, empty when it passes. */
function goBuild(cwd: string): string {
  try {
    return execFileSync('go', ['build', './...'], { cwd, encoding: 'utf8', env, stdio: 'pipe' })
  } catch (error) {
    return String((error as { stderr?: string }).stderr ?? '')
  }
}

const broken = 'term/main.go: 1 error\nterm/main.go:5:34  error  WrongArgCount  not enough arguments in call to unix.Size; have (number); want (int, int)'

describe('a Go module replaced by a local folder, without go.work', () => {
  it("tells the requiring module's gopls of an edit there, and the edit is checked by it", { timeout: 180_000 }, async () => {
    const root = await tempWorkspace(files)
    expect(goBuild(path.join(root, 'term'))).toBe('')
    const { tool } = toolOn(root)
    const diagnostics = () => tool.execute({ operation: 'diagnostics', filePath: 'term/main.go' })
    expect(await diagnostics()).toBe('No diagnostics in term/main.go.')
    const applied = await tool.execute({ operation: 'edit', filePath: 'sys/unix/size.go', line: 3, character: 11, endLine: 3, endCharacter: 17, text: 'fd int, extra int', apply: true })
    expect(applied.split('\n').filter((line) => /^(Applied|Verified|Warning)/.test(line))).toEqual([
      'Warning: errors rose after the edit: term/main.go 0 → 1 (line 5: not enough arguments in call to unix.Size have (number) want (int, int)).',
      'Applied: edit sys/unix/size.go:3:11-3:17: 1 edit in 1 file written.',
    ])
    expect(goBuild(path.join(root, 'term'))).toContain('main.go:5:33: not enough arguments in call to unix.Size')
    expect(await diagnostics()).toBe(broken)

    // Written by someone else (an editor, sed): back to one parameter, then two again.
    const size = path.join(root, 'sys/unix/size.go')
    writeFileSync(size, files['sys/unix/size.go'])
    expect(await diagnostics()).toBe('No diagnostics in term/main.go.')
    writeFileSync(size, readFileSync(size, 'utf8').replace('(fd int)', '(fd int, extra int)'))
    expect(await diagnostics()).toBe(broken)
  })

  // golang.org/x/tools/gopls's own layout: `replace golang.org/x/tools => ../`, the folder holding
  // the module. Its other files are not watched (the root's tree is not followed twice): said so.
  it('says a replaced folder holding the module is not watched', { timeout: 180_000 }, async () => {
    const root = await tempWorkspace({
      'go.mod': files['sys/go.mod'],
      'unix/size.go': files['sys/unix/size.go'],
      'term/go.mod': files['term/go.mod'].replace('=> ../sys', '=> ../'),
      'term/main.go': files['term/main.go'],
    })
    expect(goBuild(path.join(root, 'term'))).toBe('')
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'term/main.go' })).toBe(
      [
        'Partial answer (unchecked): the project builds files from the workspace root (named by its go.mod or go.work), whose changes on disk are not watched: the server may judge by their text as it first read them until it is restarted',
        'No diagnostics in term/main.go.',
      ].join('\n'),
    )
  })
})
