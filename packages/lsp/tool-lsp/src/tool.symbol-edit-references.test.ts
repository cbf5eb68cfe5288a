// A symbol edit checks the files that reference the symbol; when those references are partial or
// could not be asked, the preview and the apply say the check may miss files (they said
// "Errors 0 → 0 … (in the 1 checked file)" as if that were all of them).
import type { LspCompleteness, LspQueryResult, LspSymbol } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { describe, expect, it } from 'vitest'
import { complete, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } })

/** replaceSymbol of `f` in src/a.ts, whose findReferences answers with `references` (or throws it). */
async function symbolTool(references: LspCompleteness | Error) {
  const root = await tempWorkspace({ 'src/a.ts': 'export function f() {\n  return 1\n}\n' })
  const a = fileUri(root, 'src/a.ts')
  const f: LspSymbol = { name: 'f', kind: 'Function', uri: a, range: range(0, 0, 2, 1), selectionRange: range(0, 16, 0, 17), children: [] }
  return stubTool((query): LspQueryResult => {
    const base = { resolvedWorkspaceRoot: root, completeness: complete }
    if (query.operation === 'documentSymbol') return { kind: 'symbols', symbols: [f], ...base }
    if (query.operation === 'findReferences') {
      if (references instanceof Error) throw references
      return { kind: 'locations', locations: [{ uri: a, range: range(0, 16, 0, 17) }], ...base, completeness: references }
    }
    if (query.operation === 'diagnostics') return { kind: 'diagnostics', uri: URI.file(query.filePath).toString(), diagnostics: [], ...base }
    if (query.operation === 'overlayDiagnostics') return { kind: 'overlayDiagnostics', files: query.files.map((file) => ({ uri: URI.file(file).toString(), diagnostics: [], completeness: complete })), ...base }
    throw new Error(`not asked: ${query.operation}`)
  }, { workspaceRoot: root })
}

const replace = { operation: 'replaceSymbol', filePath: 'src/a.ts', line: 1, character: 17, text: 'export function f() {\n  return 2\n}' }

describe('a symbol edit whose references are not all known', () => {
  it('partial: the preview and the apply say the check may miss files that reference it', async () => {
    const loading = 'typescript-language-server was still loading the project after 10 s'
    const { tool } = await symbolTool({ state: 'partial', reason: 'indexing', message: loading })
    const note = `The references of f may be incomplete (indexing): ${loading}; a file they miss is not checked.`
    expect((await tool.execute(replace)).split('\n').slice(0, 3)).toEqual([
      'Preview: replace Function f: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 1 checked file).',
      note,
    ])
    expect((await tool.execute({ ...replace, apply: true })).split('\n')).toContain(note)
  })

  it('failed: the preview says so, never counting the edited file as all of them', async () => {
    const { tool } = await symbolTool(new Error('LSP_TIMEOUT: textDocument/references took longer than 10 s'))
    expect((await tool.execute(replace)).split('\n')[2]).toBe(
      'The references of f could not be asked (LSP_TIMEOUT: textDocument/references took longer than 10 s); the files that reference it are not checked.',
    )
  })
})
