import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { leavesOut, pyrightConfigAbove } from './pyright-config.js'

function tree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-pyright-config-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), text)
  }
  return root
}

const plain = '[project]\nname = "app"\n'

describe("pyright's config from above its root", () => {
  it('is none while the root has its own: pyrightconfig.json, or pyproject.toml with a [tool.pyright] table, or nothing', () => {
    const x = tree({ 'pyproject.toml': '[tool.pyright]\ninclude = ["other"]\n', 'a/pyrightconfig.json': '{}', 'b/pyproject.toml': '[tool.pyright.defineConstant]\nDEBUG = true\n', 'c/x.py': '' })
    expect([pyrightConfigAbove(join(x, 'a')), pyrightConfigAbove(join(x, 'b')), pyrightConfigAbove(join(x, 'c'))]).toEqual([undefined, undefined, undefined])
  })

  it('is the nearest pyrightconfig.json above, else pyproject.toml with the table, past those without', () => {
    const x = tree({
      'pyproject.toml': `[tool.black]\nline-length = 100\n\n[tool.pyright]\ninclude = [\n  "packages",\n  'tools', # scripts\n]\nexclude = ["x"]\n`,
      'packages/mid/pyproject.toml': plain,
      'packages/mid/app/pyproject.toml': plain,
      'json/pyrightconfig.json': JSON.stringify({ include: ['src'] }),
      'json/app/pyproject.toml': plain,
    })
    const above = pyrightConfigAbove(join(x, 'packages/mid/app'))
    expect(above).toEqual({ file: join(x, 'pyproject.toml'), include: [join(x, 'packages'), join(x, 'tools')] })
    expect(leavesOut(above!, join(x, 'packages/mid/app'))).toBe(false)
    const json = pyrightConfigAbove(join(x, 'json/app'))
    expect(json).toEqual({ file: join(x, 'json/pyrightconfig.json'), include: [join(x, 'json/src')] })
    expect(leavesOut(json!, join(x, 'json/app'))).toBe(true)
  })

  it('leaves nothing out without an include, and counts a config it cannot read as leaving the root out', () => {
    const x = tree({ 'pyproject.toml': '[tool.pyright]\ntypeCheckingMode = "strict"\n', 'app/pyproject.toml': plain, 'y/pyrightconfig.json': '{ // comment\n "include": ["src"] }', 'y/app/pyproject.toml': plain })
    expect(leavesOut(pyrightConfigAbove(join(x, 'app'))!, join(x, 'app'))).toBe(false)
    expect(pyrightConfigAbove(join(x, 'y/app'))).toEqual({ file: join(x, 'y/pyrightconfig.json'), include: undefined })
    expect(leavesOut({ file: '', include: undefined }, join(x, 'y/app'))).toBe(true)
  })
})
