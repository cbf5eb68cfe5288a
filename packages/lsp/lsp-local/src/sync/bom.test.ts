// A file starting with a byte order mark reaches the server without it, as an editor sends it:
// tsserver and pyright count a U+FEFF they are sent as line 0's first character (docs/lsp.md,
// "Coordinates"). Against the fake, which logs what it received.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Range } from 'vscode-languageserver-protocol'
import { describe, expect, it } from 'vitest'
import { fakeProvider, workspace } from '../fake.test-support.js'

describe('a byte order mark', () => {
  it('is not in the text of didOpen nor of a later didChange', async () => {
    const root = workspace({ 'a.ts': '\ufeffconst a = 1\n' })
    const fake = fakeProvider(root, { hover: { '0': { contents: 'const a: 1' } } })
    await fake.query('hover', { line: 0, character: 6 })
    writeFileSync(join(root, 'a.ts'), '\ufeffconst a = 2\n')
    await fake.query('hover', { line: 0, character: 6 })
    const texts = (await fake.received()).flatMap((entry) => {
      const params = entry.params as { textDocument?: { text?: string }; contentChanges?: { text: string; range?: Range }[] } | undefined
      const at = (range?: Range) => (range ? `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character} ` : '')
      if (entry.method === 'textDocument/didOpen') return [`open ${JSON.stringify(params?.textDocument?.text)}`]
      if (entry.method === 'textDocument/didChange') return params?.contentChanges?.map((change) => `change ${at(change.range)}${JSON.stringify(change.text)}`) ?? []
      return []
    })
    // The changed range's columns do not count the mark either.
    expect(texts).toEqual(['open "const a = 1\\n"', 'change 0:10-0:11 "2"'])
  })
})
