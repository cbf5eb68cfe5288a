// clangd 14 searches the files its compile database lists and those it has opened, nothing else.
// Without a compile_commands.json, goToDefinition of foo() landed on the header's declaration and
// findReferences listed the open file's call alone, both marked complete; with one that leaves
// sources out (cJSON's lists neither fuzzing/ nor tests/unity/), their calls were missing from
// answers marked complete. Such answers are now partial/unconfigured and say why and what to do.
// Through lsp-local alone (no cross-check), so these are exactly what the provider answers; the
// counts are checked against `find` and the database itself.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { providersOn, type ProviderSeam } from './provider-only.test-support.js'
import { defaultServers } from './servers.js'
import { writeFiles } from './workspace.test-support.js'

const clangd = () => defaultServers().filter((server) => server.id === 'c')
const generate = 'cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or bear -- make'
const unconfigured = (message: string) => ({ state: 'partial', reason: 'unconfigured', message })
const complete = { state: 'complete' }

/** `a.h` declares foo, `a.c` defines it, `b.c` and `c.c` call it. */
const fooFiles = {
  'a.h': 'int foo(void);\n',
  'a.c': '#include "a.h"\nint foo(void) { return 1; }\n',
  'b.c': '#include "a.h"\nint bar(void) { return foo(); }\n',
  'c.c': '#include "a.h"\nint baz(void) { return foo() + 2; }\n',
}
const database = (root: string, files: readonly string[]) => JSON.stringify(files.map((file) => ({ directory: root, file, arguments: ['cc', '-c', file] })))

async function answer(seam: ProviderSeam, result: Promise<LspQueryResult>, list = false) {
  const found = await result
  return { shown: seam.show(found, list), completeness: found.completeness }
}
const inB = { filePath: 'b.c', position: { line: 1, character: 23 } }

describe('clangd without a compile database', { timeout: 120_000 }, () => {
  it('labels definitions and workspace-wide answers partial, saying how to generate one; other answers stay complete', async () => {
    const seam = await providersOn(fooFiles, clangd())
    const why = unconfigured(`no compile_commands.json covers b.c, so clangd searched only the files it has opened; generate one (${generate})`)
    expect(await answer(seam, seam.ask({ operation: 'goToDefinition', ...inB }))).toEqual({ shown: ['a.h:1:5'], completeness: why })
    // 1 of the 4 places foo is named: a.c and c.c were never opened, and clangd parses a.h on its own as C++.
    expect(await answer(seam, seam.ask({ operation: 'findReferences', ...inB }))).toEqual({ shown: ['b.c:2:24'], completeness: why })
    expect(await answer(seam, seam.ask({ operation: 'incomingCalls', ...inB }))).toEqual({ shown: ['Function bar ← b.c:2:24'], completeness: why })
    expect(await answer(seam, seam.ask({ operation: 'hover', ...inB }))).toEqual({
      shown: ['### function `foo`  \n\n---\n→ `int`  \n\n---\n```cpp\nint foo()\n```'],
      completeness: complete,
    })
    expect(await answer(seam, seam.ask({ operation: 'workspaceSymbol', query: 'baz', filePath: null }), true)).toEqual({
      shown: [],
      completeness: unconfigured(`no compile_commands.json covers the files here, so clangd searched only the files it has opened; generate one (${generate})`),
    })
  })

  it('with compile_flags.txt alone (flags for every file, a list of none): the same, naming it', async () => {
    const seam = await providersOn({ ...fooFiles, 'compile_flags.txt': '-I.\n' }, clangd())
    const why = unconfigured(`compile_flags.txt gives flags but lists no files, so clangd searched only the files it has opened; generate a compile_commands.json (${generate})`)
    expect(await answer(seam, seam.ask({ operation: 'findReferences', ...inB }))).toEqual({ shown: ['b.c:2:24'], completeness: why })
    expect(await answer(seam, seam.ask({ operation: 'goToDefinition', ...inB }))).toEqual({ shown: ['a.h:1:5'], completeness: why })
  })

  it('a database in build/, where clangd also looks: complete', async () => {
    const seam = await providersOn(fooFiles, clangd())
    await writeFiles(seam.root, { 'build/compile_commands.json': database(seam.root, ['a.c', 'b.c', 'c.c']) })
    expect(await answer(seam, seam.ask({ operation: 'findReferences', ...inB }))).toEqual({ shown: ['a.c:2:5', 'a.h:1:5', 'b.c:2:24', 'c.c:2:24'], completeness: complete })
    expect(await answer(seam, seam.ask({ operation: 'goToDefinition', ...inB }))).toEqual({ shown: ['a.c:2:5'], completeness: complete })
  })
})

/** Shaped like cJSON at a29814f: the library and test.c listed; fuzzing/ and tests/unity/ not; a build tree and clangd's index beside. */
const cjsonLike = {
  'cJSON.h': 'int cJSON_Parse(const char *value);\n',
  'cJSON.c': '#include "cJSON.h"\nint cJSON_Parse(const char *value) { return value != 0; }\n',
  'test.c': '#include "cJSON.h"\nint main(void) { return cJSON_Parse("{}"); }\n',
  'fuzzing/afl.c': '#include "../cJSON.h"\nint main(void) { return cJSON_Parse("[]"); }\n',
  'fuzzing/fuzz_main.c': '#include "../cJSON.h"\nint fuzz(void) { return cJSON_Parse("1"); }\n',
  'tests/common.h': 'int common(void);\n',
  'tests/unity/src/unity.c': 'int unity(void) { return 0; }\n',
  'build/CMakeFiles/3.25.1/CompilerIdC/CMakeCCompilerId.c': 'int main(void) { return 0; }\n',
  'node_modules/dep/x.c': 'int dep(void) { return 0; }\n',
}
const atParse = { filePath: 'cJSON.h', position: { line: 0, character: 4 } }

describe('clangd with a compile database that leaves sources out', { timeout: 120_000 }, () => {
  it('labels workspace-wide answers partial with the unlisted source files (nearest named, counted), not definitions; an open one counts as searched', async () => {
    const seam = await providersOn(cjsonLike, clangd())
    await writeFiles(seam.root, { 'compile_commands.json': database(seam.root, ['cJSON.c', 'test.c']) })
    // Independently: the C sources find sees outside build and dependency folders, less those the database lists.
    const found = execFileSync('find', ['.', '-name', '*.c', '-not', '-path', './build/*', '-not', '-path', './node_modules/*', '-not', '-path', './.cache/*'], { cwd: seam.root, encoding: 'utf8' })
    const listed = (JSON.parse(readFileSync(path.join(seam.root, 'compile_commands.json'), 'utf8')) as { file: string }[]).map((entry) => `./${entry.file}`)
    expect(found.trim().split('\n').filter((file) => !listed.includes(file)).sort()).toEqual(['./fuzzing/afl.c', './fuzzing/fuzz_main.c', './tests/unity/src/unity.c'])

    const leftOut = (count: number, first: string) =>
      unconfigured(`compile_commands.json lists no compile command for ${count} source files here (${first} and ${count - 1} more), so clangd did not search them; generate it with every target (${generate})`)
    expect(await answer(seam, seam.ask({ operation: 'findReferences', ...atParse }))).toEqual({
      shown: ['cJSON.c:2:5', 'cJSON.h:1:5', 'test.c:2:25'],
      completeness: leftOut(3, 'fuzzing/afl.c'),
    })
    expect(await answer(seam, seam.ask({ operation: 'goToDefinition', filePath: 'test.c', position: { line: 1, character: 24 } }))).toEqual({ shown: ['cJSON.c:2:5'], completeness: complete })
    // Asked from afl.c, clangd opens it (with a command inferred from cJSON.c) and searches it.
    expect(await answer(seam, seam.ask({ operation: 'findReferences', filePath: 'fuzzing/afl.c', position: { line: 1, character: 24 } }))).toEqual({
      shown: ['cJSON.c:2:5', 'cJSON.h:1:5', 'fuzzing/afl.c:2:25', 'test.c:2:25'],
      completeness: leftOut(2, 'fuzzing/fuzz_main.c'),
    })
    expect(await answer(seam, seam.ask({ operation: 'workspaceSymbol', query: 'fuzz', filePath: 'test.c' }), true)).toEqual({ shown: [], completeness: leftOut(2, 'fuzzing/fuzz_main.c') })
  })

  it('a database rewritten during the session is read again, and the server restarted to index what it now lists', async () => {
    const seam = await providersOn(cjsonLike, clangd())
    await writeFiles(seam.root, { 'compile_commands.json': database(seam.root, ['cJSON.c', 'test.c']) })
    expect((await seam.ask({ operation: 'findReferences', ...atParse })).completeness.state).toBe('partial')
    await writeFiles(seam.root, { 'compile_commands.json': database(seam.root, ['cJSON.c', 'test.c', 'fuzzing/afl.c', 'fuzzing/fuzz_main.c', 'tests/unity/src/unity.c']) })
    expect(await answer(seam, seam.ask({ operation: 'findReferences', ...atParse }))).toEqual({
      shown: ['cJSON.c:2:5', 'cJSON.h:1:5', 'fuzzing/afl.c:2:25', 'fuzzing/fuzz_main.c:2:25', 'test.c:2:25'],
      completeness: complete,
    })
  })
})
