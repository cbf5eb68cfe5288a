// A file that is not UTF-8 text (binary, or UTF-16) is refused as LSP_NOT_TEXT with the tool's own
// wording, never sent: through the seam a binary .ts file answered `{ symbols: [], completeness:
// complete }` from typescript-language-server, which had been sent its NULs. A document that
// becomes such a file on disk is closed, so the server no longer answers from its old text.
// Through the provider, against the real typescript-language-server 5.3.0.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { LspProviderQuery } from '@agent-lsp/lsp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { rejection, workspace } from '../fake.test-support.js'
import { createLocalLspProvider } from '../provider.js'
import { realTypescript } from '../typescript.test-support.js'

const typescript = realTypescript

/** A PNG's first bytes, then a name that would be a symbol were it read as source. */
const binary = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]), Buffer.from('export function alpha() {}\n')])
/** `export const 名前 = 1` in UTF-16 little-endian with its byte order mark: CJK text holds no NUL byte. */
const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('export const 名前 = 1\n', 'utf16le')])

function provider() {
  const root = workspace({ 'tsconfig.json': JSON.stringify({ include: ['*.ts'] }), 'a.ts': 'export function alpha() {}\n', 'b.ts': 'export const beta = 2\n' })
  const local = createLocalLspProvider(typescript)
  onTestFinished(() => local.dispose())
  const ask = (request: LspProviderQuery extends infer R ? (R extends unknown ? Omit<R, 'workspaceRoot'> : never) : never) => local.query({ ...request, workspaceRoot: root } as LspProviderQuery)
  const symbols = (filePath: string) => ask({ operation: 'documentSymbol', filePath, languageId: 'typescript' })
  return { root, ask, symbols }
}

describe('a file that is not UTF-8 text', { timeout: 60_000 }, () => {
  it('is LSP_NOT_TEXT, binary or UTF-16, with the one line the tool gives', async () => {
    const { root, symbols } = provider()
    writeFileSync(join(root, 'logo.ts'), binary)
    writeFileSync(join(root, 'utf16.ts'), utf16)
    expect(await rejection(symbols('logo.ts'))).toMatchObject({
      code: 'LSP_NOT_TEXT',
      message: `${join(root, 'logo.ts')} is not a text file: it holds NUL bytes (binary, or not UTF-8)`,
    })
    expect(await rejection(symbols('utf16.ts'))).toMatchObject({
      code: 'LSP_NOT_TEXT',
      message: `${join(root, 'utf16.ts')} is not a text file: it is UTF-16, not UTF-8 (it starts with a UTF-16 byte order mark)`,
    })
  })

  it('closes a document whose file became binary: asked again it is refused, and the server no longer has its old text', async () => {
    const { root, ask, symbols } = provider()
    const names = async (filePath: string) => {
      const result = await symbols(filePath)
      return result.kind === 'symbols' ? result.symbols.map((symbol) => symbol.name) : []
    }
    expect(await names('a.ts')).toEqual(['alpha'])
    writeFileSync(join(root, 'a.ts'), binary)
    const notText = { code: 'LSP_NOT_TEXT', message: `${join(root, 'a.ts')} is not a text file: it holds NUL bytes (binary, or not UTF-8)` }
    expect(await rejection(symbols('a.ts'))).toMatchObject(notText)
    expect(await rejection(symbols('a.ts'))).toMatchObject(notText)
    // Refreshed by a query about another file: closed too, that query answered.
    expect(await names('b.ts')).toEqual(['beta'])
    writeFileSync(join(root, 'a.ts'), 'export function gamma() {}\n')
    expect(await names('a.ts')).toEqual(['gamma'])
    writeFileSync(join(root, 'a.ts'), utf16)
    const found = await ask({ operation: 'workspaceSymbol', query: 'gamma', filePath: 'b.ts', languageId: 'typescript' })
    // tsserver reads a closed file itself: the UTF-16 one declares no gamma.
    expect(found.kind === 'symbols' ? found.symbols.map((symbol) => symbol.name) : found.kind).toEqual([])
  })

  it('closes a document tsserver had read itself and was sent unchanged: it reads the disk again, not the text it kept', async () => {
    const { root, ask, symbols } = provider()
    // b.ts's project read a.ts from disk; a.ts's didOpen then sent the same text, so tsserver keeps its own copy.
    expect(await symbols('b.ts')).toMatchObject({ kind: 'symbols', symbols: [{ name: 'beta' }] })
    expect(await symbols('a.ts')).toMatchObject({ kind: 'symbols', symbols: [{ name: 'alpha' }] })
    writeFileSync(join(root, 'a.ts'), utf16)
    expect(await symbols('b.ts')).toMatchObject({ kind: 'symbols', symbols: [{ name: 'beta' }] })
    const found = await ask({ operation: 'workspaceSymbol', query: 'alpha', filePath: 'b.ts', languageId: 'typescript' })
    expect(found.kind === 'symbols' ? found.symbols.map((symbol) => symbol.name) : found.kind).toEqual([])
  })
})
