// A config that cannot be applied (here a workspace config naming a command, untrusted) does not
// stop `mcp` or `doctor`: the MCP server starts and answers every call with the one-line error as
// an error result (a client saw only "Connection closed"), and doctor reports the servers that load
// without that config, the error, and exits 1.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { fakeServerPath } from '@agent-lsp/lsp-testing'
import { lspToolInputJsonSchema } from '@agent-lsp/tool-lsp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { answers, crossCheckLine, firstRows, markupRows } from './doctor.test-support.js'
import { main } from './main.js'
import { tempWorkspace } from './workspace.test-support.js'

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))

/** A workspace whose `agent-lsp.toml` adds the fake server (its command on line 3), and an environment without a user config. */
async function untrusted(): Promise<{ root: string; env: NodeJS.ProcessEnv; refusal: string }> {
  const toml = ['[[servers]]', 'id = "fake"', `command = ${JSON.stringify(process.execPath)}`, `args = [${JSON.stringify(fakeServerPath)}]`, 'extensions = { ".fake" = "plaintext" }', ''].join('\n')
  const root = await tempWorkspace({ 'agent-lsp.toml': toml, 'note.fake': 'anything\n', 'src/a.ts': 'export const a = 1\n' })
  const xdg = path.join(root, '.xdg')
  const refusal =
    `CONFIG_UNTRUSTED: ${root}/agent-lsp.toml:3: server "fake" would run \`${process.execPath} ${fakeServerPath}\`, ` +
    `but a workspace config may not choose commands until you trust the workspace: pass --trust-workspace-config, ` +
    `or add "${root}" to trustedWorkspaces in ${xdg}/agent-lsp/config.toml`
  return { root, env: { ...process.env, XDG_CONFIG_HOME: xdg }, refusal }
}

describe('a config that cannot be applied', () => {
  it('mcp: starts, lists the tool, and answers every call with the one line as an error result', async () => {
    const { root, env, refusal } = await untrusted()
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', root], cwd: root, env: env as Record<string, string>, stderr: 'pipe' })
    let stderr = ''
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const client = new Client({ name: 'agent-lsp-test', version: '0' })
    await client.connect(transport)
    onTestFinished(() => client.close())

    const { tools } = await client.listTools()
    expect(tools.map((tool) => [tool.name, tool.inputSchema])).toEqual([['lsp', lspToolInputJsonSchema]])
    const refused = { content: [{ type: 'text', text: refusal }], isError: true }
    expect(await client.callTool({ name: 'lsp', arguments: { operation: 'hover', filePath: 'note.fake', line: 1, character: 1 } })).toEqual(refused)
    expect(await client.callTool({ name: 'lsp', arguments: { operation: 'documentSymbol', filePath: 'src/a.ts' } })).toEqual(refused)
    await client.close()
    expect(stderr).toBe(`agent-lsp: ${refusal}\n`)
  })

  it('doctor: reports the servers without that config, the error, and exits 1', async () => {
    const { root, env, refusal } = await untrusted()
    let stdout = ''
    let stderr = ''
    const io = { cwd: root, env: { ...env, PATH: path.join(root, 'empty') }, stdout: (text: string) => void (stdout += text), stderr: (text: string) => void (stderr += text) }
    const code = await main(['doctor'], io)
    expect({ code, stderr }).toEqual({ code: 1, stderr: `agent-lsp: ${refusal}\n` })
    expect(stdout.split('\n')).toEqual([
      `Language servers for ${root}`,
      ...firstRows(),
      'missing  c           C/C++                  clangd not found on PATH; install: apt-get install clangd',
      answers.c,
      'missing  go          Go                     gopls not found on PATH; install: apt-get install gopls golang-go',
      answers.go,
      'missing  rust        Rust                   rust-analyzer not found on PATH; install: rustup component add rust-analyzer',
      answers.go,
      ...markupRows(path.join(root, 'empty')),
      `Not applied: ${refusal}`,
      'Queries fail with this error until it is fixed; the servers above leave that config out.',
      crossCheckLine(),
      '11 of 15 language servers ready',
      '',
    ])
  })
})
