// A Go function declared without a body and written in Go assembly (`TEXT ·fastAbs(SB)` in a
// `.s` file), as Go's own math, crypto and runtime are: gopls reads no `.s` file, so
// findReferences said `2 references`, complete, and rename --apply said "Verified" while the
// module no longer linked (the eighteenth and nineteenth trials). go build and go vet are the
// independent checks: a `·name` of the package's own (or written with its import path) is the Go
// symbol; `·name<>` is the file's static symbol and `name(SB)` a linker symbol of that name.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const files = {
  'go.mod': 'module example/g\n\ngo 1.19\n',
  'num/num.go': 'package num\n\n// fastAbs is implemented in assembly.\nfunc fastAbs(x float64) float64\n\nfunc Abs(x float64) float64 { return fastAbs(x) }\n\nfunc Twice(x float64) float64 { return twice(x) }\n\nfunc twice(x float64) float64\n',
  'num/abs_amd64.s': [
    '#include "textflag.h"',
    '',
    '// func fastAbs(x float64) float64',
    'TEXT ·fastAbs(SB),NOSPLIT,$0-16',
    '\tMOVQ x+0(FP), AX',
    '\tSHLQ $1, AX',
    '\tSHRQ $1, AX',
    '\tMOVQ AX, ret+8(FP)',
    '\tRET',
    '',
    'DATA ·fastAbs<>+0(SB)/8, $1',
    'GLOBL ·fastAbs<>(SB), RODATA, $8',
    '',
    'TEXT ·twice(SB),NOSPLIT,$16-16',
    '\tMOVQ x+0(FP), AX',
    '\tMOVQ AX, 0(SP)',
    '\tCALL example∕g∕num·fastAbs(SB)',
    '\tMOVQ 8(SP), AX',
    '\tADDQ AX, AX',
    '\tMOVQ AX, ret+8(FP)',
    '\tRET',
    '',
  ].join('\n'),
  'main.go': 'package main\n\nimport (\n\t"fmt"\n\n\t"example/g/num"\n)\n\nfunc main() { fmt.Println(num.Abs(-2), num.Twice(-2)) }\n',
}
const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off' }
const go = (root: string, ...args: string[]): string => execFileSync('go', args, { cwd: root, encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] })

describe('a Go function whose body is in Go assembly', () => {
  it('has its .s places among its references, and a rename writes them too', { timeout: 180_000 }, async () => {
    const root = await tempWorkspace(files)
    expect(go(root, 'build', './...') + go(root, 'vet', './...')).toBe('')
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'findReferences', filePath: 'num/num.go', line: 4, character: 6 })).toBe(
      [
        '4 references to fastAbs in 2 files',
        'num/abs_amd64.s',
        '4:7  TEXT ·fastAbs(SB),NOSPLIT,$0-16  (missed by the server; found by the cross-check)',
        '17:21  CALL example∕g∕num·fastAbs(SB)  (missed by the server; found by the cross-check)',
        'num/num.go',
        '4:6  func fastAbs(x float64) float64',
        '6:38  func Abs(x float64) float64 { return fastAbs(x) }',
      ].join('\n'),
    )
    const applied = await tool.execute({ operation: 'rename', filePath: 'num/num.go', line: 4, character: 6, newName: 'absFast', apply: true })
    expect(applied.split('\n').slice(0, 5)).toEqual([
      'Applied: rename fastAbs → absFast: 5 edits in 2 files written.',
      '  num/abs_amd64.s',
      '  num/num.go',
      'Verified: findReferences of absFast finds all 4 references of fastAbs, renamed.',
      'Verified: errors 0 → 0 in the 1 checked file. Not checked (no complete diagnostics): num/abs_amd64.s.',
    ])
    const assembly = await readFile(path.join(root, 'num/abs_amd64.s'), 'utf8')
    expect(assembly.split('\n').filter((line) => /fastAbs|absFast/.test(line))).toEqual([
      '// func fastAbs(x float64) float64',
      'TEXT ·absFast(SB),NOSPLIT,$0-16',
      'DATA ·fastAbs<>+0(SB)/8, $1',
      'GLOBL ·fastAbs<>(SB), RODATA, $8',
      '\tCALL example∕g∕num·absFast(SB)',
    ])
    expect(go(root, 'build', './...') + go(root, 'vet', './...')).toBe('')
  })
})
