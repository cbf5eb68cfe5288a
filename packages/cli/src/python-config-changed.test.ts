// pyright applies a change of its config (pyproject.toml, pyrightconfig.json) on a timer, ~100 ms
// after it hears of it, and answered from the old config until then: in the trial of 2026-12-07, 7
// of 10 `diagnostics` asked right after flipping `typeCheckingMode` were the old config's. pyright's
// own command line, run on the same files, is the truth.
import { execFileSync } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'
import { defaultServers } from './servers.js'

const pyright = path.join(path.dirname(createRequire(import.meta.url).resolve('pyright/package.json')), 'index.js')

/** pyright's command line on `file`: its error lines as `line:col code message`. */
function pyrightSays(root: string, file: string): string[] {
  let out = ''
  try {
    out = execFileSync(process.execPath, [pyright, file], { cwd: root, encoding: 'utf8' })
  } catch (error) {
    out = (error as { stdout: string }).stdout
  }
  return [...out.matchAll(/:(\d+:\d+) - error: (.+) \((\w+)\)$/gm)].map(([, at, message, code]) => `${at} Error ${code} ${message}`)
}

describe('a pyright config changed while the server is warm', () => {
  it('governs the next diagnostics: made strict, relaxed, deleted, as pyproject.toml and as pyrightconfig.json', { timeout: 120_000 }, async () => {
    const seam = await seamOn({ 'app/s.py': 'def g(x):\n    return x\n' }, defaultServers().filter((server) => server.id === 'python'))
    const strict = [
      '1:5 Error reportUnknownParameterType Return type is unknown',
      '1:7 Error reportUnknownParameterType Type of parameter "x" is unknown',
      '1:7 Error reportMissingParameterType Type annotation is missing for parameter "x"',
      '2:12 Error reportUnknownVariableType Return type is unknown',
    ]
    const diagnostics = async () => seam.show(await seam.ask({ operation: 'diagnostics', filePath: 'app/s.py' }))
    expect(await diagnostics()).toEqual([])
    const steps: Array<[file: string, text: string | null, expected: string[]]> = [
      ['pyproject.toml', '[tool.pyright]\ntypeCheckingMode = "strict"\n', strict],
      ['pyproject.toml', '[tool.pyright]\ntypeCheckingMode = "basic"\n', []],
      ['pyproject.toml', '[tool.pyright]\ntypeCheckingMode = "strict"\n', strict],
      ['pyproject.toml', null, []],
      ['pyrightconfig.json', '{ "typeCheckingMode": "strict" }\n', strict],
      ['pyrightconfig.json', null, []],
    ]
    const seen: Array<[string, string[]]> = []
    for (const [file, text, expected] of steps) {
      if (text === null) await rm(path.join(seam.root, file))
      else await writeFile(path.join(seam.root, file), text)
      expect(pyrightSays(seam.root, 'app/s.py')).toEqual(expected)
      seen.push([`${file} ${text === null ? 'deleted' : text.includes('strict') ? 'strict' : 'basic'}`, await diagnostics()])
    }
    expect(seen).toEqual(steps.map(([file, text, expected]) => [`${file} ${text === null ? 'deleted' : text.includes('strict') ? 'strict' : 'basic'}`, expected]))
  })
})
