// Rows of an answer never carry the text of a file outside the workspace, even when the server
// names it through a symlink inside the workspace.
import { mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { at, complete, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

describe('confinement of answers', () => {
  it('shows a row in a file that a symlink leads out to without reading that file', async () => {
    const outside = await realpath(await mkdtemp(path.join(os.tmpdir(), 'tool-lsp-outside-')))
    onTestFinished(() => rm(outside, { recursive: true, force: true }))
    await writeFile(path.join(outside, 'o.ts'), 'export function outsideFn() { return 1 } // SECRET=hunter2\n')
    const root = await tempWorkspace({ 'src/c.ts': "import { outsideFn } from './link'\noutsideFn()\n" })
    await symlink(path.join(outside, 'o.ts'), path.join(root, 'src/link.ts'))
    const definition = at(fileUri(root, 'src/link.ts'), 0, 16, 9)
    const { tool } = stubTool(() => ({ kind: 'locations', locations: [definition], resolvedWorkspaceRoot: root, completeness: complete }), {
      workspaceRoot: root,
    })
    const answer = await tool.execute({ operation: 'goToDefinition', filePath: 'src/c.ts', line: 2, character: 1 })
    expect(answer).toBe('outsideFn → src/link.ts:1  (not read: its real path is outside the workspace)')
    expect(answer).not.toContain('hunter2')
  })
})
