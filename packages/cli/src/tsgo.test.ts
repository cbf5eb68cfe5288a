// The catalogue's `tsgo` (TypeScript 7's native preview, @typescript/native-preview pinned as a
// devDependency, found in this package's node_modules/.bin) enabled by a config: it takes
// typescript-language-server's files, and its first findReferences, right after it starts, already
// covers files never opened (it loads the project on `didOpen`, inside a `$/progress`). Exact seam
// values, 1-based, checked against typescript-language-server's on the same workspace.
import { realpath } from 'node:fs/promises'
import path from 'node:path'
import type { LspQueryRequest, LspRange } from '@agent-lsp/lsp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { loadServerSetup } from './config.js'
import { createLspHost } from './host.js'
import type { SeamRequest } from './seam.test-support.js'
import { render } from './seam.test-support.js'
import { tempWorkspace } from './workspace.test-support.js'

const files = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] }),
  'src/price.ts':
    '/** Price after a discount of `pct` (0..1). */\nexport function applyDiscount(price: number, pct: number): number {\n  return price * (1 - pct)\n}\n\nexport class Cart {\n  total = 0\n  add(price: number): void {\n    this.total += applyDiscount(price, 0.1)\n  }\n}\n',
  'src/main.ts': "import { applyDiscount, Cart } from './price'\n\nconst cart = new Cart()\ncart.add(applyDiscount(20, 0.5))\n",
  'src/other.ts': "import { applyDiscount } from './price'\n\nexport const half = applyDiscount(10, 0.5)\n",
}

async function hostOn(root: string, config: string | undefined) {
  const setup = loadServerSetup({ workspaceRoot: root, env: process.env, skip: 'workspace', ...(config ? { configFile: path.join(root, config) } : {}) })
  const host = createLspHost(
    setup.servers.filter((server) => server.config.id === 'tsgo' || server.config.id === 'typescript').map((server) => server.config),
    { crossCheck: false },
  )
  onTestFinished(() => host.dispose())
  const at = (uri: string, range: LspRange) => `${path.relative(root, new URL(uri).pathname)}:${range.start.line + 1}:${range.start.character + 1}`
  const ask = async (request: SeamRequest) => render(await host.ctx.lsp.query({ ...request, workspaceRoot: root } as LspQueryRequest), at)
  return { setup, ask }
}

const references = { operation: 'findReferences', filePath: 'src/main.ts', position: { line: 3, character: 10 } } as const
const expectedReferences = ['src/main.ts:1:10', 'src/main.ts:4:10', 'src/other.ts:1:10', 'src/other.ts:3:21', 'src/price.ts:2:17', 'src/price.ts:9:19']

describe('tsgo, enabled in a config', () => {
  it('serves the TypeScript files in typescript-language-server\'s place, from the pinned package', async () => {
    const root = await realpath(await tempWorkspace({ ...files, 'tsgo.toml': '[[servers]]\nid = "tsgo"\nenabled = true\n' }))
    const { setup } = await hostOn(root, 'tsgo.toml')
    const tsgo = setup.servers.find((server) => server.config.id === 'tsgo')!
    expect(setup.servers.map((server) => server.config.id)).not.toContain('typescript')
    expect([tsgo.config.args, tsgo.config.extensionToLanguage['.ts'], tsgo.config.extensionToLanguage['.jsx'], tsgo.executable.found]).toEqual([['--lsp', '--stdio'], 'typescript', 'javascriptreact', true])
  })

  it('answers references complete on its first query, then definition, hover and symbols, exactly as typescript-language-server', async () => {
    const root = await realpath(await tempWorkspace({ ...files, 'tsgo.toml': '[[servers]]\nid = "tsgo"\nenabled = true\n' }))
    const tsgo = await hostOn(root, 'tsgo.toml')
    // The first query of the server: other.ts and price.ts were never opened.
    expect(await tsgo.ask(references)).toEqual(expectedReferences)
    expect(await tsgo.ask({ operation: 'goToDefinition', filePath: 'src/main.ts', position: { line: 3, character: 10 } })).toEqual(['src/price.ts:2:17'])
    expect(await tsgo.ask({ operation: 'goToDefinition', filePath: 'src/main.ts', position: { line: 3, character: 5 } })).toEqual(['src/price.ts:8:3'])
    expect(await tsgo.ask({ operation: 'hover', filePath: 'src/other.ts', position: { line: 2, character: 21 } })).toEqual([
      '```typescript\n(alias) function applyDiscount(price: number, pct: number): number\n```\nPrice after a discount of `pct` (0..1).',
    ])
    expect(await tsgo.ask({ operation: 'documentSymbol', filePath: 'src/price.ts' })).toEqual(['Function applyDiscount@2:17', 'Class Cart@6:14', '  Property total@7:3', '  Method add@8:3'])
    const typescript = await hostOn(root, undefined)
    expect(await typescript.ask(references)).toEqual(expectedReferences)
    expect(await typescript.ask({ operation: 'goToDefinition', filePath: 'src/main.ts', position: { line: 3, character: 5 } })).toEqual(['src/price.ts:8:3'])
  })
})
