// Test support (not exported): real workspaces on disk and a host running the real servers.
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { HarnessError } from '@agent-lsp/errors'
import { createLspTool, type LspTool } from '@agent-lsp/tool-lsp'
import { afterAll, beforeAll, onTestFinished } from 'vitest'
import { createLspHost, type LspHost } from './host.js'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'

/** A directory holding `files` (relative path → content), removed after the test. */
export async function tempWorkspace(files: Record<string, string>): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-cli-')))
  onTestFinished(() => rm(root, { recursive: true, force: true }))
  await writeFiles(root, files)
  return root
}

/** Write `files` under `root`, creating directories. */
export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, content)
  }
}

/** A host (real language servers, started lazily) and its tool on `root`, disposed after the test. */
export function toolOn(root: string, servers?: LocalServerConfig[]): { host: LspHost; tool: LspTool; ask: Ask } {
  const host = createLspHost(servers)
  onTestFinished(() => host.dispose())
  const tool = createLspTool(host.ctx, { workspaceRoot: root })
  if (!tool) throw new Error('no tool: no provider registered')
  const ask: Ask = (operation, at) => {
    const match = /^(.+):(\d+):(\d+)$/.exec(at)
    if (!match) throw new Error(`bad position ${at}`)
    return tool.execute({ operation, filePath: match[1], line: Number(match[2]), character: Number(match[3]) })
  }
  return { host, tool, ask }
}

/**
 * In the calling `describe`: before its tests, one workspace of `files` and one host (real servers,
 * started lazily by the first query) with its tool on it; after them, the host disposed and the
 * workspace removed. For tests that only ask, never write: they share one server's start and
 * project load, the first query of the first test being the cold one. Call the returned function
 * inside a test.
 */
export function sharedToolOn(files: Record<string, string>, servers?: LocalServerConfig[]): () => { root: string; host: LspHost; tool: LspTool } {
  let shared: { root: string; host: LspHost; tool: LspTool } | undefined
  beforeAll(async () => {
    const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-cli-')))
    await writeFiles(root, files)
    const host = createLspHost(servers)
    const tool = createLspTool(host.ctx, { workspaceRoot: root })
    if (!tool) throw new Error('no tool: no provider registered')
    shared = { root, host, tool }
  })
  afterAll(async () => {
    await shared?.host.dispose()
    if (shared) await rm(shared.root, { recursive: true, force: true })
  })
  return () => {
    if (!shared) throw new Error('no shared workspace: ask inside a test of the describe')
    return shared
  }
}

/** Run one tool query at `path:line:col` (1-based, code points). */
export type Ask = (operation: 'goToDefinition' | 'findReferences' | 'goToImplementation' | 'hover', at: string) => Promise<string>

/** The `path:line:col` of each place of a locations answer, grouped by file or not (the header skipped). */
export function rowPositions(answer: string): string[] {
  const positions: string[] = []
  let file = ''
  for (const row of answer.split('\n').slice(1)) {
    const where = row.split('  ')[0] ?? ''
    // Grouped by file: `path:line:col  code`, or the path alone over `line:col line:col  code` lines.
    if (/^\d+:\d+/.test(where)) positions.push(...where.split(' ').map((position) => `${file}:${position}`))
    else if (/:\d+:\d+$/.test(where)) positions.push(where)
    else file = where
  }
  return positions
}

/** The `[code, message]` a promise rejects with (a `HarnessError`); fails when it resolves. */
export async function codeOf(promise: Promise<unknown>): Promise<[string, string]> {
  try {
    await promise
  } catch (error) {
    if (HarnessError.isInstance(error)) return [error.code, error.message]
    throw error
  }
  throw new Error('expected an error')
}

/** `tsc -p root` with the bundled TypeScript: its output, empty when the project type-checks (the independent check of an edit). */
export function typeCheck(root: string): string {
  try {
    execFileSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', root], { encoding: 'utf8' })
    return ''
  } catch (error) {
    return String((error as { stdout?: string }).stdout)
  }
}

/** The bundled TypeScript's tsc script (run as `node tsc …`). */
export const tscScript = createRequire(import.meta.url).resolve('typescript/bin/tsc')

/** What `command` prints (stdout, then stderr) when it fails, empty when it succeeds: an independent check's verdict. */
export function failure(command: string, args: string[], cwd: string): string {
  try {
    execFileSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe' })
    return ''
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    return `${stdout ?? ''}${stderr ?? ''}`
  }
}
