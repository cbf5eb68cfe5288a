// A file inside the workspace is answered by the workspace's project, not by a parent folder's:
// for a workspace /x/app with its own tsconfig.json or pyproject.toml, the server runs for /x/app
// whatever /x holds. pyright itself takes /x's config when app's pyproject.toml has no
// [tool.pyright] table, and then searches none of app's files: that answer says so.
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { providersOn } from './provider-only.test-support.js'

const require = createRequire(import.meta.url)

const pythonAbove = {
  'pyproject.toml': '[tool.pyright]\ninclude = ["other"]\n',
  'other/o.py': 'O = 1\n',
  'app/pkg/__init__.py': '',
  'app/pkg/a.py': 'def helper():\n    return 1\n',
  'app/pkg/b.py': 'from pkg.a import helper\n\nhelper()\n',
}
const references = { operation: 'findReferences', filePath: 'pkg/a.py', position: { line: 0, character: 4 } } as const

describe('a workspace inside another project', { timeout: 120_000 }, () => {
  it("TypeScript: /x/app's tsconfig.json is the project, not /x's", async () => {
    const seam = await providersOn(
      {
        'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['other'] }),
        'other/o.ts': 'export const o = 1\n',
        'app/tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
        'app/src/a.ts': 'export function helper(): number { return 1 }\n',
        'app/src/b.ts': "import { helper } from './a'\nhelper()\n",
      },
      undefined,
      { workspace: 'app' },
    )
    const answer = await seam.ask({ operation: 'findReferences', filePath: 'src/a.ts', position: { line: 0, character: 16 } })
    expect({ locations: seam.show(answer), completeness: answer.completeness }).toEqual({
      locations: ['src/a.ts:1:17', 'src/b.ts:1:10', 'src/b.ts:2:1'],
      completeness: { state: 'complete' },
    })
  })

  it("Python: /x/app's pyproject.toml with a [tool.pyright] table is the project, not /x's", async () => {
    const seam = await providersOn({ ...pythonAbove, 'app/pyproject.toml': '[project]\nname = "app"\n\n[tool.pyright]\n' }, undefined, { workspace: 'app' })
    const answer = await seam.ask(references)
    expect({ locations: seam.show(answer), completeness: answer.completeness }).toEqual({
      locations: ['pkg/a.py:1:5', 'pkg/b.py:1:19', 'pkg/b.py:3:1'],
      completeness: { state: 'complete' },
    })
  })

  it("Python: app's pyproject.toml without [tool.pyright] sends pyright to /x's, which leaves app out: partial", async () => {
    const seam = await providersOn({ ...pythonAbove, 'app/pyproject.toml': '[project]\nname = "app"\n' }, undefined, { workspace: 'app' })
    const x = path.dirname(seam.root)
    // By hand: pyright's own command line, run in app, analyses only /x/other/o.py.
    const cli = JSON.parse(execFileSync(process.execPath, [require.resolve('pyright/index.js'), '--outputjson'], { cwd: seam.root, encoding: 'utf8' })) as { summary: { filesAnalyzed: number } }
    expect(cli.summary.filesAnalyzed).toBe(1)
    const answer = await seam.ask(references)
    expect({ locations: seam.show(answer), completeness: answer.completeness }).toEqual({
      locations: ['pkg/a.py:1:5'],
      completeness: {
        state: 'partial',
        reason: 'unconfigured',
        message: `pyright takes its settings from ${x}/pyproject.toml, as pyproject.toml has no [tool.pyright] table, whose include (${x}/other) leaves this workspace out; add a [tool.pyright] table to pyproject.toml to search this project`,
      },
    })
  })
})
