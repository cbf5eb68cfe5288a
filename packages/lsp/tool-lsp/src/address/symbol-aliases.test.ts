import type { LspLocation } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { range, symbol } from '../cart.test-support.js'
import { createQueryFiles } from '../input/query-files.js'
import { withoutAliases } from './symbol-aliases.js'
import { workspaceEntries } from './symbol-match.js'
import { at, complete, fileUri, positionOf, stubContext, tempWorkspace } from '../workspace.test-support.js'

const files = {
  'src/cart.ts': 'export function checkout(): void {}\n',
  'src/index.ts': "export { checkout } from './cart'\n",
  'src/other.ts': 'export function checkout(): number { return 1 }\n',
}

describe('aliases among symbol matches', () => {
  it('drops a re-export whose definition is another match, keeps unrelated declarations, and keeps one of a cycle', async () => {
    const root = await tempWorkspace(files)
    const cart = fileUri(root, 'src/cart.ts')
    const index = fileUri(root, 'src/index.ts')
    const other = fileUri(root, 'src/other.ts')
    const entries = workspaceEntries([
      symbol(cart, 'checkout', 'Function', range(0, 0, 0, 35), [0, 16]),
      symbol(index, 'checkout', 'Variable', range(0, 9, 0, 17), [0, 9]),
      symbol(other, 'checkout', 'Function', range(0, 0, 0, 47), [0, 16]),
    ])
    // The re-export defines to the function in cart.ts; each function defines to itself.
    let definitionOf: (uri: string) => LspLocation = (uri) => (uri === index ? at(cart, 0, 16, 8) : at(uri, 0, 16, 8))
    const { ctx, seen } = stubContext((query) => ({
      kind: 'locations',
      locations: [definitionOf(fileUri(root, query.filePath!.slice(root.length + 1)))],
      resolvedWorkspaceRoot: root,
      completeness: complete,
    }))
    const context = { ctx, workspaceRoot: root, signal: new AbortController().signal, files: createQueryFiles(root) }
    expect((await withoutAliases(entries, undefined, context)).map((entry) => entry.symbol.uri)).toEqual([cart, other])
    expect(seen.map(positionOf)).toEqual([
      { line: 0, character: 16 },
      { line: 0, character: 9 },
      { line: 0, character: 16 },
    ])
    // Two symbols that define to each other (a prototype and its definition) are one: the widest stays.
    definitionOf = (uri) => (uri === index ? at(cart, 0, 16, 8) : at(index, 0, 9, 8))
    expect((await withoutAliases(entries.slice(0, 2), undefined, context)).map((entry) => entry.symbol.uri)).toEqual([cart])
    // ... unless the workspace symbol search names the other, the server's own choice.
    const preferred = async () => [{ filePath: `${root}/src/index.ts`, range: range(0, 9, 0, 17) }]
    expect((await withoutAliases(entries.slice(0, 2), undefined, context, preferred)).map((entry) => entry.symbol.uri)).toEqual([index])
    // A cycle beside an unrelated declaration: one of the cycle, and the other declaration.
    definitionOf = (uri) => (uri === index ? at(cart, 0, 16, 8) : uri === cart ? at(index, 0, 9, 8) : at(other, 0, 16, 8))
    expect((await withoutAliases(entries, undefined, context)).map((entry) => entry.symbol.uri)).toEqual([cart, other])
  })
})
