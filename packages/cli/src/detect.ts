import { accessSync, constants, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where a command was found: a `PATH` directory, this package's or the workspace's `node_modules/.bin`. */
export type ExecutableSource = 'PATH' | 'agent-lsp' | 'workspace'

/** A directory searched for executables, and what finding one there means. */
export interface SearchDir {
  readonly dir: string
  readonly source: ExecutableSource
}

/** How to look: the environment (`PATH`, `PATHEXT`) and the platform's rules. */
export interface SearchOptions {
  readonly env: NodeJS.ProcessEnv
  readonly platform?: NodeJS.Platform
}

/** The package directory of agent-lsp (this file is in its `src/` or `dist/`). */
const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

/**
 * The `node_modules/.bin` directories of agent-lsp itself: its own, and the one of the
 * `node_modules` it is installed in (where npm hoists its dependencies' executables).
 */
export function agentLspBinDirs(): string[] {
  const dirs = [path.join(packageDir, 'node_modules', '.bin')]
  const parent = path.dirname(packageDir)
  if (path.basename(parent) === 'node_modules') dirs.push(path.join(parent, '.bin'))
  return dirs
}

/**
 * The directories to search, in order: each `PATH` entry (empty entries, which mean the current
 * directory, skipped), then agent-lsp's `node_modules/.bin`, then — only when `workspaceBin` is
 * given (a trusted workspace) — `<workspace>/node_modules/.bin`.
 */
export function searchDirs(options: SearchOptions, workspaceBin?: string): SearchDir[] {
  const dirs: SearchDir[] = pathEntries(options).map((dir) => ({ dir, source: 'PATH' as const }))
  for (const dir of agentLspBinDirs()) dirs.push({ dir, source: 'agent-lsp' })
  if (workspaceBin !== undefined) dirs.push({ dir: workspaceBin, source: 'workspace' })
  return dirs
}

/** The workspace's `node_modules/.bin`. */
export function workspaceBinDir(workspaceRoot: string): string {
  return path.join(workspaceRoot, 'node_modules', '.bin')
}

/**
 * Find `name` (a bare command name, no directory) in `dirs` as the OS would run it without a shell:
 * a regular file with the executable bit for this user on POSIX; on win32 the name itself when it
 * already ends in a `PATHEXT` extension, else the name with each `PATHEXT` extension in turn.
 * @returns the first match's absolute path and its source, or `undefined`.
 */
export function findExecutable(name: string, dirs: readonly SearchDir[], options: SearchOptions): { path: string; source: ExecutableSource } | undefined {
  const candidates = executableNames(name, options)
  for (const { dir, source } of dirs) {
    for (const candidate of candidates) {
      const file = path.join(dir, candidate)
      if (isExecutable(file, options.platform ?? process.platform)) return { path: file, source }
    }
  }
  return undefined
}

/** Whether `file` is a regular file this process may execute (on win32: any regular file). */
export function isExecutable(file: string, platform: NodeJS.Platform = process.platform): boolean {
  try {
    if (!statSync(file).isFile()) return false
    if (platform !== 'win32') accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function pathEntries({ env, platform = process.platform }: SearchOptions): string[] {
  // Windows environment names are case-insensitive (`Path`).
  const key = platform === 'win32' ? (Object.keys(env).find((name) => name.toUpperCase() === 'PATH') ?? 'PATH') : 'PATH'
  const delimiter = platform === 'win32' ? ';' : ':'
  return (env[key] ?? '').split(delimiter).filter((dir) => dir !== '')
}

function executableNames(name: string, { env, platform = process.platform }: SearchOptions): string[] {
  if (platform !== 'win32') return [name]
  const key = Object.keys(env).find((variable) => variable.toUpperCase() === 'PATHEXT') ?? 'PATHEXT'
  const extensions = (env[key] ?? '.COM;.EXE;.BAT;.CMD').split(';').filter((ext) => ext !== '')
  const lower = name.toLowerCase()
  if (extensions.some((ext) => lower.endsWith(ext.toLowerCase()))) return [name]
  return extensions.map((ext) => name + ext.toLowerCase())
}
