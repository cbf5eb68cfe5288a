// Queries sync their documents concurrently (a rename's verification asks `diagnostics` of every
// file at once). Past the open-document bound, one query's eviction closed a document another was
// syncing, which then put it back in its bookkeeping: "open" here, closed in the server. After an
// overlay of 80 files, 80 such queries closed every document in typescript-language-server, whose
// tsserver then dropped the project ("No Project" for each file) while lsp-local never reopened them.
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { pathToUri } from '../normalize/uri.js'
import { OpenDocuments, type DocumentServer } from './documents.js'

/** Documents over a server that records what it was sent and answers each notification on a later turn, as a pipe does. */
function documents(maxOpen: number) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-documents-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  const sent: string[] = []
  /** The documents open in the server, by file name. */
  const serverOpen = new Set<string>()
  const server: DocumentServer = {
    notify: async (type, params) => {
      const name = (params as { textDocument: { uri: string } }).textDocument.uri.slice(pathToUri(root).length + 1)
      const what = type.method.replace('textDocument/did', '').toLowerCase()
      sent.push(`${what} ${name}`)
      if (what === 'open') serverOpen.add(name)
      if (what === 'close') serverOpen.delete(name)
      await new Promise((resolve) => setImmediate(resolve))
    },
    capabilities: {},
    diagnostics: { onSent: () => {}, forget: () => {} },
  }
  const names = Array.from({ length: 8 }, (_, index) => `f${index}.ts`)
  for (const name of names) writeFileSync(join(root, name), `// ${name}\n`)
  const paths = names.map((name) => join(root, name))
  const docs = new OpenDocuments(server, maxOpen)
  const openHere = (): string[] => docs.paths.map((path) => path.slice(root.length + 1)).sort()
  return { docs, sent, paths, openHere, openInServer: () => [...serverOpen].sort() }
}

describe('OpenDocuments synced by concurrent queries past the bound', () => {
  it('open here exactly when open in the server, each notification for a document in the state it expects', async () => {
    const { docs, sent, paths, openHere, openInServer } = documents(2)
    // As an overlay leaves them: all 8 open, 6 past the bound.
    for (const path of paths) await docs.setOverlay(path, 'typescript', '// overlay\n')
    for (const path of paths) await docs.clearOverlay(path)
    sent.length = 0
    await Promise.all(paths.map((path) => docs.sync(path, 'typescript')))
    expect(openHere()).toEqual(openInServer())
    expect(docs.size).toBe(2)
    // One query at a time: each file brought to the front, the least recently used closed for room.
    expect(sent.filter((line) => !line.startsWith('change'))).toEqual([
      ...['close f1.ts', 'close f2.ts', 'close f3.ts', 'close f4.ts', 'close f5.ts', 'close f6.ts'],
      ...['open f1.ts', 'close f7.ts', 'open f2.ts', 'close f0.ts', 'open f3.ts', 'close f1.ts', 'open f4.ts', 'close f2.ts'],
      ...['open f5.ts', 'close f3.ts', 'open f6.ts', 'close f4.ts', 'open f7.ts', 'close f5.ts'],
    ])
  })

  it('opens a file asked by two queries at once once', async () => {
    const { docs, sent, paths, openHere, openInServer } = documents(4)
    await Promise.all([docs.sync(paths[0]!, 'typescript'), docs.sync(paths[0]!, 'typescript')])
    expect(sent).toEqual(['open f0.ts'])
    expect(openHere()).toEqual(openInServer())
  })

  it('closes no document a query holds for room until the hold is released', async () => {
    const { docs, sent, paths, openHere, openInServer } = documents(1)
    const hold = docs.hold()
    await docs.sync(paths[0]!, 'typescript', hold)
    await docs.sync(paths[1]!, 'typescript', hold)
    await docs.sync(paths[2]!, 'typescript')
    expect(sent).toEqual(['open f0.ts', 'open f1.ts', 'open f2.ts'])
    hold.release()
    hold.release()
    await docs.sync(paths[2]!, 'typescript')
    expect(sent.slice(3)).toEqual(['close f0.ts', 'close f1.ts'])
    expect(openHere()).toEqual(openInServer())
  })
})
