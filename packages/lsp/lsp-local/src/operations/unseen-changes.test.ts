import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { pathToUri } from '../normalize/uri.js'
import { OpenDocuments, type DocumentServer } from '../sync/documents.js'
import type { LookListener } from '../sync/watched-files.js'
import { UnseenChanges } from './unseen-changes.js'

const config = { id: 'go', command: 'gopls', extensionToLanguage: { '.go': 'go' } }

/** Unseen changes over documents (one open at most) whose server records `open x.go` / `close x.go`, told looks by `look`. */
function setup() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-unseen-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  const sent: string[] = []
  const server: DocumentServer = {
    notify: async (type, params) => void sent.push(`${type.method.replace('textDocument/did', '').toLowerCase()} ${(params as { textDocument: { uri: string } }).textDocument.uri.slice(pathToUri(root).length + 1)}`),
    capabilities: { textDocumentSync: 1 },
    diagnostics: { onSent: () => {}, forget: () => {} },
  }
  let listener: LookListener = () => {}
  const unseen = new UnseenChanges({ onLook: (told) => void (listener = told) })
  const file = (name: string): string => {
    writeFileSync(join(root, name), `package x // ${name}\n`)
    return join(root, name)
  }
  return { docs: new OpenDocuments(server, 1), unseen, sent, file, look: (...changes: Parameters<LookListener>[0]) => listener(changes) }
}

describe('UnseenChanges', () => {
  it('holds open a file changed with its size and mtime kept, until they change; other changes open nothing', async () => {
    const { docs, unseen, sent, file, look } = setup()
    const [a, b, c] = [file('a.go'), file('b.go'), file('c.go')]
    // b: its size changed (the server reads it again by itself); a: a new inode, size and mtime kept.
    look({ path: b, before: '20:1000:1000:7', after: '21:1001:1001:7' }, { path: a, before: '20:1000:1000:5', after: '20:1000:2000:6' })
    await unseen.open(docs, config)
    expect(sent).toEqual(['open a.go'])
    // Held: not closed for room while others are opened.
    await docs.sync(b, 'go')
    await docs.sync(c, 'go')
    expect(sent).toEqual(['open a.go', 'open b.go', 'open c.go', 'close b.go'])
    // Rewritten in place within one tick (the stamp the same, an event named it): re-sent, still held.
    look({ path: a, before: '20:1000:2000:6', after: '20:1000:2000:6' })
    await unseen.open(docs, config)
    await docs.sync(b, 'go')
    expect(sent.slice(4)).toEqual(['close c.go', 'open b.go'])
    // Its mtime changed: released, and closed for room at the next sync.
    look({ path: a, before: '20:1000:2000:6', after: '20:3000:3000:6' })
    await unseen.open(docs, config)
    await docs.sync(c, 'go')
    expect(sent.slice(6)).toEqual(['open c.go', 'close a.go', 'close b.go'])
  })
})
