// The packages as a user gets them: packed, installed with npm into an empty directory, run there.
import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const scratch = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lsp-installed-')))
const installed = path.join(scratch, 'app')
const workspace = path.join(scratch, 'shop')
const env = { ...process.env, AGENT_LSP_NO_DAEMON: '1', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' }
const answer = [
  'applyDiscount → src/price.ts:1:17',
  '3 references to applyDiscount in 2 files',
  'src/cart.ts',
  '1:10  import { applyDiscount } from "./price"',
  '2:22  export const total = applyDiscount(10)',
  'src/price.ts:1:17  export function applyDiscount(price: number) {',
].join('\n')

beforeAll(async () => {
  const listed = JSON.parse((await run('pnpm', ['ls', '-r', '--depth', '-1', '--json'])).stdout) as { path: string; private?: boolean }[]
  const packs = path.join(scratch, 'packs')
  mkdirSync(packs)
  for (const { path: dir } of listed.filter((entry) => !entry.private)) await run('pnpm', ['pack', '--pack-destination', packs], { cwd: dir })
  mkdirSync(installed)
  writeFileSync(path.join(installed, 'package.json'), '{ "name": "app", "private": true }\n')
  const tarballs = readdirSync(packs).filter((file) => file.endsWith('.tgz')).map((file) => path.join(packs, file))
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], { cwd: installed, env })
  mkdirSync(path.join(workspace, 'src'), { recursive: true })
  writeFileSync(path.join(workspace, 'tsconfig.json'), '{ "include": ["src"] }\n')
  writeFileSync(path.join(workspace, 'src/price.ts'), 'export function applyDiscount(price: number) {\n  return price * 0.9\n}\n')
  writeFileSync(path.join(workspace, 'src/cart.ts'), 'import { applyDiscount } from "./price"\nexport const total = applyDiscount(10)\n')
})

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('the packages installed with npm', () => {
  it('installs every publishable package and nothing from this repository', () => {
    expect(readdirSync(path.join(installed, 'node_modules/@agent-lsp')).sort()).toEqual(['abort', 'brand', 'errors', 'file-events', 'keywords', 'lexical', 'lsp', 'lsp-crosscheck', 'lsp-local', 'lsp-scip', 'lsp-testing', 'text-lines', 'tool-lsp', 'wording'])
    expect(realpathSync(path.join(installed, 'node_modules/.bin/agent-lsp'))).toBe(path.join(installed, 'node_modules/agent-lsp/dist/bin.js'))
  })

  it('answers through npx agent-lsp, with the servers it brought', async () => {
    const { stdout } = await run('npx', ['--no-install', 'agent-lsp', 'findReferences', '--symbol', 'applyDiscount', '--root', workspace], { cwd: installed, env })
    expect(stdout).toBe(`${answer}\n`)
    const doctor = (await run('npx', ['--no-install', 'agent-lsp', 'doctor', '--root', workspace], { cwd: installed, env })).stdout
    expect(doctor.split('\n').find((line) => line.startsWith('ready    typescript'))).toMatch(/\(bundled, typescript-language-server 5\.3\.0\)$/)
  })

  it('serves the lsp tool over MCP', async () => {
    const client = new Client({ name: 'installed', version: '1' })
    await client.connect(new StdioClientTransport({ command: path.join(installed, 'node_modules/.bin/agent-lsp'), args: ['mcp', '--root', workspace], env: env as Record<string, string> }))
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['lsp'])
      const result = await client.callTool({ name: 'lsp', arguments: { operation: 'findReferences', symbol: 'applyDiscount' } })
      expect(result.content).toEqual([{ type: 'text', text: answer }])
    } finally {
      await client.close()
    }
  })
})
