import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { LocalServerConfig } from '../config.js'
import { enclosingWorkspaceCompleteness } from './enclosing-workspace.js'

const typescript = { id: 'typescript', command: 'typescript-language-server', args: [], extensionToLanguage: { '.ts': 'typescript' }, enclosingWorkspace: 'node' } as LocalServerConfig

async function workspace(files: Record<string, string>): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-enclosing-')))
  onTestFinished(() => rm(root, { recursive: true, force: true }))
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), text)
  }
  return root
}

// The real-server cases (tsserver in a pnpm workspace, pyright under a pyrightconfig.json) are the cli's enclosing-workspace test.
describe('a workspace root inside a larger JavaScript workspace', () => {
  it('names the packages whose package.json names it, under a tsconfig.json with references; none for other operations', async () => {
    const root = await workspace({
      'tsconfig.json': JSON.stringify({ files: [], references: [{ path: 'libs/core' }] }),
      'libs/core/package.json': JSON.stringify({ name: 'core' }),
      'libs/web/package.json': JSON.stringify({ name: 'web', devDependencies: { core: '1.0.0' } }),
      'apps/cli/package.json': JSON.stringify({ name: 'cli', dependencies: { core: '1.0.0' } }),
      'apps/docs/package.json': JSON.stringify({ name: 'docs', dependencies: { 'core-js': '3.0.0' } }),
    })
    expect(enclosingWorkspaceCompleteness(typescript, 'incomingCalls', path.join(root, 'libs/core'))).toEqual({
      state: 'partial',
      reason: 'unchecked',
      message: `this workspace is a package of the workspace at ${root} (tsconfig.json), where 2 other packages name core (apps/cli and libs/web); they were not searched for incomingCalls; ask with ${root} as the workspace root to search them too`,
    })
    expect(enclosingWorkspaceCompleteness(typescript, 'hover', path.join(root, 'libs/core'))).toBeUndefined()
    // A package none names, and the top itself, have nothing beside them unsearched.
    expect(enclosingWorkspaceCompleteness(typescript, 'findReferences', path.join(root, 'apps/docs'))).toBeUndefined()
    expect(enclosingWorkspaceCompleteness(typescript, 'findReferences', root)).toBeUndefined()
  })

  it('says partial, naming the bound, when there are more package.json files than are read', async () => {
    const files: Record<string, string> = { 'lerna.json': '{}', 'packages/core/package.json': JSON.stringify({ name: 'core' }) }
    for (let i = 1000; i < 2030; i++) files[`packages/p${i}/package.json`] = JSON.stringify({ name: `p${i}` })
    const root = await workspace(files)
    expect(enclosingWorkspaceCompleteness(typescript, 'findReferences', path.join(root, 'packages/core'))).toEqual({
      state: 'partial',
      reason: 'unchecked',
      message: `this workspace is a package of the workspace at ${root} (lerna.json), and the package.json files past the first 1024 in it were not read (within 5,000 folders, 32 levels): packages among them may name core, not searched for findReferences; ask with ${root} as the workspace root to search them too`,
    })
  })
})
