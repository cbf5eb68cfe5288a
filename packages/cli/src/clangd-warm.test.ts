// A warm clangd 14 never sees an edit to a file it does not have open: it registers no file watcher
// and ignores workspace/didChangeWatchedFiles for sources, so references stayed 12 after a 13th
// call was written into an unopened .c file, marked complete. Before a workspace-wide query the
// host now opens (or re-sends) what changed on disk and waits for clangd's diagnostics of that
// version; a header's change has the open files reopened too. Through lsp-local alone (no
// cross-check); every answer is held against grep's lines of the name.
import { execFileSync } from 'node:child_process'
import { appendFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { providersOn, type ProviderSeam } from './provider-only.test-support.js'
import { defaultServers } from './servers.js'

const clangd = () => defaultServers().filter((server) => server.id === 'c')
const database = (root: string, files: readonly string[]) => JSON.stringify(files.map((file) => ({ directory: root, file, arguments: ['cc', '-c', file] })))
const calls = (name: string, count: number) => Array.from({ length: count }, (_, i) => `int ${name}${i}(void) { return foo(); }\n`).join('')

/** `file:line` of every line naming foo as a word, as grep prints them (headers and sources). */
function grepLines(root: string): string[] {
  const out = execFileSync('grep', ['-rnw', '--include=*.c', '--include=*.h', 'foo', '.'], { cwd: root, encoding: 'utf8' })
  return out.trim().split('\n').map((line) => line.replace(/^\.\//, '').split(':').slice(0, 2).join(':')).sort()
}

async function references(seam: ProviderSeam, filePath: string, line: number, character: number) {
  const result: LspQueryResult = await seam.ask({ operation: 'findReferences', filePath, position: { line, character } })
  return { shown: seam.show(result), completeness: result.completeness }
}
const lines = (shown: readonly string[]) => shown.map((at) => at.split(':').slice(0, 2).join(':')).sort()

describe('a warm clangd and files it does not have open', { timeout: 120_000 }, () => {
  it('sees a call written into an unopened file, a file created, one deleted and a header changed, each on the next query', async () => {
    const seam = await providersOn({ 'a.h': 'int foo(void);\n', 'a.c': '#include "a.h"\nint foo(void) { return 1; }\n', 'b.c': `#include "a.h"\n${calls('b', 3)}`, 'c.c': `#include "a.h"\n${calls('c', 4)}`, 'd.c': `#include "a.h"\n${calls('d', 3)}` }, clangd())
    // e.c is listed before it exists: clangd's index of it, at start, holds nothing.
    await writeFile(path.join(seam.root, 'compile_commands.json'), database(seam.root, ['a.c', 'b.c', 'c.c', 'd.c', 'e.c']))
    const ask = () => references(seam, 'a.h', 0, 4)
    const first = await ask()
    expect(first.shown).toHaveLength(12)
    expect(first.shown.slice(0, 3)).toEqual(['a.c:2:5', 'a.h:1:5', 'b.c:2:23'])
    expect(lines(first.shown)).toEqual(grepLines(seam.root))
    expect(first.completeness).toEqual({ state: 'complete' })

    await appendFile(path.join(seam.root, 'd.c'), 'int d13(void) { return foo() + 13; }\n')
    const appended = await ask()
    expect(appended.shown).toHaveLength(13)
    expect(appended.shown.at(-1)).toBe('d.c:5:24')
    expect(lines(appended.shown)).toEqual(grepLines(seam.root))
    expect(appended.completeness).toEqual({ state: 'complete' })

    await writeFile(path.join(seam.root, 'e.c'), `#include "a.h"\n${calls('e', 2)}`)
    await rm(path.join(seam.root, 'c.c'))
    const moved = await ask()
    expect(moved.shown).toEqual(['a.c:2:5', 'a.h:1:5', 'b.c:2:23', 'b.c:3:23', 'b.c:4:23', 'd.c:2:23', 'd.c:3:23', 'd.c:4:23', 'd.c:5:24', 'e.c:2:23', 'e.c:3:23'])
    expect(lines(moved.shown)).toEqual(grepLines(seam.root))
    expect(moved.completeness).toEqual({ state: 'complete' })

    // The declaration moves a line down.
    await writeFile(path.join(seam.root, 'a.h'), '/* declared here */\nint foo(void);\n')
    const header = await references(seam, 'a.c', 1, 4)
    expect(header.shown.slice(0, 2)).toEqual(['a.c:2:5', 'a.h:2:5'])
    expect(lines(header.shown)).toEqual(grepLines(seam.root))
    expect(header.completeness).toEqual({ state: 'complete' })
  })

  it('a header changed on disk: the open files that include it are checked again', async () => {
    // CALL(foo) names foo in b.c only while the macro expands its argument.
    const header = (body: string) => `int foo(void);\n#define CALL(f) ${body}\n`
    const seam = await providersOn({ 'a.h': header('f()'), 'a.c': '#include "a.h"\nint foo(void) { return 1; }\n', 'b.c': '#include "a.h"\nint bar(void) { return CALL(foo); }\n' }, clangd())
    await writeFile(path.join(seam.root, 'compile_commands.json'), database(seam.root, ['a.c', 'b.c']))
    expect(await references(seam, 'b.c', 1, 28)).toEqual({ shown: ['a.c:2:5', 'a.h:1:5', 'b.c:2:29'], completeness: { state: 'complete' } })
    await writeFile(path.join(seam.root, 'a.h'), header('0'))
    // b.c is open, built against the old macro: reopened, it names foo nowhere.
    expect(await references(seam, 'a.c', 1, 4)).toEqual({ shown: ['a.c:2:5', 'a.h:1:5'], completeness: { state: 'complete' } })
  })
})
