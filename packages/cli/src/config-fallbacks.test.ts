// `fallbacks` and `disabledOperations` in a config: what the setup plans, and the exact refusals.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadServerSetup } from './config.js'
import { tempWorkspace } from './workspace.test-support.js'

async function load(toml: string) {
  const root = await tempWorkspace({})
  const file = path.join(root, 'user.toml')
  await writeFile(file, toml)
  return { file, setup: () => loadServerSetup({ workspaceRoot: root, env: process.env, configFile: file, skip: 'workspace' }) }
}

describe('fallbacks and disabled operations in a config', () => {
  it('plans the catalogue\'s fallback for python (pylsp, with pyright\'s files), and a configured list in its place', async () => {
    const catalogue = await load('')
    const python = catalogue.setup().servers.find((server) => server.config.id === 'python')!
    expect(python.fallbacks?.map((fallback) => [fallback.config.id, fallback.config.command, fallback.config.extensionToLanguage])).toEqual([['pylsp', 'pylsp', { '.py': 'python', '.pyi': 'python' }]])
    expect(python.disabled).toBeUndefined()
    const configured = await load('[[servers]]\nid = "typescript"\nfallbacks = ["tsgo"]\ndisabledOperations = ["rename", "format"]\n\n[[servers]]\nid = "python"\nfallbacks = []\n')
    const servers = configured.setup().servers
    const typescript = servers.find((server) => server.config.id === 'typescript')!
    // tsgo is found: @typescript/native-preview is a devDependency of this package (its node_modules/.bin).
    expect(typescript.fallbacks?.map((fallback) => [fallback.config.id, fallback.config.command, fallback.config.args, fallback.executable.found])).toEqual([['tsgo', 'tsgo', ['--lsp', '--stdio'], true]])
    expect(typescript.disabled).toEqual({ operations: ['rename', 'format'], setting: `disabledOperations in ${configured.file}:4` })
    expect(servers.find((server) => server.config.id === 'python')!.fallbacks).toBeUndefined()
  })

  it('refuses, at its line, a fallback that is no server or the server itself, and an operation that does not exist', async () => {
    const unknown = await load('[[servers]]\nid = "python"\nfallbacks = ["pylsp", "jedi"]\n')
    expect(unknown.setup).toThrow(
      expect.objectContaining({
        code: 'CONFIG_INVALID',
        message: `${unknown.file}:3: servers[0].fallbacks[1]: no server "jedi" is in the catalogue (typescript, python, bash, c, go, rust, json, css, html, yaml, dockerfile, vue, svelte, php, toml, pylsp, ccls, tsgo) or configured`,
      }),
    )
    const itself = await load('[[servers]]\nid = "python"\nfallbacks = ["python"]\n')
    expect(itself.setup).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', message: `${itself.file}:3: servers[0].fallbacks[0]: a server cannot be its own fallback` }))
    const operation = await load('[[servers]]\nid = "python"\ndisabledOperations = ["references"]\n')
    const operations = '"goToDefinition"|"goToTypeDefinition"|"findReferences"|"goToImplementation"|"hover"|"signatureHelp"|"incomingCalls"|"outgoingCalls"|"documentSymbol"|"workspaceSymbol"|"diagnostics"|"completion"|"rename"|"codeActions"|"format"|"prepareCallHierarchy"|"supertypes"|"subtypes"|"workspaceDiagnostics"|"willRenameFiles"|"didRenameFiles"|"overlayDiagnostics"'
    expect(operation.setup).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', message: `${operation.file}:3: servers[0].disabledOperations[0]: Invalid option: expected one of ${operations}` }))
  })
})
