import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { withPathFiles } from './pyright-environment.js'

describe('withPathFiles', () => {
  it("follows a search path's .pth path lines as Python's site does: editable installs, relative ones, not import lines nor missing folders", () => {
    // The twenty-eighth trial: `pip install -e ./uri` wrote __editable__.lazr.uri-1.0.6.pth naming uri/src;
    // workspaceDiagnostics passed site-packages alone and said `Import "lazr.uri" could not be resolved`.
    const root = mkdtempSync(join(tmpdir(), 'pth-'))
    const site = join(root, '.venv/lib/python3.11/site-packages')
    for (const folder of [site, join(root, 'uri/src'), join(site, 'vendored')]) mkdirSync(folder, { recursive: true })
    writeFileSync(join(site, '__editable__.lazr.uri-1.0.6.pth'), `${join(root, 'uri/src')}\n`)
    writeFileSync(join(site, 'a-vendored.pth'), '# vendored copies\nvendored\n\nimport sys; sys.flags\n')
    writeFileSync(join(site, 'gone.pth'), `${join(root, 'gone')}\n`)
    writeFileSync(join(site, 'not-a-pth.txt'), `${join(root, 'uri')}\n`)
    // In the order of the files' names, as site.addsitedir reads them (`_` sorts before `a`).
    expect(withPathFiles([site, join(root, 'elsewhere')])).toEqual([site, join(root, 'uri/src'), join(site, 'vendored'), join(root, 'elsewhere')])
  })
})
