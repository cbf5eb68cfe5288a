// tsserver's diagnostics asked through typescript-language-server 5.3.0 are the ones it publishes:
// the same kinds, codes, severities, messages, ranges (0-based UTF-16) and related information.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { defaultLocalProviderLimits, type LocalServerConfig } from '../config.js'
import { workspace } from '../fake.test-support.js'
import { createLocalLspProvider } from '../provider.js'
import { realTypescript } from '../typescript.test-support.js'
import { pathToUri } from '../normalize/uri.js'
import { LanguageServerClient } from '../process/client.js'
import { offersTsserverPull } from './tsserver-request.js'


const typescript = (diagnostics?: LocalServerConfig['diagnostics']): LocalServerConfig => ({ ...realTypescript, ...(diagnostics ? { diagnostics } : {}) })

// An error with related information, a deprecated call and an unused variable (suggestions), and
// an astral character before an error, so UTF-16 columns show.
const main = [
  "import { old } from './lib'",
  'const o: { n: number } = { n: "x" }',
  'export function f() { const unused = 1 }',
  'export const used = old() + o.n',
  'export const s: string = "🎉" + 1 + (2 as unknown as string).missing',
  '',
].join('\n')
const lib = '/** @deprecated use fresh */\nexport function old(): number { return 1 }\n'

function project(): string {
  const root = workspace({ 'tsconfig.json': JSON.stringify({ include: ['src'], compilerOptions: { strict: true, noEmit: true } }) })
  mkdirSync(join(root, 'src'))
  writeFileSync(join(root, 'src/main.ts'), main)
  writeFileSync(join(root, 'src/lib.ts'), lib)
  return root
}

async function diagnosticsWith(root: string, config: LocalServerConfig): Promise<LspQueryResult> {
  // What the server says is compared here, not how fast: a loaded machine (every package's tests
  // at once) has kept a cold tsserver from settling within the default 10 s.
  const provider = createLocalLspProvider(config, { limits: { diagnosticsTimeoutMs: 60_000 } })
  onTestFinished(() => provider.dispose())
  return provider.query({ operation: 'diagnostics', filePath: 'src/main.ts', workspaceRoot: root, languageId: 'typescript' })
}

describe('tsserver diagnostics asked through typescript.tsserverRequest', { timeout: 120_000 }, () => {
  it('are exactly what typescript-language-server publishes', async () => {
    const root = project()
    const pulled = await diagnosticsWith(root, typescript({ pull: 'tsserver' }))
    const at = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } })
    const deprecatedHere = { location: { uri: pathToUri(join(root, 'src/lib.ts')), range: at(0, 4, 26) }, message: 'The declaration was marked as deprecated here.' }
    expect(pulled).toEqual({
      kind: 'diagnostics',
      uri: pathToUri(join(root, 'src/main.ts')),
      resolvedWorkspaceRoot: root,
      completeness: { state: 'complete' },
      diagnostics: [
        { range: at(0, 9, 12), severity: 'Hint', code: 6385, source: 'typescript', message: "'old' is deprecated.", relatedInformation: [deprecatedHere] },
        {
          range: at(1, 27, 28),
          severity: 'Error',
          code: 2322,
          source: 'typescript',
          message: "Type 'string' is not assignable to type 'number'.",
          relatedInformation: [{ location: { uri: pathToUri(join(root, 'src/main.ts')), range: at(1, 11, 12) }, message: "The expected type comes from property 'n' which is declared here on type '{ n: number; }'" }],
        },
        { range: at(2, 28, 34), severity: 'Hint', code: 6133, source: 'typescript', message: "'unused' is declared but its value is never read.", relatedInformation: [] },
        { range: at(3, 20, 23), severity: 'Hint', code: 6387, source: 'typescript', message: "The signature '(): number' of 'old' is deprecated.", relatedInformation: [deprecatedHere] },
        { range: at(4, 61, 68), severity: 'Error', code: 2339, source: 'typescript', message: "Property 'missing' does not exist on type 'string'.", relatedInformation: [] },
      ],
    })
    // The same file, the server left to publish (nothing else changes: a fresh server, settled by
    // its quiet second).
    const published = await diagnosticsWith(root, typescript())
    expect(published).toEqual(pulled)
  })

  it('are asked with a command typescript-language-server 5.3.0 lists', async () => {
    const client = await LanguageServerClient.start(typescript(), project(), defaultLocalProviderLimits)
    onTestFinished(() => client.dispose())
    expect(client.capabilities.executeCommandProvider?.commands).toContain('typescript.tsserverRequest')
    expect(offersTsserverPull(client.capabilities)).toBe(true)
    expect(offersTsserverPull({ executeCommandProvider: { commands: ['_typescript.organizeImports'] } })).toBe(false)
  })
})
