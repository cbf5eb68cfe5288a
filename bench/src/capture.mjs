// What our provider sends in `initialize`, learned at run time (kept apart from raw-client.mjs so
// that the raw client never loads our packages).
import { readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLocalLspProvider } from '@agent-lsp/lsp-local'

/**
 * The `ClientCapabilities` our provider sends, learned by starting it on a stand-in server that
 * records its `initialize` (capture-server.mjs), so that both clients always ask the same things
 * of the server, whatever lsp-local sends today.
 * @returns {Promise<object>}
 */
export async function captureClientCapabilities() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-bench-capture-'))
  try {
    const out = path.join(dir, 'initialize.json')
    writeFileSync(path.join(dir, 'a.ts'), '')
    const provider = createLocalLspProvider({
      id: 'capture',
      command: process.execPath,
      args: [fileURLToPath(new URL('./capture-server.mjs', import.meta.url)), out],
      extensionToLanguage: { '.ts': 'typescript' },
    })
    // The stand-in exits after initialize: the query fails, the request is on disk.
    await provider
      .query({ operation: 'hover', filePath: path.join(dir, 'a.ts'), position: { line: 0, character: 0 }, workspaceRoot: dir, languageId: 'typescript' })
      .catch(() => {})
    await provider.dispose()
    return JSON.parse(readFileSync(out, 'utf8')).capabilities
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

