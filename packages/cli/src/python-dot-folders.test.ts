// pyright 1.1.414 leaves out every folder starting with a dot (`**/.*` is added to its excludes,
// even when pyrightconfig.json's `include` names the folder): a workspace whose Python lives under
// `.claude/lib` starts pyright for a search without a file, and workspace-wide answers say what
// pyright does not search. Dependency folders (`.venv`) are nobody's sources and change nothing.
import { describe, expect, it } from 'vitest'
import { providersOn } from './provider-only.test-support.js'
import { writeFiles } from './workspace.test-support.js'

const lib = {
  '.claude/lib/x.py': 'def main_entry():\n    return 1\n',
  '.claude/lib/y.py': 'from x import main_entry\n\nmain_entry()\n',
  '.claude/lib/z.py': 'VALUE = 2\n',
}
const leftOut = {
  state: 'partial',
  reason: 'unconfigured',
  message: 'pyright leaves out files under folders starting with a dot (.claude/lib/x.py and 2 more)',
}

describe('python under dot folders', { timeout: 120_000 }, () => {
  it('a search without a file starts pyright and says it leaves .claude/lib out', async () => {
    const seam = await providersOn({ ...lib, 'pyrightconfig.json': JSON.stringify({ include: ['.claude/lib'] }) })
    const search = await seam.ask({ operation: 'workspaceSymbol', query: 'main_entry', filePath: null })
    // pyright's workspace/symbol searches no excluded file, even an open one.
    expect({ symbols: seam.show(search, true), completeness: search.completeness }).toEqual({ symbols: [], completeness: leftOut })
    const references = await seam.ask({ operation: 'findReferences', filePath: '.claude/lib/x.py', position: { line: 0, character: 4 } })
    expect({ locations: seam.show(references), completeness: references.completeness }).toEqual({ locations: ['.claude/lib/x.py:1:5'], completeness: leftOut })
  })

  it('a file outside dot folders: complete, whatever a .venv holds; partial once a dot folder holds Python', async () => {
    const seam = await providersOn({
      'app/a.py': 'def helper():\n    return 1\n',
      'app/b.py': 'from app.a import helper\n\nhelper()\n',
      'app/__init__.py': '',
      '.venv/lib/python3.11/site-packages/dep.py': 'def helper():\n    return 2\n',
      '.git/hooks/x.py': '',
    })
    const ask = () => seam.ask({ operation: 'findReferences', filePath: 'app/a.py', position: { line: 0, character: 4 } })
    const complete = await ask()
    expect({ locations: seam.show(complete), completeness: complete.completeness }).toEqual({
      locations: ['app/a.py:1:5', 'app/b.py:1:19', 'app/b.py:3:1'],
      completeness: { state: 'complete' },
    })
    await writeFiles(seam.root, { '.tools/gen.py': 'from app.a import helper\n' })
    const partial = await ask()
    expect({ locations: seam.show(partial), completeness: partial.completeness }).toEqual({
      locations: ['app/a.py:1:5', 'app/b.py:1:19', 'app/b.py:3:1'],
      completeness: { state: 'partial', reason: 'unconfigured', message: 'pyright leaves out files under folders starting with a dot (.tools/gen.py)' },
    })
  })
})
