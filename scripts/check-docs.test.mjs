// Tests of the docs check (node --test): a block that matches the seam passes, an edited one fails
// with file:line and the type's name. Docs are passed in memory; nothing is written.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { checkDocs, typeEquivBlocks } from './check-docs.mjs'

const doc = (body) => ({ path: 'docs/example.md', text: `# Example\n\n${body}` })
const block = (code) => `\`\`\`ts type-equiv\n${code}\n\`\`\`\n`

const position = 'interface LspPosition {\n  readonly line: number\n  readonly character: number\n}'

describe('typeEquivBlocks', () => {
  it('finds only ts type-equiv blocks, with the line of their first code line', () => {
    const text = ['# T', '```ts', 'type A = 1', '```', '', '````ts type-equiv', 'type B = 2', '```', '````', '```ts type-equiv', 'type C = 3', '```'].join('\n')
    assert.deepEqual(typeEquivBlocks(text), [
      { line: 7, code: 'type B = 2\n```' },
      { line: 11, code: 'type C = 3' },
    ])
  })
})

describe('checkDocs', () => {
  it('passes a block identical to the seam', () => {
    const result = checkDocs([doc(block(position))])
    assert.deepEqual(result.problems, [])
    assert.deepEqual(result.checked, [{ path: 'docs/example.md', line: 4, name: 'LspPosition' }])
  })

  it('fails an edited block with file:line, the type and what differs', () => {
    const edited = position.replace('readonly line: number', 'readonly line: string')
    assert.deepEqual(checkDocs([doc(block(edited))]).problems, [
      "docs/example.md:4: LspPosition differs from @agent-lsp/lsp's LspPosition: `line` is string, the seam's is number",
    ])
  })

  it('tells missing fields, extra fields, optionality, readonly and union members apart', () => {
    const body = [
      block('interface LspRange {\n  readonly start: LspPosition\n}'),
      'Some prose.\n',
      block('interface LspHover {\n  readonly contents: string\n  readonly range: LspRange\n}'),
      block('interface LspProviderInfo {\n  id: LspProviderId\n  readonly extensions: readonly string[]\n  readonly version: string\n}'),
      block("type LspDiagnosticSeverity = 'Error' | 'Warning' | 'Information'"),
    ].join('\n')
    assert.deepEqual(checkDocs([doc(body)]).problems, [
      "docs/example.md:4: LspRange differs from @agent-lsp/lsp's LspRange: `end` is missing",
      "docs/example.md:12: LspHover differs from @agent-lsp/lsp's LspHover: `range` is required, the seam's is optional",
      "docs/example.md:19: LspProviderInfo differs from @agent-lsp/lsp's LspProviderInfo: `fileNames` is missing; `version` is not in the seam; `id` is not readonly, the seam's is readonly",
      "docs/example.md:27: LspDiagnosticSeverity differs from @agent-lsp/lsp's LspDiagnosticSeverity: \"Hint\" is missing",
    ])
  })

  it('reports a drifted type once, not again in the types that use it', () => {
    const body = block(`${position.replace('readonly character', 'character')}\n\ninterface LspRange {\n  readonly start: LspPosition\n  readonly end: LspPosition\n}`)
    assert.deepEqual(checkDocs([doc(body)]).problems, [
      "docs/example.md:4: LspPosition differs from @agent-lsp/lsp's LspPosition: `character` is not readonly, the seam's is readonly",
    ])
  })

  it('reports an unknown name, and what does not belong in a block, at its line', () => {
    const problems = checkDocs([doc(block('interface LspRange {\n  readonly start: Position\n  readonly end: Position\n}\n\nconst x = 1'))]).problems
    assert.equal(problems.length, 3)
    assert.match(problems[0], /^docs\/example\.md:9: only interfaces, type aliases and `import type`/)
    assert.match(problems[1], /^docs\/example\.md:5: Cannot find name 'Position'/)
  })

  it('passes the repository docs, English and Chinese, and they declare the same types', () => {
    const docs = ['docs/lsp.md', 'docs/lsp.zh-CN.md'].map((path) => ({ path, text: readFileSync(new URL(`../${path}`, import.meta.url), 'utf8') }))
    const { checked, problems } = checkDocs(docs)
    assert.deepEqual(problems, [])
    const names = (path) => checked.filter((entry) => entry.path === path).map((entry) => entry.name)
    assert.ok(names('docs/lsp.md').length >= 30)
    assert.deepEqual(names('docs/lsp.zh-CN.md'), names('docs/lsp.md'))
  })
})
