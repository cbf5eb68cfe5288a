// The twenty-sixth trial (2026-12-07): workspaceDiagnostics answered "No diagnostics", complete,
// where `diagnostics FILE` finds errors, because its project check saw another world than the
// language server: pyright's CLI without the project's virtualenv. Running the code with the
// virtualenv's interpreter is the independent check.
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { failure, tempWorkspace, toolOn } from './workspace.test-support.js'

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
})
