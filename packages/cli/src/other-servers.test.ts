// docs/other-servers.md's config (crystalline, rust-analyzer, jdtls: none installable here), read
// from the doc itself: as written it loads into the servers it describes (commands, arguments,
// extensions, markers, settings); with the fake language server standing in for each command (the
// doc's arguments after the fake's script), a query through the command reaches each one at the
// root its markers give, and rust-analyzer's settings answer its workspace/configuration request.
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { fakeServerEnv, fakeServerPath, readFakeServerLog } from '@agent-lsp/lsp-testing'
import { parse, stringify } from 'smol-toml'
import { describe, expect, it } from 'vitest'
import { loadServerSetup } from './config.js'
import { main } from './main.js'
import { tempWorkspace } from './workspace.test-support.js'

const doc = fileURLToPath(new URL('../../../docs/other-servers.md', import.meta.url))

/** The doc's one ```toml block. */
function docConfig(): string {
  const blocks = [...readFileSync(doc, 'utf8').matchAll(/^```toml\n([\s\S]*?)^```$/gm)].map((match) => match[1]!)
  expect(blocks).toHaveLength(1)
  return blocks[0]!
}

interface DocServer {
  id: string
  command: string
  args: string[]
  env?: Record<string, string>
  settings?: Record<string, unknown>
}

const files = {
  'shop/shard.yml': 'name: shop\n',
  'shop/src/main.cr': 'puts "hi"\n',
  'api/pom.xml': '<project/>\n',
  'api/src/Main.java': 'class Main {}\n',
  'core/Cargo.toml': '[package]\nname = "core"\n',
  'core/src/lib.rs': 'pub fn f() {}\n',
}

describe('the config example for servers agent-lsp does not install', () => {
  it('loads as the doc says: two servers added, the catalogue\'s rust changed field by field', async () => {
    const root = await tempWorkspace({ 'config.toml': docConfig() })
    const env = { ...process.env, XDG_CONFIG_HOME: path.join(root, 'no-config') }
    const setup = loadServerSetup({ workspaceRoot: root, env, configFile: path.join(root, 'config.toml') })
    const byId = (id: string) => setup.servers.find((server) => server.config.id === id)?.config
    expect(byId('crystal')).toEqual({ id: 'crystal', command: 'crystalline', args: ['--stdio'], extensionToLanguage: { '.cr': 'crystal' }, rootMarkers: ['shard.yml'] })
    expect(byId('java')).toEqual({
      id: 'java',
      command: 'jdtls',
      args: ['-data', '/home/me/.cache/jdtls/shop'],
      extensionToLanguage: { '.java': 'java' },
      rootMarkers: ['pom.xml', 'build.gradle', 'build.gradle.kts', 'settings.gradle'],
    })
    expect(byId('rust')).toEqual({
      id: 'rust',
      command: '/home/me/.cargo/bin/rust-analyzer',
      extensionToLanguage: { '.rs': 'rust' },
      rootMarkers: ['Cargo.toml'],
      settings: { 'rust-analyzer': { cargo: { features: 'all' }, check: { command: 'clippy' } } },
      installHint: 'rustup component add rust-analyzer',
    })
  })

  it('with the fake standing in for each command, each server starts at its project root, gets its settings and answers', async () => {
    const root = await tempWorkspace(files)
    const config = parse(docConfig()) as unknown as { servers: DocServer[] }
    const logs: Record<string, string> = {}
    for (const server of config.servers) {
      logs[server.id] = path.join(root, `${server.id}.log`)
      const sections = Object.keys(server.settings ?? {}).map((section) => ({ section }))
      const scenario = {
        hover: { '0': { contents: `${server.id} answers` } },
        log: logs[server.id]!,
        // As rust-analyzer does: ask for its section once initialized.
        ...(sections.length > 0 ? { serverRequests: [{ method: 'workspace/configuration', params: { items: sections } }] } : {}),
      }
      server.args = [fakeServerPath, ...server.args]
      server.command = process.execPath
      server.env = fakeServerEnv(scenario)
    }
    const configFile = path.join(root, 'fake.toml')
    await writeFile(configFile, stringify(config))
    const env = { ...process.env, XDG_CONFIG_HOME: path.join(root, 'no-config') }
    for (const [file, id] of [['shop/src/main.cr', 'crystal'], ['api/src/Main.java', 'java'], ['core/src/lib.rs', 'rust']] as const) {
      let stdout = ''
      let stderr = ''
      const code = await main(['hover', `${file}:1:1`, '--config', configFile, '--root', root], { cwd: root, env, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
      expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: `${id} answers\n`, stderr: '' })
    }
    // No scanner reads Crystal: its references are not cross-checked, and the answer says so.
    let json = ''
    expect(await main(['findReferences', 'shop/src/main.cr:1:1', '--json', '--config', configFile, '--root', root], { cwd: root, env, stdout: (text) => void (json += text), stderr: () => {} })).toBe(0)
    expect(JSON.parse(json)).toMatchObject({
      locations: [],
      completeness: { state: 'partial', reason: 'unchecked', message: 'the cross-check cannot tell comments and strings from code in .cr files, so it did not search for other places naming this symbol' },
    })
    for (const [id, project] of [['crystal', 'shop'], ['java', 'api'], ['rust', 'core']] as const) {
      const log = await readFakeServerLog(logs[id]!)
      const initialize = log.find((entry) => entry.direction === 'in' && entry.method === 'initialize')
      expect(initialize).toMatchObject({ params: { rootUri: `file://${root}/${project}` } })
    }
    const replies = (await readFakeServerLog(logs.rust!)).filter((entry) => entry.direction === 'reply')
    expect(replies).toMatchObject([{ method: 'workspace/configuration', result: [{ cargo: { features: 'all' }, check: { command: 'clippy' } }] }])
  })
})
