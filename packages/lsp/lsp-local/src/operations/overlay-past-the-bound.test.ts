// overlayDiagnostics on more files than lsp-local keeps open (64), then the queries that follow,
// against the real typescript-language-server 5.3.0 as the catalogue runs it (tsserver pulled). It
// was found through a 70-file rename whose apply said "Not verified: no diagnostics": the overlay
// left 80 documents open, the 80 `diagnostics` asked at once closed every one of them in the server
// while lsp-local counted them open (see documents-concurrent.test.ts), and tsserver answered each
// "No Project". Every answer here is the exact one tsc gives for the text on disk.
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { LspDiagnostic, LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { LocalServerConfig } from '../config.js'
import { workspace } from '../fake.test-support.js'
import { createLocalLspProvider } from '../provider.js'

const require = createRequire(import.meta.url)

const typescript: LocalServerConfig = {
  id: 'typescript',
  command: process.execPath,
  args: [require.resolve('typescript-language-server/lib/cli.mjs'), '--stdio'],
  extensionToLanguage: { '.ts': 'typescript' },
  projectMarkers: ['tsconfig.json'],
  diagnostics: { pull: 'tsserver' },
  initializationOptions: { tsserver: { path: require.resolve('typescript/lib/tsserver.js'), useSyntaxServer: 'never', useClientFileWatcher: true } },
}

/** Files: src/a.ts declaring `limit`, and src/f1.ts … src/f79.ts importing it. */
const FILES = ['src/a.ts', ...Array.from({ length: 79 }, (_, index) => `src/f${index + 1}.ts`)]
const importer = (file: string, name: string): string => `import { ${name} } from './a'; export const v${file.slice('src/f'.length, -'.ts'.length)} = ${name}\n`
const declaring = (name: string): string => `export const ${name} = 1\n`

/** What tsc says of an importer of `limit` once a.ts declares `cap` instead (TS2305 on `limit`, 0-based UTF-16). */
const noLimit: LspDiagnostic = {
  range: { start: { line: 0, character: 9 }, end: { line: 0, character: 14 } },
  severity: 'Error',
  code: 2305,
  source: 'typescript',
  message: `Module '"./a"' has no exported member 'limit'.`,
  relatedInformation: [],
}

function project(): string {
  const root = workspace({ 'tsconfig.json': JSON.stringify({ include: ['src'], compilerOptions: { strict: true, noEmit: true } }) })
  mkdirSync(join(root, 'src'))
  for (const file of FILES) writeFileSync(join(root, file), file === 'src/a.ts' ? declaring('limit') : importer(file, 'limit'))
  return root
}

describe('overlayDiagnostics past the open-document bound', { timeout: 240_000 }, () => {
  it('80 files overlaid, then every file asked at once from disk: each the exact verdict on its disk text', async () => {
    const root = project()
    // What the server says is compared here, not how fast: a loaded machine has kept tsserver from answering within seconds.
    const provider = createLocalLspProvider(typescript, { limits: { diagnosticsTimeoutMs: 60_000, diagnosticsPullTimeoutMs: 120_000 } })
    onTestFinished(() => provider.dispose())
    const diagnosticsOf = (file: string) => provider.query({ operation: 'diagnostics', filePath: file, workspaceRoot: root, languageId: 'typescript' })
    const verdict = (answer: LspQueryResult) => (answer.kind === 'diagnostics' ? { diagnostics: answer.diagnostics, completeness: answer.completeness } : answer)
    const everyFile = async () => (await Promise.all(FILES.map(diagnosticsOf))).map(verdict)
    const clean = { diagnostics: [], completeness: { state: 'complete' } }
    const broken = { diagnostics: [noLimit], completeness: { state: 'complete' } }

    // a.ts renames `limit` in the overlay only; every importer overlaid with its own text: 80 pinned.
    const overlays = FILES.map((file) => ({ filePath: file, text: file === 'src/a.ts' ? declaring('cap') : importer(file, 'limit') }))
    const overlaid = await provider.query({ operation: 'overlayDiagnostics', filePath: 'src/a.ts', overlays, files: FILES, workspaceRoot: root, languageId: 'typescript' })
    if (overlaid.kind !== 'overlayDiagnostics') throw new Error(`expected overlayDiagnostics, got ${overlaid.kind}`)
    expect(overlaid.files.map((file) => ({ diagnostics: file.diagnostics, completeness: file.completeness }))).toEqual(FILES.map((file) => (file === 'src/a.ts' ? clean : broken)))

    // The disk text is back in the server's view: no error anywhere.
    expect(await everyFile()).toEqual(FILES.map(() => clean))

    // Written to disk now (the rename applied but for the importers): the importers break, as tsc says.
    writeFileSync(join(root, 'src/a.ts'), declaring('cap'))
    expect(await everyFile()).toEqual(FILES.map((file) => (file === 'src/a.ts' ? clean : broken)))

    // And the rename written in every file: clean again.
    for (const file of FILES.slice(1)) writeFileSync(join(root, file), importer(file, 'cap'))
    expect(await everyFile()).toEqual(FILES.map(() => clean))
  })
})
