import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { pathToUri } from '../normalize/uri.js'
import { OpenDocuments, type DocumentServer } from './documents.js'

/** Documents over a server that only records what it was sent: `open` or `close` and the file name. */
function documents(maxOpen: number) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-documents-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  const sent: string[] = []
  const server: DocumentServer = {
    notify: async (type, params) => {
      const uri = (params as { textDocument: { uri: string } }).textDocument.uri
      const changes = (params as { contentChanges?: { text: string }[] }).contentChanges
      const text = changes ? ` ${JSON.stringify(changes.map((change) => change.text).join(''))}` : ''
      sent.push(`${type.method.replace('textDocument/did', '').toLowerCase()} ${uri.slice(pathToUri(root).length + 1)}${text}`)
    },
    diagnostics: { onSent: () => {}, forget: () => {} },
  }
  const file = (name: string): string => {
    writeFileSync(join(root, name), `// ${name}\n`)
    return join(root, name)
  }
  return { docs: new OpenDocuments(server, maxOpen), sent, file }
}

describe('OpenDocuments', () => {
  it('keeps the files it is told to keep open beside the least recently used bound, and lets them go after', async () => {
    const { docs, sent, file } = documents(1)
    const [a, b, c, d] = [file('a.ts'), file('b.ts'), file('c.ts'), file('d.ts')]
    await docs.keepOpen(new Map([[a, 'typescript'], [b, 'typescript']]))
    await docs.sync(c, 'typescript')
    await docs.sync(d, 'typescript')
    expect(docs.size).toBe(3)
    expect(sent).toEqual(['open a.ts', 'open b.ts', 'open c.ts', 'open d.ts', 'close c.ts'])
    await docs.keepOpen(new Map([[b, 'typescript'], [join(dirname(a), 'gone.ts'), 'typescript']]))
    // a.ts is no longer kept, and gone.ts does not exist: the bound (1 besides b.ts) closes a.ts.
    expect(sent.slice(5)).toEqual(['close a.ts'])
    expect(docs.size).toBe(2)
  })

  it('keeps an overlay against disk re-reads and the bound until it is cleared, then sends the disk text', async () => {
    const { docs, sent, file } = documents(1)
    const [a, b] = [file('a.ts'), file('b.ts')]
    await docs.setOverlay(a, 'typescript', 'let a = 2\n')
    writeFileSync(a, '// a.ts changed\n')
    await docs.sync(b, 'typescript')
    await docs.refreshOpen()
    expect(sent).toEqual(['open a.ts', 'change a.ts "let a = 2\\n"', 'open b.ts'])
    await docs.clearOverlay(a)
    await docs.clearOverlay(a)
    await docs.sync(b, 'typescript')
    expect(sent.slice(3)).toEqual(['change a.ts "// a.ts changed\\n"', 'close a.ts'])
  })
})
