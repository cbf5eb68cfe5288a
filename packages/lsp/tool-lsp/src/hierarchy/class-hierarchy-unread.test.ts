import { LspError, type LspSymbol } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { at, complete, fileUri, stubContext, tempWorkspace } from '../workspace.test-support.js'
import { ClassHierarchy } from './class-hierarchy.js'

const range = (line: number, character: number, length: number) => ({ start: { line, character }, end: { line, character: character + length } })
const klass = (name: string, line: number, uri: string): LspSymbol => ({ name, kind: 'Class', uri, range: range(line, 0, 30), selectionRange: range(line, 6, name.length), children: [] })

// A server failure while the hierarchy was read (a file's symbols, a base's definition) and a base past
// the depth followed were the same as no class and no base: a family said complete without them
// (the bounds audit, 2026-12-07).
describe('a class hierarchy says what it did not read', () => {
  it('a file whose symbols the server failed to list, a base it failed at, and bases past 8 levels', async () => {
    // C0 extends C1, … C9: ten levels, each class's base on the next line.
    const text = Array.from({ length: 10 }, (_, i) => (i < 9 ? `class C${i} extends C${i + 1} {}\n` : `class C${i} {}\n`)).join('')
    const root = await tempWorkspace({ 'chain.ts': text, 'broken.ts': 'class B extends C0 {}\n', 'failing.ts': 'class F extends Gone {}\n' })
    const chain = fileUri(root, 'chain.ts')
    const classes = Array.from({ length: 10 }, (_, i) => klass(`C${i}`, i, chain))
    const { ctx } = stubContext((query) => {
      if (query.operation === 'documentSymbol') {
        if (query.filePath.endsWith('broken.ts')) throw new LspError('LSP_SERVER_ERROR', 'symbols crashed')
        if (query.filePath.endsWith('failing.ts')) return { kind: 'symbols', symbols: [klass('F', 0, fileUri(root, 'failing.ts'))], completeness: complete, resolvedWorkspaceRoot: root }
        return { kind: 'symbols', symbols: classes, completeness: complete, resolvedWorkspaceRoot: root }
      }
      if (query.operation === 'goToDefinition' && query.filePath.endsWith('failing.ts')) throw new LspError('LSP_TIMEOUT', 'goToDefinition timed out')
      // The base named on line N is the class on line N + 1.
      const line = 'position' in query ? query.position.line + 1 : 0
      return { kind: 'locations', locations: [at(chain, line, 6, 2)], completeness: complete, resolvedWorkspaceRoot: root }
    })
    const context = { ctx, workspaceRoot: root, signal: new AbortController().signal }
    const hierarchy = new ClassHierarchy(context)
    expect(await hierarchy.classAt(fileUri(root, 'broken.ts'), { line: 0, character: 6 })).toBeUndefined()
    expect((await hierarchy.ancestorsOf({ uri: chain, symbol: classes[0]! })).map((each) => each.symbol.name)).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8'])
    const failing = (await hierarchy.classAt(fileUri(root, 'failing.ts'), { line: 0, character: 6 }))!
    expect(await hierarchy.basesOf(failing)).toEqual([])
    expect(hierarchy.unread()).toEqual([
      { reason: 'failed', message: 'the language server failed to list the symbols of broken.ts (LSP_SERVER_ERROR: symbols crashed): its classes were not read' },
      { reason: 'unchecked', message: 'the classes above C0 past 8 levels (C9) were not looked at' },
      { reason: 'failed', message: 'the language server failed at a base of F (failing.ts:1:17; LSP_TIMEOUT: goToDefinition timed out): it was not followed' },
    ])
  })
})
