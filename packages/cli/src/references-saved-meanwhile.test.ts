// findReferences while another agent saves a file of the answer (temp file + rename), on the real
// typescript-language-server with the cross-check: the server answered from the old text, the
// cross-check read the new one. Found 2026-12-07: the answer listed the server's rows of the old
// version (now a blank line) beside the cross-check's rows of the new one, "missed by the server",
// complete. The save is made at one exact point: after the server answered, before the cross-check.
import { renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { createLspService, type LspProvider, type LspProviderQuery } from '@agent-lsp/lsp'
import { withCrossCheck } from '@agent-lsp/lsp-crosscheck'
import { createLocalLspProvider } from '@agent-lsp/lsp-local'
import { createLspTool } from '@agent-lsp/tool-lsp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { defaultServers } from './servers.js'
import { tempWorkspace } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] })
const utils = 'export const isServer = (globalThis as { window?: unknown }).window === undefined\n'
const removable = "import { isServer } from './utils'\n\nexport const gcTime = isServer ? Infinity : 300_000\n"
const main = "import { isServer } from './utils'\n\nexport const where = isServer ? 'server' : 'client'\n"

/**
 * The `lsp` tool over typescript-language-server and the cross-check, whose server answers go
 * through `onAnswer` (called with the request, after the server answered, before the cross-check).
 */
function toolWith(root: string, onAnswer: (request: LspProviderQuery) => void) {
  const config = defaultServers().find((server) => server.id === 'typescript')!
  const provider = createLocalLspProvider(config)
  const lsp = createLspService()
  const watched: LspProvider = {
    id: provider.id,
    extensionToLanguage: provider.extensionToLanguage,
    async query(request, signal) {
      const answer = await provider.query(request, signal)
      onAnswer(request)
      return answer
    },
  }
  lsp.registerProvider(watched)
  onTestFinished(async () => {
    lsp.dispose()
    await provider.dispose()
  })
  const tool = createLspTool({ lsp: withCrossCheck(lsp) }, { workspaceRoot: root })
  if (!tool) throw new Error('no tool')
  return tool
}

/** Save `text` as `file` the way editors and agents do: a temporary file renamed into place. */
function save(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text)
  renameSync(`${file}.tmp`, file)
}

const truth = [
  '5 references to isServer in 3 files',
  'src/main.ts',
  "1:10  import { isServer } from './utils'",
  "3:22  export const where = isServer ? 'server' : 'client'",
  'src/removable.ts',
  "4:10  import { isServer } from './utils'",
  '6:23  export const gcTime = isServer ? Infinity : 300_000',
  'src/utils.ts:1:14  export const isServer = (globalThis as { window?: unknown }).window === undefined',
]

describe('findReferences while a file of the answer is saved (typescript-language-server, cross-check)', () => {
  it('saved once during the query: asked again, the answer is the new version whole, complete', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/utils.ts': utils, 'src/removable.ts': removable, 'src/main.ts': main })
    let saves = 0
    const tool = toolWith(root, (request) => {
      if (request.operation !== 'findReferences' || saves > 0) return
      saves++
      save(path.join(root, 'src/removable.ts'), `\n\n\n${removable}`)
    })
    // Warm, so that the server's answer and the save are the only things that differ.
    await tool.execute({ operation: 'hover', filePath: 'src/utils.ts', line: 1, character: 14 })
    const answer = await tool.execute({ operation: 'findReferences', filePath: 'src/utils.ts', line: 1, character: 14 })
    expect(saves).toBe(1)
    expect(answer.split('\n')).toEqual(truth)
  }, 120_000)

  it('saved during the query asked again too: partial, naming the file', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/utils.ts': utils, 'src/removable.ts': removable, 'src/main.ts': main })
    let saves = 0
    const tool = toolWith(root, (request) => {
      if (request.operation !== 'findReferences') return
      saves++
      save(path.join(root, 'src/removable.ts'), `${'\n'.repeat(3 * saves)}${removable}`)
    })
    await tool.execute({ operation: 'hover', filePath: 'src/utils.ts', line: 1, character: 14 })
    const answer = (await tool.execute({ operation: 'findReferences', filePath: 'src/utils.ts', line: 1, character: 14 })).split('\n')
    expect(saves).toBe(2)
    expect(answer[0]).toBe(
      'Partial answer (stale): src/removable.ts changed on disk while the answer was computed, twice: its places may mix two versions of the file; ask again',
    )
  }, 120_000)
})
