// Fallback servers on real ones: a workspace whose config points pyright at a command that does not
// exist is answered by pylsp (Debian's python3-pylsp), exactly, and every answer, doctor and
// status say which server serves.
import { realpath } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { hostEnv, run } from './daemon/host.test-support.js'
import type { HostStatus } from './daemon/status.js'
import { tempWorkspace } from './workspace.test-support.js'

const files = {
  'shop/__init__.py': '',
  'shop/pricing.py': 'def apply_discount(price, pct):\n    """Price after a discount."""\n    return price * (1 - pct)\n',
  'main.py': 'from shop.pricing import apply_discount\n\nprint(apply_discount(20, 0.1))\n',
  'agent-lsp.toml': '[[servers]]\nid = "python"\ncommand = "/nonexistent/pyright-langserver"\n',
}
const trusted = '--trust-workspace-config'
const notice = 'Answered by pylsp in place of python: /nonexistent/pyright-langserver was not found'
const references = `${notice}\n3 references to apply_discount in 2 files\nmain.py\n1:26  from shop.pricing import apply_discount\n3:7  print(apply_discount(20, 0.1))\nshop/pricing.py:1:5  def apply_discount(price, pct):\n`

describe('a fallback server', () => {
  it('answers when the configured one is not installed, and the answer says so (text and --json)', async () => {
    const root = await realpath(await tempWorkspace(files))
    expect(await run(['findReferences', 'main.py:3:7', trusted], root, process.env)).toEqual({ exit: 0, stdout: references, stderr: '' })
    const json = await run(['findReferences', 'main.py:3:7', trusted, '--json'], root, process.env)
    const result = JSON.parse(json.stdout) as { fallback: unknown; locations: { uri: string; range: { start: { line: number; character: number } } }[] }
    expect(result.fallback).toEqual({ server: 'pylsp', insteadOf: 'python', reason: '/nonexistent/pyright-langserver was not found' })
    expect(result.locations.map(({ uri, range }) => `${uri.slice(`file://${root}/`.length)}:${range.start.line + 1}:${range.start.character + 1}`)).toEqual(['main.py:1:26', 'main.py:3:7', 'shop/pricing.py:1:5'])
  })

  it('is what doctor shows serving, with its operations less those a config turned off', async () => {
    const root = await realpath(await tempWorkspace({ ...files, 'agent-lsp.toml': `${files['agent-lsp.toml']}disabledOperations = ["hover", "rename"]\n` }))
    const doctor = await run(['doctor', trusted], root, process.env)
    const lines = doctor.stdout.split('\n')
    const at = lines.findIndex((line) => line.startsWith('ready    python '))
    expect(lines.slice(at, at + 3)).toEqual([
      'ready    python      Python                 fallback pylsp serves: /usr/bin/pylsp (PATH, pylsp v1.7.1), since /nonexistent/pyright-langserver not found; install: npm i pyright',
      '         answers: goToDefinition, findReferences, signatureHelp, documentSymbol, diagnostics, completion, codeActions, format, workspaceDiagnostics',
      `         disabled: hover, rename (disabledOperations in ${root}/agent-lsp.toml:4)`,
    ])
    expect(await run(['hover', 'main.py:3:7', trusted], root, process.env)).toEqual({
      exit: 1,
      stdout: '',
      stderr: `agent-lsp: LSP_UNSUPPORTED_OPERATION: hover is turned off for python by disabledOperations in ${root}/agent-lsp.toml:4; remove it there to ask the server\n`,
    })
  })

  it('is what the host\'s status shows serving, and its answers say so as the one-shot ones do', async () => {
    const root = await realpath(await tempWorkspace(files))
    const { env } = hostEnv()
    expect(await run(['findReferences', 'main.py:3:7', trusted], root, env)).toEqual({ exit: 0, stdout: references, stderr: '' })
    const status = JSON.parse((await run(['status', '--json'], root, env)).stdout) as HostStatus
    expect(status.servers.map(({ serverId, fallbackFor, languages, state }) => ({ serverId, fallbackFor, languages, state }))).toEqual([
      { serverId: 'pylsp', fallbackFor: 'python', languages: ['python'], state: 'ready' },
    ])
    const text = (await run(['status'], root, env)).stdout.split('\n')[1]
    const head = `${root}  pylsp (fallback for python) (python)  ready  pid ${status.servers[0]!.pid}  `
    expect(text?.slice(0, head.length)).toBe(head)
  })
})
