// Test support (not exported): copies of real codebases no one here wrote, and one host per file on them.
import { cp, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { createLspTool, type LspTool } from '@agent-lsp/tool-lsp'
import { afterAll, beforeAll } from 'vitest'
import { createLspHost, type LspHost } from './host.js'
import type { Ask } from './workspace.test-support.js'

const require = createRequire(import.meta.url)

/** The installed directory of a pinned devDependency of this package. */
function packageDir(name: string): string {
  return path.dirname(require.resolve(`${name}/package.json`))
}

/** An empty directory under the system temp directory, realpath'd (the caller removes it). */
async function emptyWorkspace(): Promise<string> {
  return realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-real-')))
}

/** @tanstack/query-core 5.59.0's TypeScript sources (tests left out) as `<root>/src`, with a strict tsconfig. */
export async function copyQueryCore(): Promise<string> {
  const root = await emptyWorkspace()
  const src = path.join(packageDir('@tanstack/query-core'), 'src')
  const tests = path.join(src, '__tests__')
  await cp(src, path.join(root, 'src'), { recursive: true, filter: (from) => from !== tests && !from.startsWith(tests + path.sep) })
  const compilerOptions = { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'] }
  await writeFile(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }))
  return root
}

/** node-gyp 11.5.0's `gyp/pylib/gyp` Python package as `<root>/gyp`, importable as `gyp`. */
export async function copyGyp(): Promise<string> {
  const root = await emptyWorkspace()
  await cp(path.join(packageDir('node-gyp'), 'gyp', 'pylib', 'gyp'), path.join(root, 'gyp'), { recursive: true })
  return root
}

/**
 * In the calling `describe`: before its tests, `copy` a codebase and start one host (real servers,
 * lazily) with its tool on the copy; after them, dispose the host and remove the copy. Sharing
 * one host across the tests of a file pays the server's start and project load once. `at` is
 * `path:line:character` (1-based), or else a symbol name resolved through workspace symbols.
 */
export function sharedToolOn(copy: () => Promise<string>): Ask {
  let root: string | undefined
  let host: LspHost | undefined
  let tool: LspTool | undefined
  beforeAll(async () => {
    root = await copy()
    host = createLspHost()
    tool = createLspTool(host.ctx, { workspaceRoot: root })
  })
  afterAll(async () => {
    await host?.dispose()
    if (root !== undefined) await rm(root, { recursive: true, force: true })
  })
  return (operation, at) => {
    if (!tool) throw new Error('no tool: ask inside the describe')
    const match = /^(.+):(\d+):(\d+)$/.exec(at)
    if (!match) return tool.execute({ operation, symbol: at })
    return tool.execute({ operation, filePath: match[1], line: Number(match[2]), character: Number(match[3]) })
  }
}
