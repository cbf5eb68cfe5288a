// An X-macro table (`table.def`, `#include`d by main.c inside an array initializer, as LLVM's and
// CPython's .def files are): clangd renames the use in it, yet no server reads a .def file, so the
// check of the new name's references ran without the table's edit in view and called the renamed
// place a reference op_plus would not have (the twenty-third trial: LSP_EDIT_NAME_CONFLICT, any
// name alike). The compiler and the program's output are the independent check.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, writeFiles } from './workspace.test-support.js'

const main = [
  '#include <stdio.h>',
  '#include "ops.h"',
  'struct op { const char *name; int (*fn)(int, int); };',
  'static const struct op ops[] = {',
  '#define OP(n, f) { n, f },',
  '#include "table.def"',
  '#undef OP',
  '};',
  'int main(void) {',
  '    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)',
  '        printf("%s %d\\n", ops[i].name, ops[i].fn(5, 3));',
  '    return 0;',
  '}',
  '',
].join('\n')

async function project(more: Record<string, string> = {}): Promise<string> {
  const root = await tempWorkspace({
    'ops.h': 'int op_add(int a, int b);\nint op_sub(int a, int b);\n',
    'ops.c': '#include "ops.h"\nint op_add(int a, int b) { return a + b; }\nint op_sub(int a, int b) { return a - b; }\n',
    'table.def': 'OP("add", op_add)\nOP("sub", op_sub)\n',
    'main.c': main,
    ...more,
  })
  await writeFiles(root, { 'compile_commands.json': JSON.stringify(['main.c', 'ops.c'].map((file) => ({ directory: root, file, arguments: ['cc', '-c', file] }))) })
  return root
}

describe('a C rename through an X-macro table no server reads, on clangd', () => {
  it('is no name conflict: the table is said unchecked, apply writes it, and the program runs the same', { timeout: 120_000 }, async () => {
    const root = await project()
    const run = () => {
      execFileSync('cc', ['-Wall', '-Werror', '-o', 'a.out', 'main.c', 'ops.c'], { cwd: root })
      return execFileSync(path.join(root, 'a.out'), { encoding: 'utf8' })
    }
    expect(run()).toBe('add 8\nsub 2\n')
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'ops.c', line: 2, character: 5, newName: 'op_plus' } as const
    expect((await tool.execute(rename)).split('\n').slice(0, 2)).toEqual([
      'Preview: rename op_add → op_plus: 3 edits in 3 files; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 1 checked file). Not checked (their server does not see the edit): ops.c. Not checked (no server reads it): table.def.',
    ])
    // Written, clangd still holds main.c as parsed with the old table: the place is said unchecked, not a conflict.
    expect((await tool.execute({ ...rename, apply: true })).split('\n').slice(0, 5)).toEqual([
      'Applied: rename op_add → op_plus: 3 edits in 3 files written.',
      '  ops.c',
      '  ops.h',
      '  table.def',
      'Not checked: 1 of the 3 references of op_add is in a file no server reads: table.def:1:11; the other 2 are references of op_plus now.',
    ])
    expect(await readFile(path.join(root, 'table.def'), 'utf8')).toBe('OP("add", op_plus)\nOP("sub", op_sub)\n')
    expect(run()).toBe('add 8\nsub 2\n')
  })
})

// The twenty-third trial: the cross-check searched C by `.c` and `.h` alone, so a table included
// only under `#ifdef WITH_EXTRA` (undefined in compile_commands.json) was never searched, the
// answer said complete, and a forced rename broke `cc -DWITH_EXTRA`; a table's use as a value was
// no caller and not listed as a use either. The preprocessor (cc -E -DWITH_EXTRA) is the check.
describe('C tables included from an inactive #ifdef, on clangd', () => {
  it('are searched: a use there may be the symbol; a use in an active table is a use as a value', { timeout: 120_000 }, async () => {
    const root = await project({ 'extra.def': 'OP("add2", op_add)\nOP("sub2", op_sub)\n', 'main.c': main.replace('#include "table.def"\n', '#include "table.def"\n#ifdef WITH_EXTRA\n#include "extra.def"\n#endif\n') })
    const expanded = execFileSync('cc', ['-E', '-P', '-DWITH_EXTRA', 'main.c'], { cwd: root, encoding: 'utf8' })
    expect(expanded.split('\n').filter((line) => line.includes('op_sub('))).toEqual(['int op_sub(int a, int b);'])
    expect(expanded).toContain('{ "sub2", op_sub },')
    const { ask, tool } = toolOn(root)
    expect(await ask('findReferences', 'ops.c:3:5')).toBe(
      [
        'Partial answer (unresolved): 1 place names op_sub where the server could not resolve it (it may be this symbol)',
        '3 references to op_sub in 3 files',
        'ops.c:3:5  int op_sub(int a, int b) { return a - b; }',
        'ops.h:2:5  int op_sub(int a, int b);',
        'table.def:2:11  OP("sub", op_sub)',
        '1 more place names op_sub where the server could not resolve it (may be this one):',
        'extra.def:2:12  OP("sub2", op_sub)',
      ].join('\n'),
    )
    const callers = await tool.execute({ operation: 'incomingCalls', filePath: 'ops.c', line: 3, character: 5 })
    expect(callers.split('\n').slice(1)).toEqual([
      'No callers of op_sub found at ops.c:3:5 (a use as a value is not a call).',
      '1 place uses op_sub as a value (it may be called through it):',
      'table.def:2:11  OP("sub", op_sub)',
      '1 more place names op_sub where the server could not resolve it (may be this one):',
      'extra.def:2:12  OP("sub2", op_sub)',
    ])
  })
})
