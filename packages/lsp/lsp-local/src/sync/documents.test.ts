import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { pathToUri } from '../normalize/uri.js'
import type { Range } from 'vscode-languageserver-protocol'
import { OpenDocuments, type DocumentServer } from './documents.js'

/** Documents over a server that only records what it was sent: `open` or `close` and the file name. */
function documents(maxOpen: number, capabilities: DocumentServer['capabilities'] = {}, maxOtherBytes?: number) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-documents-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  const sent: string[] = []
  const server: DocumentServer = {
    notify: async (type, params) => {
      const uri = (params as { textDocument: { uri: string } }).textDocument.uri
      const changes = (params as { contentChanges?: { text: string; range?: Range }[] }).contentChanges
      const at = ({ start, end }: Range) => ` ${start.line}:${start.character}-${end.line}:${end.character}`
      const text = changes ? changes.map((change) => `${change.range ? at(change.range) : ''} ${JSON.stringify(change.text)}`).join('') : ''
      sent.push(`${type.method.replace('textDocument/did', '').toLowerCase()} ${uri.slice(pathToUri(root).length + 1)}${text}`)
    },
    capabilities,
    diagnostics: { onSent: () => {}, forget: () => {} },
  }
  const file = (name: string): string => {
    writeFileSync(join(root, name), `// ${name}\n`)
    return join(root, name)
  }
  return { docs: new OpenDocuments(server, maxOpen, maxOtherBytes), sent, file }
}

describe('OpenDocuments', () => {
  it('sends a server that takes incremental changes the range that changed, once; a full-sync one the whole text', async () => {
    const incremental = documents(4, { textDocumentSync: { openClose: true, change: 2 } })
    const full = documents(4, { textDocumentSync: 1 })
    for (const { docs, file } of [incremental, full]) {
      const a = file('a.ts')
      await docs.sync(a, 'typescript')
      writeFileSync(a, 'let x\n// a.ts\n')
      await docs.sync(a, 'typescript')
      await docs.sync(a, 'typescript')
    }
    expect(incremental.sent).toEqual(['open a.ts', 'change a.ts 0:0-0:0 "let x\\n"'])
    expect(full.sent).toEqual(['open a.ts', 'change a.ts "let x\\n// a.ts\\n"'])
  })

  it('closes and opens again a document of a million units or more when most of it changed', async () => {
    const { docs, sent, file } = documents(4, { textDocumentSync: 2 })
    const a = file('a.ts')
    writeFileSync(a, 'a'.repeat(1_000_000))
    await docs.sync(a, 'typescript')
    // A quarter of it, at the end: still a change.
    writeFileSync(a, `${'a'.repeat(750_000)}${'b'.repeat(250_000)}`)
    await docs.sync(a, 'typescript')
    // Just more than a quarter: a close and an open.
    writeFileSync(a, `${'a'.repeat(749_999)}${'c'.repeat(250_001)}`)
    await docs.sync(a, 'typescript')
    expect(sent.map((line) => line.slice(0, 40))).toEqual(['open a.ts', 'change a.ts 0:750000-0:1000000 "bbbbbbbb', 'close a.ts', 'open a.ts'])
    expect(await docs.sync(a, 'typescript')).toBe(`${'a'.repeat(749_999)}${'c'.repeat(250_001)}`)
  })

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

  it('closes a document whose file was deleted or replaced by a folder or a FIFO, as the next sync of another finds', async () => {
    const { docs, sent, file } = documents(4)
    const [a, b, c, d] = [file('a.ts'), file('b.ts'), file('c.ts'), file('d.ts')]
    for (const path of [a, b, c, d]) await docs.sync(path, 'typescript')
    rmSync(a)
    rmSync(b)
    mkdirSync(b) // read, it failed every query with EISDIR
    rmSync(c)
    execFileSync('mkfifo', [c]) // read, it blocked the host's thread for good
    expect(await docs.sync(d, 'typescript')).toBe('// d.ts\n')
    expect(sent.slice(4)).toEqual(['close a.ts', 'close b.ts', 'close c.ts'])
    expect(docs.size).toBe(1)
  })

  // pyright reads no source file over 50 MiB from disk, but took a 70 MB document it was sent, ran
  // out of heap and answered nothing for a minute, about any file.
  it('closes another open document grown past the bound instead of sending it, keeps none open past it; the queried one is sent', async () => {
    const { docs, sent, file } = documents(4, {}, 100)
    const [a, b] = [file('a.ts'), file('b.ts')]
    await docs.sync(a, 'typescript')
    await docs.sync(b, 'typescript')
    writeFileSync(a, `// ${'a'.repeat(100)}\n`)
    expect(await docs.sync(b, 'typescript')).toBe('// b.ts\n')
    expect(sent.slice(2)).toEqual(['close a.ts'])
    expect(await docs.sync(a, 'typescript')).toBe(`// ${'a'.repeat(100)}\n`)
    expect(sent.slice(3)).toEqual([`open a.ts`])
    const c = file('c.ts')
    writeFileSync(c, 'c'.repeat(101))
    await docs.keepOpen(new Map([[c, 'typescript']]))
    expect(sent.slice(4)).toEqual([])
  })
})
