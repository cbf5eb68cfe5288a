// typescript-language-server outlives its tsserver: when tsserver dies it logs "[tsserver] Exited."
// and from then on answers every request with nothing. That must read as a crash, never as "no
// references", and the next query must get a working server again.
import { readFileSync } from 'node:fs'
import { descendantPids, waitUntilGone } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

const files = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
  'src/a.ts': 'export function greet(name: string): string { return name }\n',
  'src/b.ts': "import { greet } from './a'\nexport const hello = greet('you')\n",
}

const references = grouped([
  '3 references to greet in 2 files',
  'src/a.ts:1:17  export function greet(name: string): string { return name }',
  "src/b.ts:1:10  import { greet } from './a'",
  "src/b.ts:2:22  export const hello = greet('you')",
])

/** The semantic tsserver below this process (not the typings installer). */
function tsserverPids(): number[] {
  return descendantPids(process.pid).filter((pid) => {
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      return commandLine.includes('tsserver.js') && !commandLine.includes('typingsInstaller')
    } catch {
      return false
    }
  })
}

describe('typescript-language-server whose tsserver died', () => {
  it('fails the next query as a crash quoting its log line, then restarts and answers exactly', async () => {
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    const ask = () => tool.execute({ operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 17 })
    expect(await ask()).toBe(references)
    const engines = tsserverPids()
    expect(engines).toHaveLength(1)
    process.kill(engines[0]!, 'SIGKILL')
    expect(await waitUntilGone(engines, 5_000)).toEqual([])
    // tsls logs its child's exit; when that line arrives before the next query, the host has
    // already stopped it and the query starts a new one; when after, the query fails as a crash.
    // Either way, never the empty answer the dead server gives.
    // When the line comes after the dead server's empty answer (a fresh-clone CI), asking tsserver's status says it is gone.
    const crash = /^LSP_SERVER_CRASHED: language server "typescript" can no longer answer: (it logged ".*\[tsserver\] Exited\. Code: null\. Signal: SIGKILL"|asked whether its engine runs \(typescript\.tsserverRequest \["status",\{\}\]\), it answered \{"type":"noServer"\})$/
    const answer = await ask().catch((error: { code?: string; message: string }) => `${error.code}: ${error.message}`)
    if (answer !== references) expect(answer).toMatch(crash)
    expect(await ask()).toBe(references)
    const restarted = tsserverPids()
    expect(restarted).toHaveLength(1)
    expect(restarted[0]).not.toBe(engines[0])
  })
})
