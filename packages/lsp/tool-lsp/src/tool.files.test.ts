// What the tool does with paths that are not readable regular files: never block, never LSP_INTERNAL.
import { mkdir, symlink } from 'node:fs/promises'
import path from 'node:path'
import type { LspLocation } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { pricingFiles } from './fixtures.test-support.js'
import { at, complete, failure, fifo, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const query = { operation: 'findReferences', line: 1, character: 1 }
const locations = (root: string, list: readonly LspLocation[]) =>
  () => ({ kind: 'locations', locations: list, resolvedWorkspaceRoot: root, completeness: complete }) as const

describe('files that are not regular', () => {
  it('refuses a FIFO as the query file instead of blocking on it', async () => {
    const root = await tempWorkspace(pricingFiles)
    fifo(path.join(root, 'src/fifo.ts'))
    const { tool, seen } = stubTool(locations(root, []), { workspaceRoot: root })
    expect(await failure(tool.execute({ ...query, filePath: 'src/fifo.ts' }))).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: `src/fifo.ts is not a regular file (resolved to ${path.join(root, 'src/fifo.ts')})`,
    })
    expect(seen).toEqual([])
  })

  it('refuses a device reached through a symlink, as outside the workspace, without opening it', async () => {
    const root = await tempWorkspace(pricingFiles)
    await symlink('/dev/zero', path.join(root, 'src/zero.ts'))
    const { tool, seen } = stubTool(locations(root, []), { workspaceRoot: root })
    expect(await failure(tool.execute({ ...query, filePath: 'src/zero.ts' }))).toEqual({
      code: 'LSP_OUTSIDE_WORKSPACE',
      message: `src/zero.ts resolves to /dev/zero, outside the workspace root ${root}; give a path inside it`,
    })
    expect(seen).toEqual([])
  })

  it('shows result rows in a FIFO or a device as path:line, saying why they are unread', async () => {
    const root = await tempWorkspace(pricingFiles)
    fifo(path.join(root, 'src/fifo.ts'))
    await symlink('/dev/null', path.join(root, 'src/null.ts'))
    const { tool } = stubTool(
      locations(root, [at(fileUri(root, 'src/fifo.ts'), 2, 4), at(fileUri(root, 'src/null.ts'), 0, 0)]),
      { workspaceRoot: root },
    )
    const text = await tool.execute({ ...query, filePath: 'src/pricing.ts', line: 1, character: 17 })
    expect(text).toBe(['2 references to applyDiscount in 2 files', 'src/fifo.ts:3  (not a regular file)', 'src/null.ts:1  (not a regular file)'].join('\n'))
  })

  it('shows result rows in a binary file as path:line, without its bytes, saying why', async () => {
    const root = await tempWorkspace({ ...pricingFiles, 'src/blob.ts': 'const a = 1\u0000\u0001\n' })
    const { tool } = stubTool(locations(root, [at(fileUri(root, 'src/blob.ts'), 0, 6, 1)]), { workspaceRoot: root })
    const text = await tool.execute({ ...query, filePath: 'src/pricing.ts', line: 1, character: 17 })
    expect(text).toBe(['1 reference to applyDiscount', 'src/blob.ts:1  (not UTF-8 text: its code is not shown)'].join('\n'))
  })

  it('says why a path cannot be read: symlink loop, name too long, not a directory', async () => {
    const root = await tempWorkspace(pricingFiles)
    await symlink('loop.ts', path.join(root, 'src/loop.ts'))
    const { tool } = stubTool(locations(root, []), { workspaceRoot: root })
    expect(await failure(tool.execute({ ...query, filePath: 'src/loop.ts' }))).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: 'cannot read src/loop.ts: too many symbolic links',
    })
    expect(await failure(tool.execute({ ...query, filePath: 'src/app.ts/x.ts' }))).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: 'cannot read src/app.ts/x.ts: part of the path is not a directory',
    })
    const long = `src/${'n'.repeat(300)}.ts`
    expect(await failure(tool.execute({ ...query, filePath: long }))).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: `cannot read src/${'n'.repeat(96)}…${'n'.repeat(96)}.ts: name too long`,
    })
  })

  it.skipIf(process.getuid?.() === 0)('says permission denied for a file it may not read', async () => {
    const root = await tempWorkspace(pricingFiles)
    await mkdir(path.join(root, 'secret'), { mode: 0o000 })
    const { tool } = stubTool(locations(root, []), { workspaceRoot: root })
    expect(await failure(tool.execute({ ...query, filePath: 'secret/x.ts' }))).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: 'cannot read secret/x.ts: permission denied',
    })
  })

  it('quotes a path with a line break, keeping the message on one line', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = stubTool(locations(root, []), { workspaceRoot: root })
    expect(await failure(tool.execute({ ...query, filePath: 'src/a\nb.ts' }))).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: `file not found: "src/a\\nb.ts" (resolved to "${root}/src/a\\nb.ts")`,
    })
  })
})
