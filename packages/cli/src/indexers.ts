import { execFile } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { HarnessError } from '@agent-lsp/errors'

const require = createRequire(import.meta.url)

/** A pinned SCIP indexer (a dependency of this package), run with this Node. */
export interface Indexer {
  /** `scip-typescript` or `scip-python`. */
  readonly name: string
  readonly version: string
  /** What it indexes, for progress lines. */
  readonly language: string
  /** Its arguments, writing to `out`. */
  readonly args: (out: string) => readonly string[]
  readonly script: string
}

function pinned(name: string, script: string): { script: string; version: string } {
  const dir = dirname(require.resolve(`${name}/package.json`))
  return { script: join(dir, script), version: (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version }
}

/** Directories no indexer should be sent into when looking for Python sources. */
const skipped = new Set(['node_modules', '__pycache__', 'dist', 'build', 'venv'])

/** Whether `root` holds a Python file within `depth` folder levels (dot folders and `skipped` left out). */
function hasPython(root: string, depth: number): boolean {
  let entries
  try {
    entries = readdirSync(root, { withFileTypes: true })
  } catch {
    return false
  }
  if (entries.some((entry) => entry.isFile() && (entry.name.endsWith('.py') || entry.name.endsWith('.pyi')))) return true
  if (depth === 0) return false
  return entries.some((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !skipped.has(entry.name) && hasPython(join(root, entry.name), depth - 1))
}

/** How deep below a root without a TypeScript project of its own its projects are looked for. */
const PROJECT_DEPTH = 3

/**
 * The folders (relative, `/`-separated, sorted) below `root` holding a `tsconfig.json` or
 * `jsconfig.json`, within `depth` levels: a folder of projects (`rx/`, `inv/`) with none at its
 * root. A project's own folders are not looked into (its nested configs are its own business).
 */
function typescriptProjects(root: string, depth: number, prefix = ''): string[] {
  let entries
  try {
    entries = readdirSync(join(root, prefix), { withFileTypes: true })
  } catch {
    return []
  }
  const found: string[] = []
  for (const entry of entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !skipped.has(entry.name)).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const folder = prefix === '' ? entry.name : `${prefix}/${entry.name}`
    if (existsSync(join(root, folder, 'tsconfig.json')) || existsSync(join(root, folder, 'jsconfig.json'))) found.push(folder)
    else if (depth > 1) found.push(...typescriptProjects(root, depth - 1, folder))
  }
  return found
}

/**
 * The indexers a workspace needs: scip-typescript when it has a `tsconfig.json` or `jsconfig.json`
 * (with `--pnpm-workspaces` beside a `pnpm-workspace.yaml`, `--yarn-workspaces` for a `workspaces`
 * field), or a `package.json` alone (`--infer-tsconfig`), else for each folder within three levels
 * holding a `tsconfig.json` or `jsconfig.json` (a folder of projects); scip-python when a Python file lies within
 * three folder levels, or a `pyproject.toml`, `setup.py` or `setup.cfg` is at the root (the project
 * named after the root folder, versioned by `revision`).
 */
export function indexersFor(root: string, revision: string): Indexer[] {
  const found: Indexer[] = []
  const has = (file: string) => existsSync(join(root, file))
  const packageJson = has('package.json') ? (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces?: unknown }) : undefined
  if (has('tsconfig.json') || has('jsconfig.json') || packageJson !== undefined) {
    const { script, version } = pinned('@sourcegraph/scip-typescript', 'dist/src/main.js')
    const flags = [
      ...(has('pnpm-workspace.yaml') ? ['--pnpm-workspaces'] : packageJson?.workspaces !== undefined ? ['--yarn-workspaces'] : []),
      ...(has('tsconfig.json') || has('jsconfig.json') || has('pnpm-workspace.yaml') ? [] : ['--infer-tsconfig']),
    ]
    found.push({ name: 'scip-typescript', version, language: 'TypeScript/JavaScript', script, args: (out) => ['index', '--cwd', root, ...flags, '--output', out, '--no-progress-bar'] })
  } else {
    // A folder of projects: each indexed as its own, paths relative to the root.
    const projects = typescriptProjects(root, PROJECT_DEPTH)
    if (projects.length > 0) {
      const { script, version } = pinned('@sourcegraph/scip-typescript', 'dist/src/main.js')
      const language = `TypeScript/JavaScript (the projects ${projects.join(', ')})`
      found.push({ name: 'scip-typescript', version, language, script, args: (out) => ['index', '--cwd', root, ...projects, '--output', out, '--no-progress-bar'] })
    }
  }
  if (has('pyproject.toml') || has('setup.py') || has('setup.cfg') || hasPython(root, 3)) {
    const { script, version } = pinned('@sourcegraph/scip-python', 'index.js')
    const project = basename(root) || 'workspace'
    found.push({ name: 'scip-python', version, language: 'Python', script, args: (out) => ['index', '--cwd', root, '--project-name', project, '--project-version', revision, '--output', out, '--quiet'] })
  }
  return found
}

/** How much of an indexer's output an error quotes: its last lines. */
const QUOTED_OUTPUT_CHARS = 400

/**
 * Run an indexer to completion (its output kept, quoted on failure).
 * @throws HarnessError `INDEXER_FAILED` naming the indexer, its exit and the end of its output;
 *   `INDEX_CANCELLED` when `signal` aborts (the indexer is killed).
 */
export function runIndexer(indexer: Indexer, out: string, cwd: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    execFile(process.execPath, [indexer.script, ...indexer.args(out)], { cwd, maxBuffer: 64 * 1024 * 1024, ...(signal ? { signal } : {}) }, (error, stdout, stderr) => {
      if (!error) return resolvePromise()
      if (signal?.aborted) return reject(new HarnessError('INDEX_CANCELLED', `${indexer.name} was stopped: the command was cancelled`, { cause: error }))
      const tail = `${stdout}${stderr}`.trim().slice(-QUOTED_OUTPUT_CHARS).replace(/\s*\n\s*/g, ' ')
      reject(new HarnessError('INDEXER_FAILED', `${indexer.name} ${indexer.version} failed (${error.code ?? error.signal ?? 'error'}): ${tail || error.message}`, { cause: error }))
    })
  })
}

/**
 * The commit `root` is at when its work tree is clean (`git rev-parse HEAD`; untracked files count,
 * the index's own `.agent-lsp/` folder does not), else null: the answers then name the content hash.
 */
export function cleanCommit(root: string): Promise<string | null> {
  const git = (args: string[]) =>
    new Promise<string | null>((done) => execFile('git', ['-C', root, ...args], (error, stdout) => done(error ? null : stdout.trim())))
  return git(['rev-parse', 'HEAD']).then(async (commit) => {
    if (commit === null || commit === '') return null
    const status = await git(['status', '--porcelain', '--', '.', ':(exclude).agent-lsp'])
    return status === '' ? commit : null
  })
}
