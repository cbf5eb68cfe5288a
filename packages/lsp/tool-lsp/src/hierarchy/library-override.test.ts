import { createLspService, lspProviderId, type LspProviderQuery } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { at, complete, fileUri, tempWorkspace } from '../workspace.test-support.js'
import { libraryOverridden } from './library-override.js'

const text = ['class Plain:', '    def run(self):', '        pass', '', 'def use(p: Plain):', '    p.run()', ''].join('\n')

describe('libraryOverridden: what it asks where the text tells', () => {
  it('nothing with the cursor on the def of a class without bases, goToDefinition alone from a use', async () => {
    const root = await tempWorkspace({ 'plain.py': text })
    const uri = fileUri(root, 'plain.py')
    const lsp = createLspService()
    const seen: LspProviderQuery[] = []
    lsp.registerProvider({
      id: lspProviderId('stub'),
      extensionToLanguage: { '.py': 'python' },
      async query(request) {
        seen.push(request)
        if (request.operation !== 'goToDefinition') throw new Error(`not expected: ${request.operation}`)
        return { kind: 'locations', locations: [at(uri, 1, 8, 3)], completeness: complete, resolvedWorkspaceRoot: root }
      },
    })
    const context = { ctx: { lsp }, workspaceRoot: root, signal: new AbortController().signal }
    const cursor = (line: number, character: number) => ({ absolutePath: `${root}/plain.py`, displayPath: 'plain.py', position: { line, character }, word: 'run', label: `plain.py:${line + 1}:${character + 1}` })
    expect(await libraryOverridden(context, cursor(1, 8), 'run')).toEqual([])
    expect(seen).toEqual([])
    expect(await libraryOverridden(context, cursor(5, 6), 'run')).toEqual([])
    expect(seen.map((query) => query.operation)).toEqual(['goToDefinition'])
  })
})
