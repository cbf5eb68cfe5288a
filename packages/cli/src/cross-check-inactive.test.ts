// C code in an inactive `#ifdef` branch: clangd parses none of it, and its goToDefinition there
// guesses (the nearest identifier of the spelling, or the index's symbol of the name), so a struct
// member `s->total` and a local `int total` led to the function `total`. The twenty-third trial:
// the cross-check listed 4 such places as references the server missed, and the rename refused.
// The compiler is the independent check: with -DDEBUG_STATS the branch names the function once.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, writeFiles } from './workspace.test-support.js'

const app = [
  '#include "lib.h"',
  '',
  'int run(struct stats *s) {',
  '    int r = total(4);',
  '#ifdef DEBUG_STATS',
  '    s->total += r;',
  '    int total = s->total;',
  '    r += total;',
  '#endif',
  '#ifdef TWICE',
  '    r += total(r);',
  '#endif',
  '    return r;',
  '}',
  '',
].join('\n')

async function project(): Promise<string> {
  const root = await tempWorkspace({ 'lib.h': 'int total(int n);\nstruct stats { int total; };\n', 'lib.c': '#include "lib.h"\nint total(int n) { return n * 2; }\n', 'app.c': app })
  await writeFiles(root, { 'compile_commands.json': JSON.stringify(['lib.c', 'app.c'].map((file) => ({ directory: root, file, arguments: ['cc', '-c', file] }))) })
  return root
}

describe('cross-check: C code in inactive #ifdef branches, on clangd', () => {
  it('takes no member access nor local there for the function; a call there may be it', { timeout: 120_000 }, async () => {
    const root = await project()
    // As the compiler reads the branches: DEBUG_STATS's `total` after `->` is the member, after `int` a local.
    const compile = (flag: string) => execFileSync('cc', ['-fsyntax-only', '-Wall', flag, 'app.c'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    expect([compile('-DDEBUG_STATS'), compile('-DTWICE')]).toEqual(['', ''])
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'lib.c:2:5')).toBe(
      [
        'Partial answer (unresolved): 1 place names total where the server could not resolve it (it may be this symbol)',
        '3 references to total in 3 files',
        'app.c:4:13  int r = total(4);',
        'lib.c:2:5  int total(int n) { return n * 2; }',
        'lib.h:1:5  int total(int n);',
        '1 more place names total where the server could not resolve it (may be this one):',
        'app.c:11:10  r += total(r);',
      ].join('\n'),
    )
  })

  it('keeps a member access there a place that may be the member', { timeout: 120_000 }, async () => {
    const root = await project()
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'lib.h:2:20')).toBe(
      [
        'Partial answer (unresolved): 3 places name total where the server could not resolve it (they may be this symbol)',
        '1 reference to total',
        'lib.h:2:20  struct stats { int total; };',
        '3 more places name total where the server could not resolve it (may be this one):',
        'app.c:6:8  s->total += r;',
        'app.c:7:20  int total = s->total;',
        'app.c:11:10  r += total(r);',
      ].join('\n'),
    )
  })
})
