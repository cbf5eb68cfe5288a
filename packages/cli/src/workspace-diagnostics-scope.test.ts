// The twenty-sixth trial (2026-12-07): workspaceDiagnostics answered "No diagnostics", complete,
// where `diagnostics FILE` finds errors, because its project check saw another world than the
// language server: pyright's CLI without the project's virtualenv; tsc -p, which never sees a
// project's JavaScript files without allowJs (tsserver checks `// @ts-check` ones, and every one's
// syntax). Running the code (the virtualenv's interpreter, node --check) is the independent check.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { failure, tempWorkspace, toolOn } from './workspace.test-support.js'

const pyrightScript = createRequire(import.meta.url).resolve('pyright/index.js')

describe('workspaceDiagnostics checks what the language server checks', () => {
  it("resolves Python imports in the project's .venv, as pyright's language server does", { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'app/main.py': 'import yaml\n\ncfg = yaml.safe_load("a: 1")\n',
      'app/other.py': 'import venvonly\n\nok: int = venvonly.f(1)\n',
    })
    execFileSync('python3', ['-m', 'venv', '--without-pip', '.venv'], { cwd: root })
    const site = execFileSync('.venv/bin/python', ['-c', 'import sysconfig; print(sysconfig.get_path("purelib"))'], { cwd: root, encoding: 'utf8' }).trim()
    const shownSite = path.relative(root, site)
    // yaml at another API than the machine's (PyYAML's stubs), and a package only the venv has.
    for (const [name, text] of [['yaml', 'def safe_load(stream: str, strict: bool) -> dict: ...\n'], ['venvonly', 'def f(x: int) -> int:\n    return x\n']] as const) {
      mkdirSync(path.join(site, name))
      writeFileSync(path.join(site, name, '__init__.py'), text)
      writeFileSync(path.join(site, name, 'py.typed'), '')
    }
    expect(failure(path.join(root, '.venv/bin/python'), ['app/main.py'], root)).toContain("TypeError: safe_load() missing 1 required positional argument: 'strict'")
    expect(failure(path.join(root, '.venv/bin/python'), ['app/other.py'], root)).toBe('')
    const { tool } = toolOn(root)
    const error = 'app/main.py:3:7  error  reportCallIssue  Argument missing for parameter "strict"'
    expect((await tool.execute({ operation: 'diagnostics', filePath: 'app/main.py' })).split('\n')).toEqual(['app/main.py: 1 error', error])
    expect((await tool.execute({ operation: 'workspaceDiagnostics' })).split('\n')).toEqual([`1 error in 1 file (from pyright --outputjson with search path ${shownSite})`, error])
  })

  it('names the JavaScript files no tsc run listed (no allowJs) as not checked, never "No diagnostics" complete', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': '{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2020", "module": "commonjs" }, "include": ["src"] }\n',
      'src/a.ts': 'export function price(n: number): number {\n  return n * 2\n}\n',
      'src/c.js': '// @ts-check\n/** @type {number} */\nconst n = "str"\nmodule.exports = n\n',
      'src/util.js': 'function f( {\n  return 1\n}\nmodule.exports = f\n',
    })
    expect(failure(process.execPath, ['--check', 'src/util.js'], root)).toContain('SyntaxError')
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'diagnostics', filePath: 'src/c.js' })).split('\n')).toEqual([
      'src/c.js: 1 error, 1 hint',
      "src/c.js:3:7  error  2322  Type 'string' is not assignable to type 'number'.",
      'src/c.js:4:1  hint  80001  File is a CommonJS module; it may be converted to an ES module.',
    ])
    expect((await tool.execute({ operation: 'workspaceDiagnostics' })).split('\n')).toEqual([
      'Partial answer (unconfigured): 2 JavaScript files no checked tsconfig.json includes (src/c.js and src/util.js) were not checked; ask diagnostics of each',
      'No diagnostics in what was checked (from tsc --noEmit -p tsconfig.json; json diagnostics of its one file).',
    ])
    expect((await tool.execute({ operation: 'workspaceDiagnostics', filePath: 'src/c.js' })).split('\n')).toEqual([
      'Partial answer (unconfigured): 2 JavaScript files no checked tsconfig.json includes (src/c.js and src/util.js) were not checked; ask diagnostics of each',
      'No diagnostics in what was checked (from tsc --noEmit -p tsconfig.json).',
    ])
  })

  it("names the Python files pyright's config excludes, and not those its include names one by one", { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'pkg/__init__.py': '',
      'pkg/legacy/__init__.py': '',
      'pkg/a.py': 'def price(n: int) -> int:\n    return n * 2\n',
      'pkg/legacy/old.py': 'from pkg.a import price\n\nold: str = price(1)\n',
      'tests/test_a.py': 'from pkg.a import price\n\ndef test_p() -> None:\n    x: str = price(2)\n',
      'pyrightconfig.json': '{ "exclude": ["pkg/legacy", "tests"] }\n',
    })
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'diagnostics', filePath: 'tests/test_a.py' })).split('\n')).toContain('tests/test_a.py: 1 error')
    expect((await tool.execute({ operation: 'workspaceDiagnostics' })).split('\n')).toEqual([
      "Partial answer (unconfigured): 3 Python files pyright's config excludes (pkg/legacy/__init__.py, pkg/legacy/old.py and tests/test_a.py) were not checked; ask diagnostics of each",
      'No diagnostics in what was checked (from pyright --outputjson; json diagnostics of its one file).',
    ])
    // pyright takes files in include: these two are checked (`pyright --verbose`: Found 2 source files), the other three not.
    writeFileSync(path.join(root, 'pyrightconfig.json'), '{ "include": ["pkg/a.py", "pkg/__init__.py"] }\n')
    expect(execFileSync(process.execPath, [pyrightScript, '--verbose'], { cwd: root, encoding: 'utf8' })).toContain('Found 2 source files')
    expect((await tool.execute({ operation: 'workspaceDiagnostics' })).split('\n')).toEqual([
      "Partial answer (unconfigured): 3 Python files pyright's config does not include (pkg/legacy/__init__.py, pkg/legacy/old.py and tests/test_a.py) were not checked; ask diagnostics of each",
      'No diagnostics in what was checked (from pyright --outputjson; json diagnostics of its one file).',
    ])
  })
})
