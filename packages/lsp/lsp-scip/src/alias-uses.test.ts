import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LspProviderQuery } from '@agent-lsp/lsp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexWorkspace } from './indexers.test-support.js'
import { createScipLspProvider } from './provider.js'
import { fileUri } from './workspace/files.js'

// Django's idiom: scip-python records the import (one occurrence over `gettext_lazy as _`) and no
// occurrence at any `_(…)` after it.
const trans = 'def gettext_lazy(message):\n    return message\n'
const forms = [
  'from shop.trans import gettext_lazy as _',
  '',
  "TITLE = _('title')",
  "# _('in a comment') and \"_('in a string')\" are not uses",
  "NOTE = \"_('in a string')\"",
  '',
  'def shadow(_):',
  '    return _',
  '',
  'class Form:',
  "    label = _('label')",
  '    def help(self):',
  "        return [_('a'), _('b'), self._]",
  '',
].join('\n')
const direct = "from shop.trans import gettext_lazy\n\nNAME = gettext_lazy('name')\n"

let root = ''
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-scip-alias-')))
  await mkdir(join(root, 'shop'))
  await writeFile(join(root, 'shop/__init__.py'), '')
  await writeFile(join(root, 'shop/trans.py'), trans)
  await writeFile(join(root, 'shop/forms.py'), forms)
  await writeFile(join(root, 'shop/direct.py'), direct)
  await indexWorkspace(root, { python: { projectName: 'shop' } })
}, 120_000)
afterAll(() => rm(root, { recursive: true, force: true }))

const refs = async (file: string, line: number, character: number) => {
  const query = { operation: 'findReferences', filePath: file, position: { line, character }, workspaceRoot: root, languageId: 'python' } as LspProviderQuery
  const result = await createScipLspProvider().query(query)
  const rows = result.kind === 'locations' ? result.locations.map((l) => `${l.uri.slice(fileUri(root).length + 1)}:${l.range.start.line + 1}:${l.range.start.character + 1}`) : []
  return { rows, completeness: result.completeness }
}

describe('findReferences from a scip-python index, of a function imported under another name', () => {
  it("lists the alias's uses as code (not in comments, strings, attributes, or where a parameter _ shadows it)", async () => {
    expect(await refs('shop/trans.py', 0, 5)).toEqual({
      rows: [
        'shop/direct.py:1:24', 'shop/direct.py:3:8',
        'shop/forms.py:1:24', 'shop/forms.py:3:9', 'shop/forms.py:11:13', 'shop/forms.py:13:17', 'shop/forms.py:13:25',
        'shop/trans.py:1:5',
      ],
      completeness: { state: 'complete' },
    })
  })
})
