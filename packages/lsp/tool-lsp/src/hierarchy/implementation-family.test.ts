import type { LspSymbol } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { at, complete, fileUri, stubContext, tempWorkspace } from '../workspace.test-support.js'
import { ClassHierarchy } from './class-hierarchy.js'
import { implementationMembers } from './implementation-family.js'

const range = (line: number, character: number, length: number) => ({ start: { line, character }, end: { line, character: character + length } })
const method = (name: string, line: number, character: number): LspSymbol => ({ name, kind: 'Method', uri: '', range: range(line, character, 20), selectionRange: range(line, character, 4), children: [] })

// An interface method with 40 implementations: past 32 they were left out of its family unsaid (and the
// other interfaces of the 32 kept were not asked), so a rename or references carried through it missed them, unsaid.
describe('the methods related to one by implementation', () => {
  it('names what was not followed, past the bounds', async () => {
    const root = await tempWorkspace({ 'a.ts': '' })
    const uri = fileUri(root, 'a.ts')
    const types = Array.from({ length: 40 }, (_, i) => method(`T${i}.Area`, 10 + i, 0))
    const shape: LspSymbol = { name: 'Shape', kind: 'Interface', uri, range: range(0, 0, 40), selectionRange: range(0, 5, 5), children: [method('Area', 1, 1)] }
    const { ctx } = stubContext((query) => {
      if (query.operation === 'documentSymbol') return { kind: 'symbols', symbols: [shape, ...types], completeness: complete, resolvedWorkspaceRoot: root }
      const onInterface = query.operation === 'goToImplementation' && query.position.line === 1
      return { kind: 'locations', locations: onInterface ? types.map((_, i) => at(uri, 10 + i, 0, 4)) : [], completeness: complete, resolvedWorkspaceRoot: root }
    })
    const context = { ctx, workspaceRoot: root, signal: new AbortController().signal }
    const { members, unfollowed } = await implementationMembers(context, new ClassHierarchy(context), { uri, position: { line: 1, character: 1 }, name: 'Area' }, () => false)
    expect(members.size).toBe(32)
    expect(unfollowed).toEqual([
      { reason: 'unchecked', message: '8 more of the methods related to Area by implementation were not followed, past 32 per question' },
      { reason: 'unchecked', message: 'the methods related to Area by implementation at a.ts:11:1, a.ts:12:1, a.ts:13:1 and 29 more were not looked for, past 16 questions or 32 methods' },
    ])
  })
})
