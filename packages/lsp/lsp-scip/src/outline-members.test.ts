// The index's outline of a class as tsserver gives it (the trial's rxjs BehaviorSubject): its
// constructor's parameter properties are members, accessors and the constructor go by their names.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { LspProviderQuery, LspSymbol } from '@agent-lsp/lsp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indexWorkspace } from './indexers.test-support.js'
import { createScipLspProvider } from './provider.js'

const subject = [
  'export class Holder<T> {',
  '  constructor(private _value: T, readonly label: string, size: number) {}',
  '',
  '  get value(): T {',
  '    return this._value',
  '  }',
  '',
  '  set value(next: T) {',
  '    this._value = next',
  '  }',
  '}',
  '',
].join('\n')

let root = ''
beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-scip-outline-')))
  await mkdir(join(root, 'src'))
  await writeFile(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }))
  await writeFile(join(root, 'src/holder.ts'), subject)
  await indexWorkspace(root, { typescript: true })
}, 120_000)
afterAll(() => rm(root, { recursive: true, force: true }))

const shape = (symbols: readonly LspSymbol[]): unknown => symbols.map((s) => [`${s.kind} ${s.name} ${s.selectionRange.start.line + 1}`, ...(s.children.length > 0 ? [shape(s.children)] : [])])

describe('documentSymbol from a scip-typescript index', () => {
  it('lists parameter properties as members, and names accessors and the constructor as written', async () => {
    const outline = await createScipLspProvider().query({ operation: 'documentSymbol', filePath: 'src/holder.ts', workspaceRoot: root, languageId: 'typescript' } as LspProviderQuery)
    expect(outline.kind === 'symbols' && shape(outline.symbols)).toEqual([
      ['Class Holder 1', [['Constructor constructor 2'], ['Property _value 2'], ['Property label 2'], ['Method value 4'], ['Method value 8']]],
    ])
  })

  it('workspaceSymbol finds a parameter property by name, in its class', async () => {
    const found = await createScipLspProvider().query({ operation: 'workspaceSymbol', query: '_value', filePath: null, workspaceRoot: root, languageId: null } as LspProviderQuery)
    expect(found.kind === 'symbols' && found.symbols.map((s) => `${s.kind} ${s.containerName}.${s.name} ${s.range.start.line + 1}`)).toEqual(['Property Holder._value 2'])
  })
})
