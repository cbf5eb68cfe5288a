// A method of the renamed one's class hierarchy that the server will not rename keeps the old
// name and would silently stop overriding: the preview names it and apply refuses unless forced.
// The files are named .ts for the stub provider; real pyright renames every such method (its tests:
// packages/cli/src/rename-overrides.test.ts).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { LspError, type LspQueryResult, type LspSymbol } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { describe, expect, it } from 'vitest'
import { complete, failure, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const range = (line: number, start: number, end: number, endLine = line) => ({ start: { line, character: start }, end: { line: endLine, character: end } })
const base = 'class Base:\n    def total(self):\n        return 1\n'
const sub = 'from base import Base\n\n\nclass Sub(Base):\n    def total(self):\n        return 2\n'

async function hierarchyTool() {
  const root = await tempWorkspace({ 'base.ts': base, 'sub.ts': sub })
  const [b, s] = [fileUri(root, 'base.ts'), fileUri(root, 'sub.ts')]
  const method = (uri: string, line: number): LspSymbol => ({ name: 'total', kind: 'Method', uri, range: range(line, 4, line + 1, 16), selectionRange: range(line, 8, 13), children: [] })
  const classes: Record<string, LspSymbol> = {
    [b]: { name: 'Base', kind: 'Class', uri: b, range: range(0, 0, 2, 16), selectionRange: range(0, 6, 10), children: [method(b, 1)] },
    [s]: { name: 'Sub', kind: 'Class', uri: s, range: range(3, 0, 5, 16), selectionRange: range(3, 6, 9), children: [method(s, 4)] },
  }
  const { tool } = stubTool((query): LspQueryResult => {
    const done = { resolvedWorkspaceRoot: root, completeness: complete }
    const uri = 'filePath' in query && query.filePath !== null ? URI.file(query.filePath).toString() : ''
    switch (query.operation) {
      case 'rename':
        if (uri === s) throw new LspError('LSP_CANNOT_RENAME', 'the element cannot be renamed')
        return { kind: 'workspaceEdit', edit: { changes: [{ kind: 'edit', uri: b, version: null, edits: [{ range: range(1, 8, 13), newText: 'amount' }] }] }, ...done }
      case 'goToDefinition':
        // At the cursor: Base.total; at `Base` in Sub's header: the class Base.
        return { kind: 'locations', locations: [uri === s ? { uri: b, range: range(0, 6, 10) } : { uri: b, range: range(1, 8, 13) }], ...done }
      case 'documentSymbol':
        return { kind: 'symbols', symbols: [classes[uri]!], ...done }
      case 'workspaceSymbol':
        return { kind: 'symbols', symbols: [{ ...method(b, 1), containerName: 'Base' }, { ...method(s, 4), containerName: 'Sub' }], ...done }
      case 'findReferences':
        return { kind: 'locations', locations: [{ uri: b, range: range(1, 8, 13) }], ...done }
      case 'diagnostics':
        return { kind: 'diagnostics', uri, diagnostics: [], ...done }
      case 'overlayDiagnostics':
        return { kind: 'overlayDiagnostics', files: query.files.map((file) => ({ uri: URI.file(file).toString(), diagnostics: [], completeness: complete })), ...done }
      default:
        throw new Error(`not asked: ${query.operation}`)
    }
  }, { workspaceRoot: root })
  return { root, tool }
}

const rename = { operation: 'rename', filePath: 'base.ts', line: 2, character: 9, newName: 'amount' }

describe('a rename whose class hierarchy holds a method the server will not rename', () => {
  it('names it in the preview and refuses apply unless forced', async () => {
    const { root, tool } = await hierarchyTool()
    expect((await tool.execute(rename)).split('\n').slice(0, 4)).toEqual([
      'Preview: rename total → amount: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 1 checked file).',
      'Not renamed: 1 method of the class hierarchy of total keeps the old name, and would no longer override or be overridden:',
      '  sub.ts:5:9  def total(self):  (Sub.total: the server would not rename it: the element cannot be renamed)',
    ])
    expect(await failure(tool.execute({ ...rename, apply: true }))).toEqual({
      code: 'LSP_EDIT_INCOMPLETE',
      message: 'rename total → amount was not applied: Sub.total (the server would not rename it: the element cannot be renamed) would keep the name total and no longer override or be overridden; nothing was written. Rename it by hand, or apply with force: true to write it anyway',
    })
    expect(await readFile(path.join(root, 'base.ts'), 'utf8')).toBe(base)
    const forced = (await tool.execute({ ...rename, apply: true, force: true })).split('\n')
    expect(forced[0]).toBe('Applied: rename total → amount: 1 edit in 1 file written.')
    expect(forced).toContain('Not verified: written with force although Sub.total (the server would not rename it: the element cannot be renamed) would keep the name total and no longer override or be overridden.')
    expect(await readFile(path.join(root, 'base.ts'), 'utf8')).toBe(base.replace('total', 'amount'))
  })
})
