import { mkdtemp, realpath, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'
import { parseArgs } from 'node:util'
import { HarnessError } from '@agent-lsp/errors'
import { contentRevision, DEFAULT_INDEX_PATH, writeScipIndex } from '@agent-lsp/lsp-scip'
import { SOURCES_WALK } from '@agent-lsp/lsp-local/config'
import { cleanCommit, indexersFor, runIndexer } from './indexers.js'

/** The `agent-lsp index --help` text. */
export const indexUsage = `Usage: agent-lsp index [--root DIR] [--out FILE]

Build a SCIP index of the workspace with the pinned indexers it needs (scip-typescript for a
tsconfig.json, jsconfig.json or package.json at the root, else for each project folder within three
levels; scip-python for Python sources), and write it with
its manifest (build time, commit, each file's SHA-256) beside it, <out>.json.
  --root DIR   the workspace (default: the current directory)
  --out FILE   where to write the index (default: <root>/${DEFAULT_INDEX_PATH})`

/** Where the command writes and from where it runs (the shape of `main`'s `CliIo`). */
export interface IndexIo {
  readonly cwd: string
  stdout(text: string): void
  stderr(text: string): void
}

/** A path for a message: relative to `root` when inside it. */
function shown(path: string, root: string): string {
  const inside = relative(root, path)
  return inside === '' || inside.startsWith('..') ? path : inside.split(sep).join('/')
}

/**
 * `agent-lsp index [--root DIR] [--out FILE]`: run the indexers, merge their output into one SCIP
 * file and write the manifest. Progress goes to stderr (one line per indexer, with its time), the
 * summary to stdout.
 * @returns the exit status: 0 written, 1 on error (`agent-lsp: CODE: message`: `INDEX_NOTHING`
 *   when no indexer applies, `INDEXER_FAILED`, `INDEX_CANCELLED`, `LSP_FILE_NOT_FOUND` for a root
 *   that is not a directory), 2 on bad usage.
 */
export async function runIndexCommand(argv: readonly string[], io: IndexIo, signal?: AbortSignal): Promise<number> {
  let values: { root?: string; out?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({ args: [...argv], options: { root: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: false, strict: true }))
  } catch (error) {
    io.stderr(`agent-lsp: index: ${(error as Error).message}\nRun "agent-lsp index --help" for usage.\n`)
    return 2
  }
  if (values.help) return io.stdout(`${indexUsage}\n`), 0
  const root = resolve(io.cwd, values.root ?? '.')
  const out = resolve(io.cwd, values.out ?? join(root, DEFAULT_INDEX_PATH))
  try {
    return await build(root, out, io, signal)
  } catch (error) {
    const code = HarnessError.isInstance(error) ? error.code : 'INDEX_INTERNAL'
    io.stderr(`agent-lsp: ${code}: ${(error as Error).message.replace(/\s*\n\s*/g, ' ')}\n`)
    return 1
  }
}

async function build(root: string, out: string, io: IndexIo, signal: AbortSignal | undefined): Promise<number> {
  const isDirectory = await stat(root).then((info) => info.isDirectory(), () => false)
  if (!isDirectory) throw new HarnessError('LSP_FILE_NOT_FOUND', `workspace root ${root} does not exist or is not a directory`)
  const resolvedRoot = await realpath(root)
  const started = new Date()
  const commit = await cleanCommit(resolvedRoot)
  const indexers = indexersFor(resolvedRoot, commit ?? '0')
  if (indexers.length === 0) {
    throw new HarnessError('INDEX_NOTHING', `nothing to index in ${resolvedRoot}: no tsconfig.json, jsconfig.json or package.json, and no Python files`)
  }
  const scratch = await mkdtemp(join(tmpdir(), 'agent-lsp-index-'))
  try {
    const parts: string[] = []
    for (const indexer of indexers) {
      const part = join(scratch, `${indexer.name}.scip`)
      const begun = performance.now()
      io.stderr(`indexing ${indexer.language} with ${indexer.name} ${indexer.version}…\n`)
      await runIndexer(indexer, part, resolvedRoot, signal)
      io.stderr(`  ${indexer.name} done in ${((performance.now() - begun) / 1000).toFixed(1)} s\n`)
      parts.push(part)
    }
    const written = await writeScipIndex({ root: resolvedRoot, parts, out, commit, builtAt: started, skipFolder: SOURCES_WALK.skip })
    const seconds = ((Date.now() - started.getTime()) / 1000).toFixed(1)
    const revision = commit ?? contentRevision(written.manifest.files)
    io.stdout(
      `wrote ${shown(out, resolvedRoot)} (${written.documents} documents, ${written.occurrences} occurrences, ${(written.bytes / 1024).toFixed(0)} KiB) in ${seconds} s, at ${revision}\n` +
        `manifest ${shown(`${out}.json`, resolvedRoot)}: ${Object.keys(written.manifest.files).length} files with their SHA-256\n`,
    )
    return 0
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
