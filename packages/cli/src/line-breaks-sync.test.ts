// A document holding a line break the server counts differently from LSP (gopls: only \n, so a
// lone \r is none; tsserver: U+2028 and U+2029 are) is synced whole, never as a range: the trial's
// rename preview (an overlay, then the disk text back, both as ranges in LSP's lines) left gopls
// holding `var tgt = 1` and `// notemoretgt`, for every later query of the shared host, until it was
// stopped; editing the file on disk kept the divergence. Real gopls and typescript-language-server.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const goSource = 'package main\n\nvar target = 1\n\n// note\rmore\nfunc main() { _ = target }\n'
const tsSource = 'export const target = 1\nconst s = "a\u2028b"; const v = target\nexport const w = target + 1\n'

function symbolNames(result: LspQueryResult): string[] {
  return result.kind === 'symbols' ? result.symbols.map((symbol) => `${symbol.name} ${symbol.selectionRange.start.line}:${symbol.selectionRange.start.character}`) : [result.kind]
}

async function hoverText(result: Promise<LspQueryResult>): Promise<string> {
  const answer = await result
  return answer.kind === 'hover' ? (answer.hover?.contents ?? 'null') : answer.kind
}

describe("the server's view after an overlay, for a file with a disputed line break", () => {
  it('gopls (a lone CR in a comment): the disk text again after the overlay, and after the file changes on disk', async () => {
    const root = await tempWorkspace({ 'go.mod': 'module e\n\ngo 1.19\n', 'm.go': goSource })
    const { host } = toolOn(root)
    const file = path.join(root, 'm.go')
    const hover = () => hoverText(host.ctx.lsp.query({ operation: 'hover', filePath: file, position: { line: 2, character: 4 }, workspaceRoot: root }))
    const symbols = async () => symbolNames(await host.ctx.lsp.query({ operation: 'documentSymbol', filePath: file, workspaceRoot: root }))
    expect(await hover()).toBe('```go\nvar target = 1\n```')
    const before = await symbols()
    // gopls's lines: `main` is on its sixth (5), the lone CR no line break.
    expect(before).toEqual(['target 2:4', 'main 5:5'])
    // What the trial's preview sent: gopls's rename, applied in LSP's lines (its use in main landed after `more`).
    const preview = goSource.replace('var target', 'var tgt').replace('more\n', 'moretgt\n')
    await host.ctx.lsp.query({ operation: 'overlayDiagnostics', filePath: file, overlays: [{ filePath: file, text: preview }], files: [file], workspaceRoot: root })
    expect(await hover()).toBe('```go\nvar target = 1\n```')
    expect(await symbols()).toEqual(before)
    await writeFile(file, goSource.replace('var target = 1', 'var target = 2'))
    expect(await hover()).toBe('```go\nvar target = 2\n```')
    expect(await symbols()).toEqual(before)
  }, 120_000)

  it('typescript-language-server (U+2028 in a string): the disk text again after the overlay', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }), 'src/u.ts': tsSource })
    const { host } = toolOn(root)
    const file = path.join(root, 'src/u.ts')
    const symbols = async () => symbolNames(await host.ctx.lsp.query({ operation: 'documentSymbol', filePath: file, workspaceRoot: root }))
    const before = await symbols()
    // tsserver's lines: `w` is on its fourth (3), past the U+2028.
    expect(before).toEqual(['target 0:13', 's 1:6', 'v 2:10', 'w 3:13'])
    await host.ctx.lsp.query({ operation: 'overlayDiagnostics', filePath: file, overlays: [{ filePath: file, text: tsSource.replaceAll('target', 'zzz') }], files: [file], workspaceRoot: root })
    expect(await symbols()).toEqual(before)
  }, 120_000)
})
