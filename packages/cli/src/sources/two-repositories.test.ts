// "Who uses this library function", asked in either of two repositories, each indexed by
// `agent-lsp index` (the pinned scip-typescript): a library, and an app that installed it (its
// compiled declarations in node_modules, as npm leaves them) and lists the library's index in its
// agent-lsp.toml. The built command answers with rows from both; a session whose live server is
// ready answers with the live server's rows of the app and the library index's rows; an app with
// no index of its own gets the library's rows for the declaration its live server names.
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { mcpSession, run } from '../daemon/host.test-support.js'
import { createLspHost } from '../host.js'
import { runIndexCommand } from '../index-command.js'
import { writeFiles } from '../workspace.test-support.js'
import { indexAnswers } from './index-answers.js'
import { INDEX_TIMEOUT_MS } from './indexed.test-support.js'

const lib = {
  'package.json': '{ "name": "@acme/pricing", "version": "2.1.0" }',
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "declaration": true, "outDir": "dist" }, "include": ["src"] }',
  'src/format.ts': 'export function formatPrice(cents: number): string {\n  return `$${(cents / 100).toFixed(2)}`\n}\n',
  'src/receipt.ts': "import { formatPrice } from './format'\n\nexport const total = (items: number[]) => formatPrice(items.reduce((a, b) => a + b, 0))\n",
  'src/backoff.ts': 'export class Backoff {\n  delay(attempt: number): number {\n    return attempt * 100\n  }\n}\n',
  'src/wait.ts': "import { Backoff } from './backoff'\n\nexport const first = new Backoff().delay(1)\n",
  // Another `delay`, not the method: never among the method's rows.
  'src/timer.ts': 'export const delay = (ms: number) => ms\n',
}
const installed = 'node_modules/@acme/pricing'
const app = {
  'package.json': '{ "name": "shop", "version": "0.3.0", "dependencies": { "@acme/pricing": "2.0.0" } }',
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "noEmit": true }, "include": ["src"] }',
  'agent-lsp.toml': '[[indexes]]\nname = "pricing"\nroot = "../pricing"\n',
  [`${installed}/package.json`]: '{ "name": "@acme/pricing", "version": "2.0.0", "types": "dist/format.d.ts" }',
  [`${installed}/dist/format.d.ts`]: 'export declare function formatPrice(cents: number): string;\n//# sourceMappingURL=format.d.ts.map\n',
  [`${installed}/dist/format.d.ts.map`]: '{"version":3,"file":"format.d.ts","sourceRoot":"","sources":["../src/format.ts"],"names":[],"mappings":""}',
  'src/cart.ts': "import { formatPrice } from '@acme/pricing'\n\nexport function label(cents: number): string {\n  return `Total: ${formatPrice(cents)}`\n}\n",
  [`${installed}/dist/backoff.d.ts`]: 'export declare class Backoff {\n    delay(attempt: number): number;\n}\n//# sourceMappingURL=backoff.d.ts.map\n',
  [`${installed}/dist/backoff.d.ts.map`]: '{"version":3,"file":"backoff.d.ts","sourceRoot":"","sources":["../src/backoff.ts"],"names":[],"mappings":""}',
  'src/wait.ts': "import { Backoff } from '@acme/pricing/dist/backoff'\n\nexport const twice = new Backoff().delay(2)\n",
}

/** How long a cold typescript-language-server may take to be ready under a loaded machine (ms). */
const LIVE_READY_MS = 90_000

async function twoRepositories(indexed: readonly ('lib' | 'app')[] = ['lib', 'app']): Promise<{ libRoot: string; appRoot: string }> {
  const scratch = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-two-')))
  onTestFinished(() => rm(scratch, { recursive: true, force: true }))
  const libRoot = path.join(scratch, 'pricing')
  const appRoot = path.join(scratch, 'shop')
  await writeFiles(libRoot, lib)
  await writeFiles(appRoot, app)
  const quiet = { stdout: () => {}, stderr: () => {} }
  for (const root of indexed.map((side) => (side === 'lib' ? libRoot : appRoot))) expect(await runIndexCommand(['--root', root], { cwd: root, ...quiet })).toBe(0)
  return { libRoot, appRoot }
}

const libRows = 'pricing:src/format.ts:1:17  export function formatPrice(cents: number): string {\npricing:src/receipt.ts\n1:10  import { formatPrice } from \'./format\'\n3:43  export const total = (items: number[]) => formatPrice(items.reduce((a, b) => a + b, 0))'
const appRows = "src/cart.ts\n1:10  import { formatPrice } from '@acme/pricing'\n4:20  return `Total: ${formatPrice(cents)}`"

describe('two repositories', () => {
  it('asked in the app: the app index\'s rows and the library index\'s, each repository\'s index named', async () => {
    const { libRoot, appRoot } = await twoRepositories()
    const { stdout, stderr, exit } = await run(['findReferences', 'src/cart.ts:4:22'], appRoot, process.env)
    const [fromIndex, fromLib, ...rest] = stdout.trimEnd().split('\n')
    expect({ exit, stderr, fromIndex: fromIndex?.replace(/built \S+ at \S+/, 'built …'), fromLib: fromLib?.replace(/built \S+ at \S+/, 'built …'), rest: rest.join('\n') }).toEqual({
      exit: 0,
      stderr: '',
      fromIndex: 'From index .agent-lsp/index.scip, built …',
      fromLib: 'pricing: From index .agent-lsp/index.scip, built …',
      rest: `5 references to formatPrice in 3 files\n${libRows}\n${appRows}`,
    })
    const json = JSON.parse((await run(['findReferences', 'src/cart.ts:4:22', '--json'], appRoot, process.env)).stdout) as { locations: { uri: string }[]; repositories: { name: string; root: string; provenance: { index: string; staleUris: string[] } }[]; completeness: unknown }
    expect({ uris: json.locations.map((location) => location.uri), repositories: json.repositories.map(({ name, root, provenance }) => ({ name, root, index: provenance.index, stale: provenance.staleUris })), completeness: json.completeness }).toEqual({
      uris: [`file://${libRoot}/src/format.ts`, `file://${libRoot}/src/receipt.ts`, `file://${libRoot}/src/receipt.ts`, `file://${appRoot}/src/cart.ts`, `file://${appRoot}/src/cart.ts`].sort(),
      repositories: [{ name: 'pricing', root: libRoot, index: `${libRoot}/.agent-lsp/index.scip`, stale: [] }],
      completeness: { state: 'complete' },
    })
  }, 2 * INDEX_TIMEOUT_MS)

  it('an app without an index of its own: the live server\'s rows, and the library index\'s for the symbol the live server declares', async () => {
    const { libRoot, appRoot } = await twoRepositories(['lib'])
    const { stdout, stderr, exit } = await run(['findReferences', 'src/cart.ts:4:22'], appRoot, process.env)
    // Live (no "From index" line of its own), the installed declaration among the live rows.
    const declaration = `${installed}/dist/format.d.ts:1:25  export declare function formatPrice(cents: number): string;`
    expect({ exit, stderr, stdout: stdout.replace(/built \S+ at \S+/, 'built …') }).toEqual({
      exit: 0,
      stderr: '',
      stdout: `pricing: From index .agent-lsp/index.scip, built …\n6 references to formatPrice in 4 files\n${declaration}\n${libRows}\n${appRows}\n`,
    })
    // A method: found by its class and name (`Backoff#delay().`), not by its name alone.
    const method = await run(['findReferences', 'src/wait.ts:3:36'], appRoot, process.env)
    expect(method.stdout.replace(/built \S+ at \S+/, 'built …')).toEqual(
      [
        'pricing: From index .agent-lsp/index.scip, built …',
        '4 references to delay in 4 files',
        `${installed}/dist/backoff.d.ts:2:5  delay(attempt: number): number;`,
        'pricing:src/backoff.ts:2:3  delay(attempt: number): number {',
        'pricing:src/wait.ts:3:36  export const first = new Backoff().delay(1)',
        'src/wait.ts:3:36  export const twice = new Backoff().delay(2)',
        '',
      ].join('\n'),
    )
    const json = JSON.parse((await run(['findReferences', 'src/wait.ts:3:36', '--json'], appRoot, process.env)).stdout) as { repositories: { name: string; root: string }[]; completeness: unknown; provenance?: unknown }
    expect({ repositories: json.repositories.map(({ name, root }) => ({ name, root })), completeness: json.completeness, provenance: json.provenance }).toEqual({ repositories: [{ name: 'pricing', root: libRoot }], completeness: { state: 'complete' }, provenance: undefined })
  }, 2 * INDEX_TIMEOUT_MS + LIVE_READY_MS)

  it('asked in the library (its config listing the app): its own rows and the app\'s', async () => {
    const { libRoot } = await twoRepositories()
    await writeFile(path.join(libRoot, 'agent-lsp.toml'), '[[indexes]]\nname = "shop"\nroot = "../shop"\n')
    const { stdout } = await run(['findReferences', 'src/format.ts:1:17', '--no-cross-check'], libRoot, process.env)
    expect(stdout.split('\n').slice(2).join('\n')).toBe(
      "5 references to formatPrice in 3 files\nshop:src/cart.ts\n1:10  import { formatPrice } from '@acme/pricing'\n4:20  return `Total: ${formatPrice(cents)}`\nsrc/format.ts:1:17  export function formatPrice(cents: number): string {\nsrc/receipt.ts\n1:10  import { formatPrice } from './format'\n3:43  export const total = (items: number[]) => formatPrice(items.reduce((a, b) => a + b, 0))\n",
    )
  }, 2 * INDEX_TIMEOUT_MS)

  it('a session whose live server is ready: its rows of the app (the installed declaration too), and the library index\'s', async () => {
    const { libRoot, appRoot } = await twoRepositories()
    const repositories = [{ name: 'pricing', root: libRoot, indexPath: path.join(libRoot, '.agent-lsp/index.scip') }]
    const side = await indexAnswers('auto', appRoot, { lookLater: true, warm: true, repositories })
    const host = createLspHost(undefined, { crossCheck: false, ...(side ? { answers: side.answers } : {}) })
    onTestFinished(() => host.dispose())
    const rows = async () => {
      const result = await host.ctx.lsp.query({ operation: 'findReferences', filePath: 'src/cart.ts', position: { line: 3, character: 21 }, workspaceRoot: appRoot })
      if (result.kind !== 'locations') throw new Error(result.kind)
      return { from: result.provenance?.source ?? 'live', rows: result.locations.map(({ uri, range: { start } }) => `${path.relative(path.dirname(appRoot), fileURLToPath(uri))}:${start.line}:${start.character}`), repositories: result.repositories?.map((repository) => repository.name) }
    }
    const lib = ['pricing/src/format.ts:0:16', 'pricing/src/receipt.ts:0:9', 'pricing/src/receipt.ts:2:42']
    expect(await rows()).toEqual({ from: 'index', rows: [...lib, 'shop/src/cart.ts:0:9', 'shop/src/cart.ts:3:19'], repositories: ['pricing'] })
    await vi.waitFor(async () => expect((await rows()).from).toBe('live'), { timeout: LIVE_READY_MS, interval: 250 })
    expect(await rows()).toEqual({ from: 'live', rows: [...lib, `shop/${installed}/dist/format.d.ts:0:24`, 'shop/src/cart.ts:0:9', 'shop/src/cart.ts:3:19'], repositories: ['pricing'] })
  }, 2 * INDEX_TIMEOUT_MS + LIVE_READY_MS)

  it('an MCP session follows [[indexes]] edited while it runs: added, its rows from the next call; removed, gone', async () => {
    const { appRoot } = await twoRepositories()
    const config = path.join(appRoot, 'agent-lsp.toml')
    await writeFile(config, '')
    const client = await mcpSession(appRoot, { ...process.env, AGENT_LSP_NO_DAEMON: '1' }, ['--source', 'index', '--no-cross-check'])
    const ask = async () => {
      const answer = await client.callTool({ name: 'lsp', arguments: { operation: 'findReferences', filePath: 'src/cart.ts', line: 4, character: 22 } })
      return (answer as { content: { text: string }[] }).content.map((block) => block.text).join('\n').replace(/built \S+ at \S+/g, 'built …')
    }
    const appOnly = `From index .agent-lsp/index.scip, built …\n2 references to formatPrice\n${appRows}`
    expect(await ask()).toBe(appOnly)
    await writeFile(config, '[[indexes]]\nname = "pricing"\nroot = "../pricing"\n')
    expect(await ask()).toBe(`From index .agent-lsp/index.scip, built …\npricing: From index .agent-lsp/index.scip, built …\n5 references to formatPrice in 3 files\n${libRows}\n${appRows}`)
    await writeFile(config, '')
    expect(await ask()).toBe(appOnly)
  }, 2 * INDEX_TIMEOUT_MS)
})
