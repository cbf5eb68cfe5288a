// A C header edited in the servers' view only: clangd 14 compiles every other file against the
// header as it is on disk (it has no --use-dirty-headers), so their errors with the edit are those
// of the old header. The second trial (2026-12-06): renaming a struct field declared in p.h was
// refused with errors the rename does not cause, and a prototype change that breaks both .c files
// previewed "Errors 0 → 0". gcc is the independent check.
import { execFileSync } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const header = '#ifndef P_H\n#define P_H\nstruct point { int xcoord; int y; };\nint norm(struct point *p);\n#endif\n'
const files = (root: string) => ({
  'p.h': header,
  'p.c': '#include "p.h"\nint norm(struct point *p) { return p->xcoord + p->y; }\n',
  'main.c': '#include "p.h"\nint main(void) { struct point q = {1, 2}; q.xcoord = 3; return norm(&q); }\n',
  'compile_commands.json': JSON.stringify(['p.c', 'main.c'].map((file) => ({ directory: root, file, arguments: ['gcc', '-c', file] }))),
})

/** gcc's errors for the two sources, empty when they compile. */
function gccErrors(root: string): string {
  try {
    execFileSync('gcc', ['-fsyntax-only', 'p.c', 'main.c'], { cwd: root, encoding: 'utf8', stdio: 'pipe' })
    return ''
  } catch (error) {
    return String((error as { stderr?: string }).stderr)
  }
}

const withoutDiff = (answer: string): string => answer.split('\n--- a/')[0] ?? ''
const notSeen = 'Not checked (their server does not see the edit): main.c, p.c.'

describe('an edit of a C header, checked before writing on clangd', () => {
  it('a field rename: the sources are not counted with the old header, the rename applies and gcc compiles it', async () => {
    const root = await tempWorkspace({})
    for (const [name, text] of Object.entries(files(root))) await writeFile(path.join(root, name), text)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'p.h', line: 3, character: 20, newName: 'x' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n')).toEqual([
      'Preview: rename xcoord → x: 3 edits in 3 files; nothing written. The same call with apply: true writes it.',
      `Errors 0 → 0 if applied (in the 1 checked file). ${notSeen}`,
    ])
    const applied = withoutDiff(await tool.execute({ ...rename, apply: true })).split('\n')
    expect(applied[0]).toBe('Applied: rename xcoord → x: 3 edits in 3 files written.')
    expect(await readFile(path.join(root, 'main.c'), 'utf8')).toContain('q.x = 3')
    expect(gccErrors(root)).toBe('')
  }, 120_000)

  it('a prototype change that breaks both sources: the preview does not say 0 → 0 for them', async () => {
    const root = await tempWorkspace({})
    for (const [name, text] of Object.entries(files(root))) await writeFile(path.join(root, name), text)
    const { tool } = toolOn(root)
    const answer = withoutDiff(await tool.execute({ operation: 'replaceSymbol', filePath: 'p.h', line: 4, character: 5, text: 'int norm(struct point *p, int scale);' })).split('\n')
    expect(answer).toEqual([
      'Preview: replace Function norm: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
      `Errors 0 → 0 if applied (in the 1 checked file). ${notSeen}`,
    ])
    await writeFile(path.join(root, 'p.h'), header.replace('int norm(struct point *p);', 'int norm(struct point *p, int scale);'))
    expect(gccErrors(root)).toContain('too few arguments to function')
  }, 120_000)
})
