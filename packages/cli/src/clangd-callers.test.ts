// clangd 14 gives every function of one name the same identity: the calls from two programs' `main`
// came as one caller in one file, the other file's call sites shown at lines of this one that hold
// no call (the tenth trial: nettle's examples, werror's 38 calls, 26 of them then taken by the
// cross-check as "uses as a value"). grep is the independent check: report( at tool_a.c:5, tool_b.c:11, 12.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'
import { toolOn } from './workspace.test-support.js'

const project = (root: string): Record<string, string> => ({
  'lib.h': 'void report(const char *msg);\n',
  'lib.c': '#include <stdio.h>\n#include "lib.h"\nvoid report(const char *msg) { puts(msg); }\n',
  'tool_a.c': '#include "lib.h"\n\nint main(void)\n{\n  report("a1");\n  return 0;\n}\n',
  'tool_b.c': `#include "lib.h"\n${Array.from({ length: 7 }, (_, i) => `/* padding line ${i + 2} */\n`).join('')}int main(void)\n{\n  report("b1");\n  report("b2");\n  return 0;\n}\n`,
  'compile_commands.json': JSON.stringify(['lib.c', 'tool_a.c', 'tool_b.c'].map((file) => ({ directory: root, file, arguments: ['cc', '-c', file] }))),
})
const calls = ['tool_a.c:5:3', 'tool_b.c:11:3', 'tool_b.c:12:3']

describe('clangd incomingCalls of a function called from two programs\' main', () => {
  it('lists only call sites that are in the caller named, says what it left out, and the cross-check finds the rest', { timeout: 120_000 }, async () => {
    const seam = await seamOn(project)
    expect(execFileSync('grep', ['-n', 'report(', 'tool_a.c', 'tool_b.c'], { cwd: seam.root, encoding: 'utf8' })).toBe('tool_a.c:5:  report("a1");\ntool_b.c:11:  report("b1");\ntool_b.c:12:  report("b2");\n')
    // clangd names one main or the other, by turns: what it shows and what it leaves out make the three calls.
    for (const round of ['cold', 'warm', 'again']) {
      const result = await seam.ask({ operation: 'incomingCalls', filePath: 'lib.c', position: { line: 2, character: 5 } })
      const [row] = seam.show(result)
      const shown = (row ?? '').replace(/^Function main ← /, '').split(' ')
      expect(shown.length > 0 && shown.every((site) => calls.includes(site)), `${round}: ${row}`).toBe(true)
      const dropped = calls.length - shown.length
      const sites = dropped === 1 ? '1 call site' : `${dropped} call sites`
      expect(result.completeness, round).toEqual({ state: 'partial', reason: 'unresolved', message: `c gave ${sites} outside the caller it named (callers of one name in several files taken for one): left out, as where they are is unknown` })
    }
    // Through the tool the cross-check finds those left out: the three calls, and no line taken for a use as a value.
    const answer = await toolOn(seam.root).tool.execute({ operation: 'incomingCalls', filePath: 'lib.c', line: 3, character: 6 })
    expect(answer).not.toContain('as a value')
    const listed = [...answer.matchAll(/(tool_[ab]\.c):(\d+):3\b|at (\d+):3/g)].length
    expect([listed, ...calls.map((call) => answer.includes(call) || answer.includes(`at ${call.split(':')[1]}:3`))], answer).toEqual([3, true, true, true])
  })
})

// A C++ operator is called where no call names it (`a + a`); clangd places it at its keyword
// `operator`. The cross-check searched the word `operator` and took both calls for uses of
// `operator` as a value, "partial" (the tenth trial). grep is the independent check.
describe('clangd incomingCalls of a C++ operator', () => {
  it('lists the calls, complete: an operator has no name to search for', { timeout: 120_000 }, async () => {
    const seam = await seamOn((root) => ({
      'v.cpp': 'struct V {\n  int x;\n};\n\nV operator+(V a, V b) {\n  return V{a.x + b.x};\n}\n\nV twice(V a) {\n  return a + a;\n}\n\nint main() {\n  V v{1};\n  V w = operator+(v, v);\n  return twice(w).x;\n}\n',
      'compile_commands.json': JSON.stringify([{ directory: root, file: 'v.cpp', arguments: ['c++', '-c', 'v.cpp'] }]),
    }))
    expect(execFileSync('grep', ['-n', 'a + a\\|operator+(v', 'v.cpp'], { cwd: seam.root, encoding: 'utf8' })).toBe('10:  return a + a;\n15:  V w = operator+(v, v);\n')
    const answer = await toolOn(seam.root).tool.execute({ operation: 'incomingCalls', filePath: 'v.cpp', line: 5, character: 3 })
    expect(answer).toBe('2 callers of operator+\n← Function twice  v.cpp:10:12  return a + a;\n← Function main  v.cpp:15:9  V w = operator+(v, v);')
  })
})

// The twelfth trial: with every main taken for one, a call of the other program's main landed at
// the place of a call in another function of this file, and was kept as main's (nettle's
// rsa-keygen.c: uint_arg's call at line 70 shown under main, which starts at line 78).
describe("clangd incomingCalls: a call site in the file but outside the caller's body", () => {
  it('is not listed under that caller', { timeout: 120_000 }, async () => {
    const seam = await seamOn((root) => ({
      'lib.h': 'void report(const char *msg);\n',
      'lib.c': '#include <stdio.h>\n#include "lib.h"\nvoid report(const char *msg) { puts(msg); }\n',
      // report( at 3:28 in both files: in tool_a.c inside helper, in tool_b.c inside main.
      'tool_a.c': '#include "lib.h"\n\nstatic void helper(void) { report("h"); }\n\nint main(void)\n{\n  report("a");\n  helper();\n  return 0;\n}\n',
      'tool_b.c': `#include "lib.h"\nint main(void)\n{${' '.repeat(26)}report("b"); return 0; }\n`,
      'compile_commands.json': JSON.stringify(['lib.c', 'tool_a.c', 'tool_b.c'].map((file) => ({ directory: root, file, arguments: ['cc', '-c', file] }))),
    }))
    expect(execFileSync('grep', ['-n', 'report(', 'tool_a.c', 'tool_b.c'], { cwd: seam.root, encoding: 'utf8' })).toBe('tool_a.c:3:static void helper(void) { report("h"); }\ntool_a.c:7:  report("a");\ntool_b.c:3:{                          report("b"); return 0; }\n')
    for (const round of ['cold', 'warm', 'again']) {
      const rows = seam.show(await seam.ask({ operation: 'incomingCalls', filePath: 'lib.c', position: { line: 2, character: 5 } }))
      // helper's call is helper's alone; main's are main's own (whichever main clangd names).
      const main = rows.find((row) => row.startsWith('Function main ← '))
      expect([rows.filter((row) => row.includes('tool_a.c:3:28')), main === undefined || ['Function main ← tool_a.c:7:3', 'Function main ← tool_b.c:3:28'].includes(main)], `${round}: ${rows.join(' | ')}`).toEqual([['Function helper ← tool_a.c:3:28'], true])
    }
  })
})

// The twelfth trial: clangd 14 gives every program's `main` one identity, so each other program's
// `int main (` led to the symbol and the cross-check took it for a call: "10 more places call main".
describe("clangd incomingCalls of one program's main beside others", () => {
  it('takes no other main for a call of it', { timeout: 120_000 }, async () => {
    const seam = await seamOn(project)
    expect(execFileSync('grep', ['-n', 'main', 'tool_a.c', 'tool_b.c'], { cwd: seam.root, encoding: 'utf8' })).toBe('tool_a.c:3:int main(void)\ntool_b.c:9:int main(void)\n')
    const answer = await toolOn(seam.root).tool.execute({ operation: 'incomingCalls', filePath: 'tool_a.c', line: 3, character: 5 })
    expect(answer).toBe('No callers of main found at tool_a.c:3:5.')
  })
})

// A call written in a macro's body: clangd gives the site where the macro spells it (util.h's
// line 3) as if in the caller's file, and the caller was left out, "callers of one name in several
// files taken for one". The preprocessor is the independent check: viaMacro's body calls work(3).
describe('clangd incomingCalls through a macro', () => {
  it("lists the caller at the macro's use in its body, complete", { timeout: 120_000 }, async () => {
    const seam = await seamOn((root) => ({
      'util.h': '#pragma once\nint work(int x);\n#define CALL_WORK(x) work(x)\n',
      'util.c': '#include "util.h"\nint work(int x) { return x * 2; }\n',
      'main.c': '#include "util.h"\nint viaMacro(void) { return CALL_WORK(3); }\nint direct(void) { return work(4); }\nint main(void) { return viaMacro() + direct(); }\n',
      'compile_commands.json': JSON.stringify(['util.c', 'main.c'].map((file) => ({ directory: root, file, arguments: ['cc', '-c', file] }))),
    }))
    expect(execFileSync('cc', ['-E', '-P', 'main.c'], { cwd: seam.root, encoding: 'utf8' }).split('\n').filter((line) => line.includes('work('))).toEqual(['int work(int x);', 'int viaMacro(void) { return work(3); }', 'int direct(void) { return work(4); }'])
    const result = await seam.ask({ operation: 'incomingCalls', filePath: 'util.c', position: { line: 1, character: 4 } })
    expect([seam.show(result), result.completeness]).toEqual([['Function viaMacro ← main.c:2:29', 'Function direct ← main.c:3:27'], { state: 'complete' }])
  })
})
