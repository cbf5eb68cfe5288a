// `agent-lsp setup` through the built command: each host's file in its documented format, merged
// into what is there, and the MCP server it names answers.
import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { parse as parseToml } from 'smol-toml'
import { describe, expect, it, onTestFinished } from 'vitest'
import { tempWorkspace } from '../workspace.test-support.js'
import { claudeMcpJson, claudeSettingsHooks, codexToml, cursorMcpJson, geminiSettings, vscodeMcpJson, zedSettings } from './host-formats.test-support.js'

const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url))
const files = {
  'tsconfig.json': '{ "include": ["src"] }',
  'src/price.ts': 'export function applyDiscount(price: number) {\n  return price * 0.9\n}\n',
  'src/cart.ts': 'import { applyDiscount } from "./price"\nexport const total = applyDiscount(10)\n',
}

function setup(args: string[], cwd: string, home: string): Promise<{ exit: number; stdout: string; stderr: string }> {
  const env = { ...process.env, HOME: home, CODEX_HOME: '' }
  return new Promise((resolve) => execFile(process.execPath, [bin, 'setup', ...args], { cwd, env }, (error, stdout, stderr) => resolve({ exit: error ? Number(error.code ?? 1) : 0, stdout, stderr })))
}

const json = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'))

describe('agent-lsp setup', () => {
  it('writes each host its entry in the format it documents', async () => {
    const root = await tempWorkspace(files)
    const home = path.join(root, 'home')
    const launch = { command: process.execPath, args: [bin, 'mcp', '--root', root] }
    const hook = { matcher: 'Grep|Bash', hooks: [{ type: 'command', command: `${process.execPath} ${bin} hook claude-code`, timeout: 30 }] }
    const written: [string, string, () => unknown, unknown][] = [
      ['claude-code', 'created .mcp.json (mcpServers.lsp)\ncreated .claude/settings.json (hooks.PreToolUse[matcher=Grep|Bash])\n', () => claudeMcpJson.parse(json(path.join(root, '.mcp.json'))), { mcpServers: { lsp: { type: 'stdio', ...launch, env: {} } } }],
      ['codex', 'created home/.codex/config.toml (mcp_servers.lsp)\n', () => codexToml.parse(parseToml(readFileSync(path.join(home, '.codex/config.toml'), 'utf8'))), { mcp_servers: { lsp: launch } }],
      ['cursor', 'created .cursor/mcp.json (mcpServers.lsp)\n', () => cursorMcpJson.parse(json(path.join(root, '.cursor/mcp.json'))), { mcpServers: { lsp: launch } }],
      ['vscode', 'created .vscode/mcp.json (servers.lsp)\n', () => vscodeMcpJson.parse(json(path.join(root, '.vscode/mcp.json'))), { servers: { lsp: { type: 'stdio', ...launch } } }],
      ['zed', 'created .zed/settings.json (context_servers.lsp)\n', () => zedSettings.parse(json(path.join(root, '.zed/settings.json'))), { context_servers: { lsp: { ...launch, env: {} } } }],
      ['gemini', 'created .gemini/settings.json (mcpServers.lsp)\n', () => geminiSettings.parse(json(path.join(root, '.gemini/settings.json'))), { mcpServers: { lsp: launch } }],
    ]
    for (const [host, said, read, expected] of written) {
      expect([host, await setup([host], root, home)]).toEqual([host, { exit: 0, stdout: said, stderr: '' }])
      expect([host, read()]).toEqual([host, expected])
    }
    expect(claudeSettingsHooks.parse(json(path.join(root, '.claude/settings.json')))).toEqual({ hooks: { PreToolUse: [hook] } })
    // Asked again, nothing changes.
    expect(await setup(['claude-code'], root, home)).toEqual({ exit: 0, stdout: 'unchanged .mcp.json (mcpServers.lsp)\nunchanged .claude/settings.json (hooks.PreToolUse[matcher=Grep|Bash])\n', stderr: '' })
  })

  it('keeps what the files hold: other servers, other hooks, comments, the layout of TOML', async () => {
    const root = await tempWorkspace(files)
    const home = path.join(root, 'home')
    const vscode = '{\n  // our team servers\n  "servers": {\n    "github": { "type": "stdio", "command": "gh-mcp", "args": [] }\n  },\n  "inputs": []\n}\n'
    mkdirSync(path.join(root, '.vscode'))
    writeFileSync(path.join(root, '.vscode/mcp.json'), vscode)
    const settings = { permissions: { allow: ['Bash(npm test)'] }, hooks: { PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: 'lint-staged' }] }] } }
    mkdirSync(path.join(root, '.claude'))
    writeFileSync(path.join(root, '.claude/settings.json'), JSON.stringify(settings, null, 2))
    const toml = '# mine\nmodel = "o3"\n\n[mcp_servers.lsp]\ncommand = "old"\n\n[profiles.fast]\nmodel = "o4-mini" # quick\n'
    mkdirSync(path.join(home, '.codex'), { recursive: true })
    writeFileSync(path.join(home, '.codex/config.toml'), toml)

    expect((await setup(['vscode'], root, home)).stdout).toBe('added .vscode/mcp.json (servers.lsp)\n')
    const edited = readFileSync(path.join(root, '.vscode/mcp.json'), 'utf8')
    expect(edited).toContain('// our team servers')
    expect(vscodeMcpJson.parse(JSON.parse(edited.replace('// our team servers', '')))).toEqual({ servers: { github: { type: 'stdio', command: 'gh-mcp', args: [] }, lsp: { type: 'stdio', command: process.execPath, args: [bin, 'mcp', '--root', root] } }, inputs: [] })

    expect((await setup(['claude-code', '--no-hook'], root, home)).stdout).toBe('created .mcp.json (mcpServers.lsp)\n')
    expect(json(path.join(root, '.claude/settings.json'))).toEqual(settings)
    expect((await setup(['claude-code'], root, home)).stdout).toBe('unchanged .mcp.json (mcpServers.lsp)\nadded .claude/settings.json (hooks.PreToolUse[matcher=Grep|Bash])\n')
    expect((json(path.join(root, '.claude/settings.json')) as typeof settings).hooks.PreToolUse.map((entry) => entry.matcher)).toEqual(['Write', 'Grep|Bash'])

    expect((await setup(['codex', '--npx'], root, home)).stdout).toBe('replaced home/.codex/config.toml (mcp_servers.lsp)\n')
    const version = (JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string }).version
    expect(readFileSync(path.join(home, '.codex/config.toml'), 'utf8')).toBe(
      `# mine\nmodel = "o3"\n\n[mcp_servers.lsp]\ncommand = "npx"\nargs = [ "-y", "agent-lsp@${version}", "mcp", "--root", "${root}" ]\n\n[profiles.fast]\nmodel = "o4-mini" # quick\n`,
    )
  })

  it('refuses a file it cannot read as the format, writing nothing, and bad usage', async () => {
    const root = await tempWorkspace(files)
    const home = path.join(root, 'home')
    mkdirSync(path.join(root, '.cursor'))
    for (const [text, why] of [
      ['{ "mcpServers": [', 'it is not JSON (CloseBracketExpected at offset 17)'],
      ['{ "mcpServers": [] }', 'mcpServers is not an object'],
    ]) {
      writeFileSync(path.join(root, '.cursor/mcp.json'), text!)
      expect(await setup(['cursor'], root, home)).toEqual({ exit: 1, stdout: '', stderr: `agent-lsp: SETUP_UNREADABLE: cannot add the mcpServers.lsp entry to ${root}/.cursor/mcp.json: ${why}; nothing was written\n` })
      expect(readFileSync(path.join(root, '.cursor/mcp.json'), 'utf8')).toBe(text)
    }
    const hosts = 'claude-code, codex, cursor, vscode, zed, gemini'
    expect(await setup([], root, home)).toEqual({ exit: 2, stdout: '', stderr: `agent-lsp: setup: name the agent host (one of ${hosts})\nRun "agent-lsp setup --help" for usage.\n` })
    expect(await setup(['emacs'], root, home)).toEqual({ exit: 2, stdout: '', stderr: `agent-lsp: setup: unknown agent host "emacs" (one of ${hosts})\nRun "agent-lsp setup --help" for usage.\n` })
    expect((await setup(['zed', '--root', 'nowhere'], root, home)).stderr).toBe(`agent-lsp: LSP_FILE_NOT_FOUND: workspace root ${root}/nowhere does not exist or is not a directory\n`)
  })

  it('names a server that starts and answers, as the host would start it', async () => {
    const root = await tempWorkspace(files)
    expect((await setup(['claude-code'], root, path.join(root, 'home'))).exit).toBe(0)
    const { command, args } = claudeMcpJson.parse(json(path.join(root, '.mcp.json'))).mcpServers.lsp!
    const client = new Client({ name: 'claude-code', version: '1' })
    await client.connect(new StdioClientTransport({ command, args, cwd: '/', env: { ...process.env, AGENT_LSP_NO_DAEMON: '1' } as Record<string, string> }))
    onTestFinished(() => client.close())
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['lsp'])
    const answer = await client.callTool({ name: 'lsp', arguments: { operation: 'findReferences', symbol: 'applyDiscount' } })
    expect(answer.content).toEqual([{ type: 'text', text: 'applyDiscount → src/price.ts:1:17\n3 references to applyDiscount in 2 files\nsrc/cart.ts\n1:10  import { applyDiscount } from "./price"\n2:22  export const total = applyDiscount(10)\nsrc/price.ts:1:17  export function applyDiscount(price: number) {' }])
  })
})
