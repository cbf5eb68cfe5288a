// moveFile over a stub provider: what the tool asks (willRenameFiles, then didRenameFiles after the
// write), all or nothing on a failing disk, and imports of the old path left. The real servers'
// answers are in the command's tests (packages/cli/src/move-file.test.ts).
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { LspProviderQuery, LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { nodeFileSystem, type EditFileSystem } from './edit/apply-files.js'
import { complete, failure, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const files = { 'src/util.ts': 'export const one = 1\n', 'src/main.ts': "import { one } from './util'\n", 'src/other.ts': "import { one } from './util.js'\n" }
const move = { operation: 'moveFile', filePath: 'src/util.ts', newPath: 'src/lib/util.ts' }
const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } })

/** A stub whose willRenameFiles rewrites main.ts only (other.ts is missed), clean diagnostics, didRenameFiles taken. */
async function moveTool(fileSystem?: EditFileSystem) {
  const root = await tempWorkspace(files)
  const answer = (query: LspProviderQuery): LspQueryResult => {
    const base = { resolvedWorkspaceRoot: root, completeness: complete }
    if (query.operation === 'diagnostics') return { kind: 'diagnostics', uri: fileUri(root, path.relative(root, query.filePath)), diagnostics: [], ...base }
    if (query.operation === 'didRenameFiles') return { kind: 'workspaceEdit', edit: null, ...base }
    const edit = { changes: [{ kind: 'edit' as const, uri: fileUri(root, 'src/main.ts'), version: null, edits: [{ range: range(0, 21, 27), newText: './lib/util' }] }] }
    return { kind: 'workspaceEdit', edit, ...base }
  }
  const { tool, seen } = stubTool(answer, { workspaceRoot: root, ...(fileSystem ? { fileSystem } : {}) })
  return { root, tool, seen }
}

const read = (root: string, file: string): Promise<string> => readFile(path.join(root, file), 'utf8')

describe('moveFile through the tool', () => {
  it('refuses to apply a move whose edit leaves an import of the old path, changing nothing and telling no server', async () => {
    const { root, tool, seen } = await moveTool()
    expect(await failure(tool.execute({ ...move, apply: true }))).toEqual({
      code: 'LSP_EDIT_INCOMPLETE',
      message: "move src/util.ts → src/lib/util.ts was not applied: 1 import would still name src/util.ts (the server's edit leaves it): src/other.ts:1 './util.js'; nothing was written. Fix it by hand, or apply with force: true to write it anyway",
    })
    for (const [file, content] of Object.entries(files)) expect(await read(root, file)).toBe(content)
    expect(seen.filter((query) => query.operation === 'didRenameFiles')).toEqual([])
  })

  it('with force, asks willRenameFiles with both paths, and didRenameFiles only once the files are written; an import the server missed is named', async () => {
    const { root, tool, seen } = await moveTool()
    expect(await tool.execute({ ...move, apply: true, force: true })).toBe(
      [
        "Warning: 1 import still names src/util.ts: src/other.ts:1 './util.js'.",
        'Applied: move src/util.ts → src/lib/util.ts: 1 edit in 2 files written.',
        '  src/lib/util.ts (moved from src/util.ts)',
        '  src/main.ts',
        // other.ts, which the edit leaves naming the old path, is counted too.
        'Verified: errors 0 → 0 in the 3 checked files.',
        'rename from src/util.ts',
        'rename to src/lib/util.ts',
        '--- a/src/main.ts',
        '+++ b/src/main.ts',
        '@@ -1 +1 @@',
        "-import { one } from './util'",
        "+import { one } from './lib/util'",
      ].join('\n'),
    )
    const renames = seen.filter((query) => query.operation === 'willRenameFiles' || query.operation === 'didRenameFiles')
    expect(renames.map((query) => [query.operation, 'newPath' in query ? [query.filePath, query.newPath] : []])).toEqual([
      ['willRenameFiles', [path.join(root, 'src/util.ts'), path.join(root, 'src/lib/util.ts')]],
      ['didRenameFiles', [path.join(root, 'src/util.ts'), path.join(root, 'src/lib/util.ts')]],
    ])
    // The diagnostics after the write are asked at the moved file's new path.
    const checked = seen.filter((query) => query.operation === 'diagnostics').map((query) => path.relative(root, query.filePath ?? ''))
    // Asked concurrently, three before and three after.
    expect([checked.slice(0, 3).sort(), checked.slice(3).sort()]).toEqual([
      ['src/main.ts', 'src/other.ts', 'src/util.ts'],
      ['src/lib/util.ts', 'src/main.ts', 'src/other.ts'],
    ])
    expect(await read(root, 'src/lib/util.ts')).toBe('export const one = 1\n')
    expect(existsSync(path.join(root, 'src/util.ts'))).toBe(false)
  })

  it('changes nothing on disk when a step of the apply fails: files restored, the new file and its folder removed', async () => {
    const fileSystem: EditFileSystem = {
      ...nodeFileSystem,
      unlink: async (file) => {
        if (file.endsWith(`${path.sep}util.ts`) && !file.includes(`${path.sep}lib${path.sep}`)) throw Object.assign(new Error('EIO: unlink'), { code: 'EIO', path: file })
        return nodeFileSystem.unlink(file)
      },
    }
    const { root, tool, seen } = await moveTool(fileSystem)
    const { code, message } = await failure(tool.execute({ ...move, apply: true, force: true }))
    expect([code, message]).toEqual(['LSP_EDIT_FAILED', `writing ${path.join(root, 'src/util.ts')} failed (EIO); every file was restored to its content before the edit`])
    for (const [file, content] of Object.entries(files)) expect(await read(root, file)).toBe(content)
    expect(existsSync(path.join(root, 'src/lib'))).toBe(false)
    expect(seen.some((query) => query.operation === 'didRenameFiles')).toBe(false)
  })
})
