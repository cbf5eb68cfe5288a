// The catalogue's alternatives, pylsp (for pyright) and ccls (for clangd): off by default, on with
// `enabled = true` in a config, which gives them the files of the server they stand in for.
// Exact seam values from the real servers, shown 1-based by `seam.render`.
import { realpath } from 'node:fs/promises'
import path from 'node:path'
import type { LspQueryRequest, LspRange } from '@agent-lsp/lsp'
import type { SeamRequest } from './seam.test-support.js'
import { describe, expect, it, onTestFinished } from 'vitest'
import { loadServerSetup } from './config.js'
import { createLspHost } from './host.js'
import { render } from './seam.test-support.js'
import { tempWorkspace } from './workspace.test-support.js'

const enable = '[[servers]]\nid = "pylsp"\nenabled = true\n\n[[servers]]\nid = "ccls"\nenabled = true\n'

async function alternativesOn(files: Record<string, string>) {
  const root = await realpath(await tempWorkspace({ ...files, 'enable.toml': enable }))
  const setup = loadServerSetup({ workspaceRoot: root, env: process.env, configFile: path.join(root, 'enable.toml'), skip: 'workspace' })
  const host = createLspHost(setup.servers.map((server) => server.config))
  onTestFinished(() => host.dispose())
  const at = (uri: string, range: LspRange) => `${path.relative(root, new URL(uri).pathname)}:${range.start.line + 1}:${range.start.character + 1}`
  const query = (request: SeamRequest) => host.ctx.lsp.query({ ...request, workspaceRoot: root } as LspQueryRequest)
  const ask = async (request: SeamRequest) => render(await query(request), at)
  /** The answer shown, and its completeness. */
  const answer = async (request: SeamRequest) => {
    const result = await query(request)
    return { shown: render(result, at), completeness: result.completeness }
  }
  return { setup, ask, answer }
}

describe('alternative servers', () => {
  it('are off by default, and enabled they take the default server\'s files, which then leaves', async () => {
    const root = await tempWorkspace({ 'enable.toml': enable, 'off.toml': '[[servers]]\nid = "yaml"\nenabled = false\n' })
    const ids = (configFile?: string) =>
      loadServerSetup({ workspaceRoot: root, env: process.env, skip: 'workspace', ...(configFile ? { configFile: path.join(root, configFile) } : {}) })
        .servers.map((server) => server.config.id)
    const all = ['typescript', 'python', 'bash', 'c', 'go', 'rust', 'json', 'css', 'html', 'yaml', 'dockerfile', 'vue', 'svelte', 'php', 'toml']
    expect(ids('off.toml')).toEqual(all.filter((id) => id !== 'yaml'))
    expect(ids('enable.toml')).toEqual([...all.filter((id) => id !== 'python' && id !== 'c'), 'pylsp', 'ccls'])
  })

  it('pylsp answers definition, references, hover and symbols across a package', async () => {
    const { ask } = await alternativesOn({
      'shop/__init__.py': '',
      'shop/pricing.py': 'def apply_discount(price, pct):\n    """Price after a discount."""\n    return price * (1 - pct)\n',
      'main.py': 'from shop.pricing import apply_discount\n\nprint(apply_discount(20, 0.1))\n',
    })
    expect(await ask({ operation: 'goToDefinition', filePath: 'main.py', position: { line: 2, character: 8 } })).toEqual(['shop/pricing.py:1:5'])
    expect(await ask({ operation: 'findReferences', filePath: 'main.py', position: { line: 2, character: 8 } })).toEqual(['main.py:1:26', 'main.py:3:7', 'shop/pricing.py:1:5'])
    expect(await ask({ operation: 'hover', filePath: 'main.py', position: { line: 2, character: 8 } })).toEqual(['```python\napply_discount(price, pct)\n```\n\n\nPrice after a discount.'])
    expect(await ask({ operation: 'documentSymbol', filePath: 'shop/pricing.py' })).toEqual(['Function apply_discount@1:1'])
  })

  // Under load ccls's indexing often outlasts the first request, and it reports the end only when a
  // message wakes it: every query waited the whole 30 s readiness bound, then answered partial.
  it('ccls answers definition, references, hover and symbols from a compile_commands.json', { timeout: 120_000 }, async () => {
    const { ask, answer } = await alternativesOn({
      'm.h': 'int add(int a, int b);\n',
      'm.c': '#include "m.h"\nint add(int a, int b) { return a + b; }\n',
      'main.c': '#include "m.h"\nint main(void) { return add(1, 2); }\n',
      'compile_commands.json': JSON.stringify([
        { directory: '.', file: 'm.c', arguments: ['cc', '-c', 'm.c'] },
        { directory: '.', file: 'main.c', arguments: ['cc', '-c', 'main.c'] },
      ]),
    })
    // Debian's ccls 0.20220729 aborted (SIGABRT) at startup in 2 of ~25 runs on a loaded machine: the
    // host reports the crash, and the next query starts it again.
    const definition = { operation: 'goToDefinition', filePath: 'main.c', position: { line: 1, character: 26 } } as const
    const first = await answer(definition).catch((error: unknown) => {
      expect(error).toMatchObject({ code: expect.stringMatching(/^LSP_SERVER_(CRASHED|START_FAILED)$/), message: expect.stringMatching(/"ccls" .*SIGABRT/) })
      return answer(definition)
    })
    expect(first).toEqual({ shown: ['m.c:2:5'], completeness: { state: 'complete' } })
    expect(await answer({ operation: 'findReferences', filePath: 'main.c', position: { line: 1, character: 26 } })).toEqual({
      shown: ['m.c:2:5', 'm.h:1:5', 'main.c:2:25'],
      completeness: { state: 'complete' },
    })
    expect(await ask({ operation: 'hover', filePath: 'main.c', position: { line: 1, character: 26 } })).toEqual(['```c\nint add(int a, int b)\n```'])
    expect(await ask({ operation: 'documentSymbol', filePath: 'main.c' })).toEqual(['Function main@2:5'])
  })
})
