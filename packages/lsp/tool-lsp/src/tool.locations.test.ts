import { mkdir, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { LspLocation } from '@agent-lsp/lsp'
import { describe, expect, it, onTestFinished } from 'vitest'
import { cjkLine, emojiLine, pricingFiles } from './fixtures.test-support.js'
import { at, complete, failure, fileUri, positionOf, stubTool, tempWorkspace } from './workspace.test-support.js'

const locations = (root: string, list: readonly LspLocation[]) =>
  () => ({ kind: 'locations', locations: list, resolvedWorkspaceRoot: root, completeness: complete }) as const

describe('locations', () => {
  it('converts the cursor to UTF-16 on an emoji line and results back to code points', async () => {
    const root = await tempWorkspace(pricingFiles)
    const app = fileUri(root, 'src/app.ts')
    const { tool, seen } = stubTool(
      locations(root, [at(app, 2, 48), at(fileUri(root, 'src/pricing.ts'), 0, 16), at(app, 1, 55), at(app, 0, 9)]),
      { workspaceRoot: root },
    )
    const text = await tool.execute({ operation: 'findReferences', filePath: 'src/app.ts', line: 2, character: 53 })
    expect(seen).toEqual([
      {
        operation: 'findReferences',
        filePath: path.join(root, 'src/app.ts'),
        position: { line: 1, character: 55 },
        workspaceRoot: root,
        languageId: 'typescript',
      },
    ])
    expect(text).toBe(
      [
        '4 references to applyDiscount in 2 files',
        'src/app.ts',
        `1:10  import { applyDiscount, formatPrice } from './pricing'`,
        `2:53  ${emojiLine}`,
        `3:49  ${cjkLine}`,
        'src/pricing.ts:1:17  export function applyDiscount(price: number, rate: number): number {',
      ].join('\n'),
    )
  })

  it('sends UTF-16 48 for code-point column 49 on a CJK line', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool, seen } = stubTool(locations(root, [at(fileUri(root, 'src/pricing.ts'), 0, 16)]), { workspaceRoot: root })
    const text = await tool.execute({ operation: 'goToDefinition', filePath: 'src/app.ts', line: 3, character: 49 })
    expect(positionOf(seen[0])).toEqual({ line: 2, character: 48 })
    expect(text).toBe(
      'applyDiscount → src/pricing.ts:1:17  export function applyDiscount(price: number, rate: number): number {',
    )
  })

  it('names implementations, counting files only when there are several', async () => {
    const root = await tempWorkspace({
      'src/shape.ts': 'export interface Shape { area(): number }\n',
      'src/circle.ts': 'export class Circle implements Shape {\n  area() { return 1 }\n}\n',
      'src/square.ts': 'export class Square implements Shape {\n  area() { return 2 }\n}\n',
    })
    const { tool } = stubTool(
      locations(root, [at(fileUri(root, 'src/square.ts'), 0, 13), at(fileUri(root, 'src/circle.ts'), 0, 13)]),
      { workspaceRoot: root },
    )
    const text = await tool.execute({ operation: 'goToImplementation', filePath: 'src/shape.ts', line: 1, character: 18 })
    expect(text).toBe(
      [
        '2 implementations of Shape in 2 files',
        'src/circle.ts:1:14  export class Circle implements Shape {',
        'src/square.ts:1:14  export class Square implements Shape {',
      ].join('\n'),
    )
  })

  it('renders an encoded URI as the real relative path (spaces, #, [id], é)', async () => {
    const relative = 'lib/shared code/[id]/réf#1.ts'
    const root = await tempWorkspace({ [relative]: 'export const rate = 0.1\n' })
    const encoded = `file://${root}/lib/shared%20code/%5Bid%5D/r%C3%A9f%231.ts`
    const { tool, seen } = stubTool(locations(root, [at(encoded, 0, 13)]), { workspaceRoot: root })
    const text = await tool.execute({ operation: 'goToDefinition', filePath: relative, line: 1, character: 14 })
    expect(seen[0]?.filePath).toBe(path.join(root, relative))
    expect(text).toBe('rate → lib/shared code/[id]/réf#1.ts:1:14  export const rate = 0.1')
  })

  it('marks files outside the workspace and non-file URIs as external, after workspace files, unread', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = stubTool(
      locations(root, [
        at('jdt://contents/java.base/java/util/List.class', 3, 2),
        at('file:///opt/ext/lib.d.ts', 41, 7),
        at(fileUri(root, 'src/pricing.ts'), 3, 16),
        at(fileUri(path.dirname(root), 'sibling/x.ts'), 0, 0),
      ]),
      { workspaceRoot: root },
    )
    const text = await tool.execute({ operation: 'findReferences', filePath: 'src/pricing.ts', line: 2, character: 10 })
    expect(text).toBe(
      [
        '4 references to roundCents in 4 files',
        'src/pricing.ts:4:17  export function roundCents(value: number): number {',
        'external  /opt/ext/lib.d.ts:42',
        `external  ${path.dirname(root)}/sibling/x.ts:1`,
        'external  jdt://contents/java.base/java/util/List.class:4',
      ].join('\n'),
    )
  })

  it('relativizes against resolvedWorkspaceRoot, not the requested (symlinked) root', async () => {
    const root = await tempWorkspace(pricingFiles)
    const link = `${root}-link`
    await symlink(root, link)
    onTestFinished(() => rm(link, { force: true }))
    const { tool, seen } = stubTool(locations(root, [at(fileUri(root, 'src/pricing.ts'), 3, 16)]), { workspaceRoot: link })
    const text = await tool.execute({ operation: 'goToDefinition', filePath: 'src/pricing.ts', line: 2, character: 10 })
    expect(seen[0]?.workspaceRoot).toBe(link)
    expect(text).toBe('roundCents → src/pricing.ts:4:17  export function roundCents(value: number): number {')
  })

  it('accepts an absolute path through the real root when the workspace root is a symlink', async () => {
    const root = await tempWorkspace(pricingFiles)
    const link = `${root}-link`
    await symlink(root, link)
    onTestFinished(() => rm(link, { force: true }))
    const { tool, seen } = stubTool(locations(root, [at(fileUri(root, 'src/pricing.ts'), 3, 16)]), { workspaceRoot: link })
    const text = await tool.execute({ operation: 'goToDefinition', filePath: path.join(root, 'src/pricing.ts'), line: 2, character: 10 })
    expect(seen[0]?.filePath).toBe(path.join(root, 'src/pricing.ts'))
    expect(text).toBe('roundCents → src/pricing.ts:4:17  export function roundCents(value: number): number {')
  })

  it('pages rows past maxResults, the declaration first, saying what is on later pages', async () => {
    const root = await tempWorkspace(pricingFiles)
    const app = fileUri(root, 'src/app.ts')
    const pricing = at(fileUri(root, 'src/pricing.ts'), 0, 16)
    const { tool, seen } = stubTool(
      (query) => ({
        kind: 'locations',
        locations: query.operation === 'goToDefinition' ? [pricing] : [at(app, 0, 9), at(app, 1, 55), at(app, 2, 48), pricing],
        resolvedWorkspaceRoot: root,
        completeness: complete,
      }),
      { workspaceRoot: root, maxResults: 2 },
    )
    const ask = (page?: number) =>
      tool.execute({ operation: 'findReferences', filePath: 'src/app.ts', line: 2, character: 53, ...(page ? { page } : {}) })
    expect(await ask()).toBe(
      [
        '4 references to applyDiscount in 2 files; showing 1-2 (page 1 of 2)',
        'src/pricing.ts:1:17  export function applyDiscount(price: number, rate: number): number {',
        `src/app.ts:1:10  import { applyDiscount, formatPrice } from './pricing'`,
        'More in: src/app.ts (2 more of 3)',
        'Narrow with fileFilter (a file or folder, e.g. src/app.ts), or ask page 2.',
      ].join('\n'),
    )
    // The definition is asked for at the cursor, only because the answer is cut.
    expect(seen.map((query) => query.operation)).toEqual(['findReferences', 'goToDefinition'])
    expect(await ask(2)).toBe(
      [
        '4 references to applyDiscount in 2 files; showing 3-4 (page 2 of 2)',
        'src/app.ts',
        `2:53  ${emojiLine}`,
        `3:49  ${cjkLine}`,
      ].join('\n'),
    )
    expect(await failure(ask(3))).toEqual({
      code: 'LSP_INVALID_INPUT',
      message: 'page 3 is past the last page (the answer has 4 rows: 2 pages of up to 2)',
    })
  })

  it('keeps display order when the definition cannot be had, the cursor row first', async () => {
    const root = await tempWorkspace(pricingFiles)
    const app = fileUri(root, 'src/app.ts')
    const { tool } = stubTool(
      (query) => {
        if (query.operation === 'goToDefinition') throw new Error('no definitions here')
        return { kind: 'locations', locations: [at(app, 0, 9), at(app, 1, 55), at(app, 2, 48)], resolvedWorkspaceRoot: root, completeness: complete }
      },
      { workspaceRoot: root, maxResults: 2 },
    )
    const text = await tool.execute({ operation: 'findReferences', filePath: 'src/app.ts', line: 3, character: 49 })
    expect(text.split('\n').slice(0, 4)).toEqual([
      '3 references to applyDiscount; showing 1-2 (page 1 of 2)',
      'src/app.ts',
      `3:49  ${cjkLine}`,
      `1:10  import { applyDiscount, formatPrice } from './pricing'`,
    ])
  })

  it('keeps only the rows under fileFilter, the header keeping the whole total', async () => {
    const root = await tempWorkspace(pricingFiles)
    const app = fileUri(root, 'src/app.ts')
    const { tool } = stubTool(locations(root, [at(app, 0, 9), at(app, 1, 55), at(fileUri(root, 'src/pricing.ts'), 0, 16)]), {
      workspaceRoot: root,
    })
    const ask = (fileFilter: string) =>
      tool.execute({ operation: 'findReferences', filePath: 'src/app.ts', line: 2, character: 53, fileFilter })
    expect(await ask('src/pricing.ts')).toBe(
      [
        '1 reference to applyDiscount under src/pricing.ts (3 in 2 files in all)',
        'src/pricing.ts:1:17  export function applyDiscount(price: number, rate: number): number {',
      ].join('\n'),
    )
    expect((await ask('./src/')).split('\n')[0]).toBe('3 references to applyDiscount in 2 files under src (3 in 2 files in all)')
    expect((await ask(path.join(root, 'src/app.ts'))).split('\n')[0]).toBe('2 references to applyDiscount under src/app.ts (3 in 2 files in all)')
    expect(await ask('lib')).toBe('No references to applyDiscount under lib (3 in 2 files in all; leave out fileFilter to see them).')
    expect(await failure(ask('../elsewhere'))).toEqual({
      code: 'LSP_OUTSIDE_WORKSPACE',
      message: `fileFilter ../elsewhere is outside the workspace root ${root}; give a file or folder inside it`,
    })
  })

  it('cuts code lines longer than 100 code points with …', async () => {
    const long = `  const total = [${'🎉, '.repeat(60)}]`
    const root = await tempWorkspace({ 'src/long.ts': `${long}\n` })
    const { tool } = stubTool(locations(root, [at(fileUri(root, 'src/long.ts'), 0, 8)]), { workspaceRoot: root })
    const text = await tool.execute({ operation: 'goToDefinition', filePath: 'src/long.ts', line: 1, character: 9 })
    const code = Array.from(long.trim()).slice(0, 99).join('')
    expect(text).toBe(`total → src/long.ts:1:9  ${code}…`)
  })

  it('shows a window around the match on a long line, cutting only the ends that are cut', async () => {
    const numbers = `${'0, '.repeat(66_000)}0`
    const line = `export const long = [${numbers}]; export const needle = long.length + long.at(0)`
    const root = await tempWorkspace({ 'src/long.ts': `${line}\n`, 'src/middle.ts': `${numbers}; long; ${numbers}\n` })
    const nearEnd = line.lastIndexOf('long.at')
    const middle = numbers.length + 2
    const { tool } = stubTool(
      locations(root, [at(fileUri(root, 'src/long.ts'), 0, nearEnd, 4), at(fileUri(root, 'src/middle.ts'), 0, middle, 4)]),
      { workspaceRoot: root },
    )
    const text = await tool.execute({ operation: 'findReferences', filePath: 'src/long.ts', line: 1, character: 14 })
    expect(text).toBe(
      [
        '2 references to long in 2 files',
        `src/long.ts:1:${nearEnd + 1}  …${line.slice(-99)}`,
        `src/middle.ts:1:${middle + 1}  …${`${numbers}; long; ${numbers}`.slice(middle - 30, middle + 68)}…`,
      ].join('\n'),
    )
    expect(text.split('\n')[2]).toContain(`0, 0; long; 0, 0`)
  })

  it('counts the window in code points and leaves leading indentation out', async () => {
    const line = `\t\tconst list = [${'🎉, '.repeat(100)}needle${', 🎉'.repeat(100)}]`
    const root = await tempWorkspace({ 'src/emoji.ts': `${line}\n` })
    const needle = line.indexOf('needle')
    const { tool } = stubTool(locations(root, [at(fileUri(root, 'src/emoji.ts'), 0, needle, 6)]), { workspaceRoot: root })
    const text = await tool.execute({ operation: 'findReferences', filePath: 'src/emoji.ts', line: 1, character: 3 })
    const codePoints = Array.from(line)
    expect(Array.from(line.slice(0, needle)).length + 1).toBe(317)
    expect(text).toBe(`1 reference to needle\nsrc/emoji.ts:1:317  …${codePoints.slice(316 - 30, 316 + 68).join('')}…`)
  })

  it('groups places by file, places whose code reads the same sharing a line, a mark keeping its own', async () => {
    const root = await tempWorkspace({
      'src/a.ts': 'export function tick() {}\n',
      'src/b.ts': "import { tick } from './a'\ntick()\ntick(); tick()\ntick()\n  tick()\n",
    })
    const a = fileUri(root, 'src/a.ts')
    const b = fileUri(root, 'src/b.ts')
    const added = [at(b, 4, 2, 4)]
    const places = [at(a, 0, 16, 4), at(b, 0, 9, 4), at(b, 1, 0, 4), at(b, 2, 0, 4), at(b, 2, 8, 4), at(b, 3, 0, 4), ...added]
    const counts = { occurrences: 7, listed: 6, added: 1, elsewhere: 0, candidates: 0, commentsOrStrings: 0, generated: 0, keywords: 0, unchecked: 0 }
    const { tool } = stubTool(
      () => ({ kind: 'locations', locations: places, resolvedWorkspaceRoot: root, completeness: complete, crossCheck: { name: 'tick', files: 2, added, candidates: [], counts, truncated: false, unsearched: { count: 0, files: [] }, inStrings: { count: 0, locations: [] } } }),
      { workspaceRoot: root },
    )
    expect((await tool.execute({ operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 17 })).split('\n')).toEqual([
      '7 references to tick in 2 files',
      'src/a.ts:1:17  export function tick() {}',
      'src/b.ts',
      "1:10  import { tick } from './a'",
      '2:1 4:1  tick()',
      '3:1 3:9  tick(); tick()',
      '5:3  tick()  (missed by the server; found by the cross-check)',
    ])
  })

  it('shows no column or code when the line cannot be read, says why, and no code for a blank line', async () => {
    const root = await tempWorkspace(pricingFiles)
    const app = fileUri(root, 'src/app.ts')
    const { tool } = stubTool(locations(root, [at(fileUri(root, 'src/gone.ts'), 4, 3), at(app, 98, 0), at(app, 3, 0)]), {
      workspaceRoot: root,
    })
    const text = await tool.execute({ operation: 'findReferences', filePath: 'src/app.ts', line: 2, character: 53 })
    expect(text).toBe(
      [
        '3 references to applyDiscount in 2 files',
        'src/app.ts',
        '4:1',
        "99  (past the file's end: it changed since the server read it; ask again)",
        'src/gone.ts:5  (no such file: deleted since the server answered)',
      ].join('\n'),
    )
  })

  it("says why a file's rows show no code: not UTF-8 text, not a regular file", async () => {
    const root = await tempWorkspace(pricingFiles)
    await writeFile(path.join(root, 'src/wide.ts'), Buffer.from('\ufeffexport const x = 1\n', 'utf16le'))
    await mkdir(path.join(root, 'src/folder.ts'))
    const wide = fileUri(root, 'src/wide.ts')
    const { tool } = stubTool(locations(root, [at(wide, 0, 13), at(wide, 3, 1), at(fileUri(root, 'src/folder.ts'), 0, 0)]), { workspaceRoot: root })
    const text = await tool.execute({ operation: 'findReferences', filePath: 'src/app.ts', line: 2, character: 53 })
    expect(text).toBe(
      [
        '3 references to applyDiscount in 2 files',
        'src/folder.ts:1  (not a regular file)',
        'src/wide.ts  (not UTF-8 text: its code is not shown)',
        '1',
        '4',
      ].join('\n'),
    )
  })

  it('says nothing was found, with the word when the cursor is on one', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = stubTool(locations(root, []), { workspaceRoot: root })
    const ask = (operation: string, line: number, character: number) =>
      tool.execute({ operation, filePath: 'src/pricing.ts', line, character })
    expect(await ask('findReferences', 2, 10)).toBe('No references found for roundCents at src/pricing.ts:2:10.')
    expect(await ask('goToImplementation', 2, 10)).toBe('No implementations found for roundCents at src/pricing.ts:2:10.')
    expect(await ask('goToDefinition', 3, 1)).toBe('No definition found at src/pricing.ts:3:1.')
  })

  it('puts a partial warning first, before the normal answer', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = stubTool(
      () => ({
        kind: 'locations',
        locations: [at(fileUri(root, 'src/pricing.ts'), 3, 16)],
        resolvedWorkspaceRoot: root,
        completeness: { state: 'partial', reason: 'indexing', message: 'the server was still indexing after 30 s' },
      }),
      { workspaceRoot: root },
    )
    const text = await tool.execute({ operation: 'findReferences', filePath: 'src/pricing.ts', line: 2, character: 10 })
    expect(text).toBe(
      [
        'Partial answer (indexing): the server was still indexing after 30 s',
        '1 reference to roundCents',
        'src/pricing.ts:4:17  export function roundCents(value: number): number {',
      ].join('\n'),
    )
  })
})
