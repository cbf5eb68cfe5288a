// workspaceDiagnostics never answers "No diagnostics" for code it did not check (the trial of
// 2026-12-06): a solution-style tsconfig.json (`"files": []` and `references`, as create-vite
// writes) checked no file, and gopls, which has neither workspace pull diagnostics nor a project
// check, was left out of the answer as if it had nothing to say. `tsc -b` and `go build` are the
// independent checks.
import { symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from './main.js'
import { seamOn } from './seam.test-support.js'
import { defaultServers } from './servers.js'
import { failure, toolOn, tscScript } from './workspace.test-support.js'

describe('workspaceDiagnostics of code nothing else checks', () => {
  it('checks each project a solution-style tsconfig.json references, as tsc -b does', { timeout: 120_000 }, async () => {
    const seam = await seamOn({
      'tsconfig.json': '{\n  // the projects\n  "files": [],\n  "references": [{ "path": "./tsconfig.app.json" }, { "path": "./tsconfig.node.json" },],\n}\n',
      'tsconfig.app.json': '{ "compilerOptions": { "composite": true, "strict": true, "module": "esnext", "moduleResolution": "bundler", "noEmit": true }, "include": ["src"] }\n',
      'tsconfig.node.json': '{ "compilerOptions": { "composite": true, "strict": true, "module": "esnext", "moduleResolution": "bundler", "noEmit": true }, "include": ["vite.config.ts"] }\n',
      'src/math.ts': 'export function add(a: number, b: number): number { return a + b }\n',
      'src/main.ts': "import { add } from './math'\nexport const s: string = add(1, 2)\n",
      'vite.config.ts': 'export const port: number = "5173"\n',
    })
    expect(failure(process.execPath, [tscScript, '-b', '--noEmit', '--pretty', 'false'], seam.root)).toBe(
      "src/main.ts(2,14): error TS2322: Type 'number' is not assignable to type 'string'.\nvite.config.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.\n",
    )
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'src/main.ts' })
    expect(result.kind === 'workspaceDiagnostics' && [result.checks, result.completeness]).toEqual([
      ['tsc --noEmit -p tsconfig.json', 'tsc --noEmit -p tsconfig.app.json', 'tsc --noEmit -p tsconfig.node.json'],
      { state: 'complete' },
    ])
    expect(seam.show(result)).toEqual([
      "src/main.ts:2:14 Error tsc 2322 Type 'number' is not assignable to type 'string'.",
      "vite.config.ts:1:14 Error tsc 2322 Type 'string' is not assignable to type 'number'.",
    ])
  })

  // The fifth trial: the root config includes src alone; packages/foo has a config of its own and
  // scripts/c.ts none. Both have errors (tsc -p packages/foo; tsc scripts/c.ts), and the answer was
  // "No diagnostics in the workspace", complete.
  it('checks the projects below the root too, and names the TypeScript files no project includes', { timeout: 120_000 }, async () => {
    const strict = '{"compilerOptions":{"strict":true,"noEmit":true},"include":["src"]}'
    const seam = await seamOn({
      'tsconfig.json': strict,
      'src/a.ts': 'export const a: number = 1\n',
      'packages/foo/tsconfig.json': strict,
      'packages/foo/src/b.ts': 'export const b: number = "oops"\n',
      'scripts/c.ts': 'export const c: string = 5\n',
    })
    expect(failure(process.execPath, [tscScript, '--noEmit', '--pretty', 'false', '-p', 'packages/foo'], seam.root)).toBe("packages/foo/src/b.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.\n")
    expect(failure(process.execPath, [tscScript, '--noEmit', '--pretty', 'false', '--strict', 'scripts/c.ts'], seam.root)).toBe("scripts/c.ts(1,14): error TS2322: Type 'number' is not assignable to type 'string'.\n")
    for (const filePath of [null, 'scripts/c.ts']) {
      const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath })
      const typescript = result.kind === 'workspaceDiagnostics' ? result.checks.filter((check) => check.startsWith('tsc')) : []
      expect([typescript, seam.show(result).filter((row) => row.includes(' tsc '))]).toEqual([
        ['tsc --noEmit -p tsconfig.json', 'tsc --noEmit -p packages/foo/tsconfig.json'],
        ["packages/foo/src/b.ts:1:14 Error tsc 2322 Type 'string' is not assignable to type 'number'."],
      ])
      expect(result.completeness).toEqual({ state: 'partial', reason: 'unconfigured', message: '1 TypeScript file no checked tsconfig.json includes (scripts/c.ts) was not checked; ask diagnostics of it' })
    }
  })

  // A file the search for unincluded files never reached (past its bound, 32 levels deep) was
  // not named, and the answer said complete: the search says where it stopped instead.
  it('says where its search for files no project includes stopped, TypeScript and Python', { timeout: 120_000 }, async () => {
    const deep = `deep/${Array.from({ length: 32 }, (_, level) => `l${level + 1}`).join('/')}`
    const seam = await seamOn({
      'tsconfig.json': '{"compilerOptions":{"strict":true,"noEmit":true},"include":["src"]}',
      'src/a.ts': 'export const a: number = 1\n',
      [`${deep}/c.ts`]: 'export const c: string = 5\n',
      'pyproject.toml': '[tool.pyright]\ninclude = ["pkg"]\n',
      'pkg/a.py': 'x: int = 1\n',
      [`${deep}/t.py`]: 'def f() -> int:\n    return "s"\n',
    })
    expect(failure(process.execPath, [tscScript, '--noEmit', '--pretty', 'false', '--strict', `${deep}/c.ts`], seam.root)).toBe(`${deep}/c.ts(1,14): error TS2322: Type 'number' is not assignable to type 'string'.\n`)
    const cut = (language: string, leftOutBy: string) => `the search for ${language} files ${leftOutBy} stopped at its bound (5,000 folders, 32 levels): any past it were not checked; ask diagnostics of each file there`
    const typescript = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'src/a.ts' })
    expect([seam.show(typescript), typescript.completeness]).toEqual([[], { state: 'partial', reason: 'unconfigured', message: cut('TypeScript', 'no checked tsconfig.json includes') }])
    const python = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'pkg/a.py' })
    expect([seam.show(python), python.completeness]).toEqual([[], { state: 'partial', reason: 'unconfigured', message: cut('Python', "pyright's config does not include") }])
  })

  // The seventh trial: a file tsc checked through a symlink inside the root (src/shared -> ../shared)
  // was named among the files no project includes, by its real path.
  it('does not name a file tsc checked through a symlink as unchecked', { timeout: 120_000 }, async () => {
    const seam = await seamOn({
      'tsconfig.json': '{"compilerOptions":{"strict":true,"noEmit":true},"include":["src"]}',
      'shared/real.ts': 'export const real: number = 1\n',
      'src/main.ts': "import { real } from './shared/real'\nexport const here: string = real\n",
    })
    await symlink('../shared', path.join(seam.root, 'src/shared'))
    expect(failure(process.execPath, [tscScript, '--noEmit', '--pretty', 'false', '-p', '.'], seam.root)).toBe("src/main.ts(2,14): error TS2322: Type 'number' is not assignable to type 'string'.\n")
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'src/main.ts' })
    expect([seam.show(result), result.completeness]).toEqual([["src/main.ts:2:14 Error tsc 2322 Type 'number' is not assignable to type 'string'."], { state: 'complete' }])
  })

  // The same for pyright: [tool.pyright] include = ["pkg"] leaves tools/t.py unchecked, and its
  // answer was "No diagnostics in the workspace" (pyright on the file itself: reportReturnType).
  it("names the Python files pyright's config does not include", { timeout: 120_000 }, async () => {
    const seam = await seamOn({ 'pyproject.toml': '[tool.pyright]\ninclude = ["pkg"]\n', 'pkg/a.py': 'x: int = 1\n', 'tools/t.py': 'def f() -> int:\n    return "s"\n' })
    // The first line of pyright's message (its second is indented with no-break spaces).
    expect(seam.show(await seam.ask({ operation: 'diagnostics', filePath: 'tools/t.py' })).map((row) => row.split('\n')[0])).toEqual([
      '2:12 Error reportReturnType Type "Literal[\'s\']" is not assignable to return type "int"',
    ])
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'tools/t.py' })
    expect([result.kind === 'workspaceDiagnostics' && result.checks, seam.show(result), result.completeness]).toEqual([
      ['pyright --outputjson'],
      [],
      { state: 'partial', reason: 'unconfigured', message: "1 Python file pyright's config does not include (tools/t.py) was not checked; ask diagnostics of it" },
    ])
  })

  // gopls has neither workspace pull diagnostics nor a project check: a small module's files are
  // checked one by one (the trial of 2026-12-06 found them left out as if clean); past 16 files the
  // answer says they were not checked.
  it('checks a small Go module file by file, as go build does, and names a bigger one unchecked', { timeout: 120_000 }, async () => {
    const module = {
      'go.mod': 'module example.com/r2\n\ngo 1.19\n',
      'lib/lib.go': 'package lib\n\nfunc Add(a, b int) int { return a + b }\n',
      'main.go': 'package main\n\nimport "example.com/r2/lib"\n\nfunc main() {\n\tvar s string = lib.Add(1, 2)\n\t_ = s\n}\n',
    }
    const seam = await seamOn(module)
    expect(failure('go', ['build', './...'], seam.root)).toContain('main.go:6:17: cannot use lib.Add(1, 2)')
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: null })
    expect([result.kind === 'workspaceDiagnostics' && result.checks, seam.show(result), result.completeness]).toEqual([
      ['go diagnostics of each of its 2 files'],
      ['main.go:6:17 Error compiler IncompatibleAssign cannot use lib.Add(1, 2) (value of type int) as string value in variable declaration'],
      { state: 'complete' },
    ])
    const answer = '1 error in 1 file (from go diagnostics of each of its 2 files)\nmain.go:6:17  error  IncompatibleAssign  cannot use lib.Add(1, 2) (value of type int) as string value in variable declaration'
    expect(await toolOn(seam.root).tool.execute({ operation: 'workspaceDiagnostics' })).toBe(answer)
    // The command asks through the catalogue's served providers, which skip a server for an operation it was not measured to answer.
    let stdout = ''
    expect(await main(['workspaceDiagnostics', '--root', seam.root], { cwd: seam.root, stdout: (text) => void (stdout += text), stderr: () => {} })).toBe(0)
    expect(stdout).toBe(`${answer}\n`)
    // Asked with a file, the file's project is checked the same way (it was refused: "does not support workspaceDiagnostics").
    const withFile = await seam.ask({ operation: 'workspaceDiagnostics', filePath: 'lib/lib.go' })
    expect([withFile.kind === 'workspaceDiagnostics' && withFile.checks, seam.show(withFile), withFile.completeness]).toEqual([
      ['go diagnostics of each of its 2 files'],
      ['main.go:6:17 Error compiler IncompatibleAssign cannot use lib.Add(1, 2) (value of type int) as string value in variable declaration'],
      { state: 'complete' },
    ])
    stdout = ''
    expect(await main(['workspaceDiagnostics', '--file', 'lib/lib.go', '--root', seam.root], { cwd: seam.root, stdout: (text) => void (stdout += text), stderr: () => {} })).toBe(0)
    expect(stdout).toBe(`${answer}\n`)

    const more = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`lib/f${i}.go`, `package lib\n\nfunc F${i}() int { return ${i} }\n`]))
    const big = await seamOn({ ...module, ...more })
    const unchecked = await big.ask({ operation: 'workspaceDiagnostics', filePath: null })
    const message = 'language server "go" gives no workspace diagnostics (no workspace pull diagnostics, no project check): its files (such as main.go; more than the 16 checked one by one) were not checked; ask diagnostics of each file'
    expect(unchecked.kind === 'workspaceDiagnostics' && [unchecked.files, unchecked.completeness]).toEqual([[], { state: 'partial', reason: 'unconfigured', message }])
    expect(await toolOn(big.root).tool.execute({ operation: 'workspaceDiagnostics' })).toBe(`Partial answer (unconfigured): ${message}\nNothing was checked, so there are no diagnostics to show.`)
    const bigWithFile = await big.ask({ operation: 'workspaceDiagnostics', filePath: 'lib/f3.go' })
    expect(bigWithFile.completeness).toEqual({ state: 'partial', reason: 'unconfigured', message: message.replace('such as main.go', 'such as lib/f3.go') })
  })

  // The JSON server has no workspace diagnostics either: a project's few .json files are checked one
  // by one (a package.json npm cannot parse was left out as if clean), tsconfig.json read as JSONC.
  it("checks a TypeScript project's JSON files one by one, tsconfig.json's comments allowed", { timeout: 120_000 }, async () => {
    const seam = await seamOn({
      'package.json': '{\n  "name": "shop",\n  "private": true,\n}\n',
      'tsconfig.json': '{\n  // as tsc --init writes\n  "compilerOptions": { "strict": true, "noEmit": true },\n  "include": ["src"],\n}\n',
      'src/a.ts': 'export const a: number = 1\n',
    })
    expect(failure('npm', ['pkg', 'get', 'name'], seam.root)).toContain('JSONParseError')
    expect(failure(process.execPath, [tscScript, '--noEmit', '-p', '.'], seam.root)).toBe('')
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: null })
    expect([result.kind === 'workspaceDiagnostics' && result.checks, seam.show(result), result.completeness]).toEqual([
      ['tsc --noEmit -p tsconfig.json', 'json diagnostics of each of its 2 files'],
      ['package.json:3:18 Error json 519 Trailing comma'],
      { state: 'complete' },
    ])
  })

  // clangd has no workspace diagnostics: a small C project's sources are checked one by one, and
  // its headers through them, as the compiler sees them; a header opened alone (util.h needs
  // types.h before it) gave an "incomplete type" error gcc never reports.
  it('checks a small C project source by source, its headers as they are included', { timeout: 120_000 }, async () => {
    const seam = await seamOn((root) => ({
      'types.h': 'struct point { int x; };\nint bad = "s" * 2;\n',
      'util.h': 'static inline int getx(struct point p) { return p.x; }\n',
      'main.c': '#include "types.h"\n#include "util.h"\nint main(void) { struct point p = {1}; return getx(p) + "s"; }\n',
      'compile_commands.json': JSON.stringify([{ directory: root, file: 'main.c', arguments: ['cc', '-c', 'main.c'] }]),
    }), defaultServers().filter((server) => server.id === 'c'))
    const gcc = failure('gcc', ['-fsyntax-only', 'main.c'], seam.root)
    expect([gcc.match(/^types\.h:2:\d+: error: invalid operands/m) !== null, gcc.match(/^main\.c:3:\d+: warning: returning .* \[-Wint-conversion\]$/m) !== null, gcc.includes('util.h:')]).toEqual([true, true, false])
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: null })
    expect([result.kind === 'workspaceDiagnostics' && result.checks, seam.show(result), result.completeness]).toEqual([
      ['c diagnostics of its one file'],
      [
        "main.c:1:10 Error clang typecheck_invalid_operands In included file: invalid operands to binary expression ('char[2]' and 'int')",
        "main.c:3:47 Warning clang -Wstring-plus-int Adding 'int' to a string does not append to the string",
        "main.c:3:47 Warning clang -Wint-conversion Incompatible pointer to integer conversion returning 'char *' from a function with result type 'int'",
      ],
      // clangd reads an included header from its preamble, without function bodies (the ninth trial:
      // util_sum's error in a header, never reported): said, not taken for clean.
      { state: 'partial', reason: 'unconfigured', message: 'c checked 2 headers (types.h, util.h) only through the sources including them, which leaves errors inside their functions unseen; ask diagnostics of each header to check it' },
    ])
  })

  // The ninth trial: bash's files by name (.envrc) were not counted, and a UTF-16 .json was skipped
  // unsaid, in answers that read "No diagnostics in the workspace".
  it('checks the files a language has by name, and names the files that are not text', { timeout: 120_000 }, async () => {
    const seam = await seamOn({ 'a.sh': '#!/bin/bash\necho ok\n', '.envrc': 'export PATH=$HOME/bin:$PATH\ncd $1\n', 'u16.json': '\ufeff{}', 'ok.json': '{"a": 1}\n' })
    await writeFile(path.join(seam.root, 'u16.json'), Buffer.from('\ufeff{}', 'utf16le'))
    expect(failure('shellcheck', ['-s', 'bash', '-f', 'gcc', '.envrc'], seam.root)).toBe(".envrc:2:1: warning: Use 'cd ... || exit' or 'cd ... || return' in case cd fails. [SC2164]\n.envrc:2:4: note: Double quote to prevent globbing and word splitting. [SC2086]\n")
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: null })
    expect([result.kind === 'workspaceDiagnostics' && result.checks, seam.show(result), result.completeness]).toEqual([
      ['bash diagnostics of each of its 2 files', 'json diagnostics of its one file'],
      [".envrc:2:1 Warning shellcheck SC2164 Use 'cd ... || exit' or 'cd ... || return' in case cd fails.", '.envrc:2:4 Information shellcheck SC2086 Double quote to prevent globbing and word splitting.'],
      { state: 'partial', reason: 'unconfigured', message: 'json: 1 of its files is not UTF-8 text and was not checked (u16.json)' },
    ])
  })

  // A tree too big to tell whether it holds Go files (the search stopped at its bound) named a
  // file "unknown" as an example of the unchecked ones.
  it('says the files it could not find, if any, were not checked, naming none', { timeout: 120_000 }, async () => {
    const deep = `deep/${Array.from({ length: 32 }, (_, level) => `l${level + 1}`).join('/')}`
    const seam = await seamOn({ [`${deep}/main.go`]: 'package main\n\nfunc main() {\n\tvar s string = 1\n\t_ = s\n}\n' }, defaultServers().filter((server) => server.id === 'go'))
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: null })
    const message = 'language server "go" gives no workspace diagnostics (no workspace pull diagnostics, no project check): its files, if any (the search for one stopped at its bound: 5,000 folders, 32 levels), were not checked; ask diagnostics of each file'
    expect(result.kind === 'workspaceDiagnostics' && [result.files, result.completeness]).toEqual([[], { state: 'partial', reason: 'unconfigured', message }])
  })

  // The seventh trial: a Python-only tree with one folder chain 11 levels deep started all 14
  // servers (~1.5 GB) and answered 3 KB of "language server … gives no workspace diagnostics".
  it('asks only the languages a deep tree holds', { timeout: 120_000 }, async () => {
    const deep = `deep/${Array.from({ length: 11 }, (_, level) => `l${level + 1}`).join('/')}`
    const seam = await seamOn({ 'pkg/a.py': 'x: int = 1\n', [`${deep}/b.py`]: 'y: int = "s"\n' })
    const result = await seam.ask({ operation: 'workspaceDiagnostics', filePath: null })
    // The first line of pyright's message (its second is indented with no-break spaces).
    expect([result.kind === 'workspaceDiagnostics' && result.checks, seam.show(result).map((row) => row.split('\n')[0]), result.completeness]).toEqual([
      ['pyright --outputjson'],
      [`${deep}/b.py:1:10 Error pyright reportAssignmentType Type "Literal['s']" is not assignable to declared type "int"`],
      { state: 'complete' },
    ])
  })
})
