import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'
import { compareCodeUnits, LspError, type LspDiagnostic, type LspFileDiagnostics } from '@agent-lsp/lsp'
import { namedList } from '@agent-lsp/wording'
import type { LocalProjectCheck } from './check-config.js'
import { pathToUri } from '../normalize/uri.js'
import { parsePyrightOutput } from './pyright-output.js'
import { parseTscOutput, type DiagnosticsByFile } from './tsc-output.js'
import { ownScope } from '../sync/pyright-config.js'
import { realpathOrNull } from '../sync/paths.js'
import { listedFiles, pythonFilesLeftOut, tscLayout, uncoveredMessage } from './coverage.js'
import { referencedConfigs, tscProjects, withoutUnbuiltReferences } from './tsc-projects.js'
import { staleReferencesSentence } from './stale-references.js'
import { pyrightEnvironmentArgs, type PythonEnvironment } from './pyright-environment.js'

/** What a project check printed beyond this is cut (a check of a huge project); 64 MiB. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024
/** Projects below the root checked besides the root's own (each `tsc` takes seconds and a core); past it, the answer names the rest. */
const MAX_NESTED_PROJECTS = 8

/**
 * A project check's answer: the files with diagnostics (sorted by URI), the command lines that
 * ran, and what they could not check (`missed`: one sentence, the answer is partial); or, when
 * there is no project to check (tsc without a `tsconfig.json`), why not.
 */
export type ProjectCheckAnswer =
  | { readonly files: LspFileDiagnostics[]; readonly checks: readonly string[]; readonly missed?: string }
  | { readonly unconfigured: string }

/**
 * Run `check` in `root` with this Node and parse its output (see `LocalProjectCheck`). The label
 * names the command with paths relative to `labelRoot`. pyright resolves imports in `environment`,
 * the one its language server was given (see `pyrightEnvironmentArgs`), which the label names.
 * @throws LspError `LSP_CANCELLED` (`signal` aborted), `LSP_SERVER_ERROR` (the compiler failed rather
 *   than reported: its exit status and first line of output), `LSP_MALFORMED_RESPONSE`.
 */
export async function runProjectCheck(check: LocalProjectCheck, root: string, labelRoot: string, environment: PythonEnvironment | undefined, signal: AbortSignal | undefined): Promise<ProjectCheckAnswer> {
  const shown = (path: string): string => relative(labelRoot, path).split(sep).join('/') || '.'
  if (check.compiler === 'tsc') {
    const project = ['tsconfig.json', 'jsconfig.json'].map((name) => join(root, name)).find((path) => existsSync(path))
    // Packages with configs of their own and files no config includes: `tsc -p` at the root sees neither.
    const layout = tscLayout(root)
    if (project === undefined && layout.configs.length === 0) return { unconfigured: `no tsconfig.json or jsconfig.json at ${shown(root)}: tsc checks a project, so nothing was checked; add one` }
    // The workspace's own TypeScript when it has one: the version the project builds with.
    const own = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
    const script = existsSync(own) ? own : check.script
    // A solution-style config checks nothing itself: each project it references is checked too, one at a time (each tsc takes a core).
    const seen = new Set<string>()
    const referenced = project === undefined ? [] : tscProjects(project, seen)
    const nested = layout.configs.flatMap((config) => tscProjects(config, seen))
    const projects = [...referenced, ...nested.slice(0, MAX_NESTED_PROJECTS)]
    const byFile: DiagnosticsByFile = new Map()
    const listed = new Set<string>()
    for (const checked of projects) {
      const { stdout, stderr, status } = await tscWritingNothing(script, ['--noEmit', '--pretty', 'false', '--listFiles', '-p', checked], root, signal)
      const found = parseTscOutput(stdout, root, checked)
      if (status !== 0 && found.size === 0) throw failed('tsc', status, `${stderr}\n${stdout}`)
      mergeInto(byFile, found)
      // By real path: tsc lists a file it reached through a symlink by the link's path, the walk by its own.
      for (const file of listedFiles(stdout)) listed.add(realpathOrNull(resolve(root, file)) ?? resolve(root, file))
    }
    const unlisted = (file: string): boolean => !listed.has(file) && !listed.has(realpathOrNull(file) ?? file)
    const { byFile: errors, importers } = withoutUnbuiltReferences(byFile, projects, root)
    const checks = projects.map((checked) => `tsc --noEmit -p ${shown(checked)}`)
    const left = nested.slice(MAX_NESTED_PROJECTS)
    // Built references edited since: tsc's own judgement, which writes nothing with --dry.
    const references = referencedConfigs(projects)
    const tops = projects.filter((checked) => !references.has(checked))
    const built = references.size === 0 || tops.length === 0 ? undefined : await run(script, ['-b', '--dry', '--verbose', ...tops], root, signal, 'tsc')
    const missed = [
      importers.length > 0 ? unbuiltMessage(importers.map(shown)) : undefined,
      built === undefined ? undefined : staleReferencesSentence(built.stdout, references, root, shown),
      left.length > 0 ? `${left.length} more ${left.length === 1 ? 'project' : 'projects'} (${left.slice(0, 3).map(shown).join(', ')}${left.length > 3 ? ', …' : ''}) ${left.length === 1 ? 'was' : 'were'} not checked (${MAX_NESTED_PROJECTS} below the root at most); run tsc -p on ${left.length === 1 ? 'it' : 'each'}` : undefined,
      // A file of a project past the bound is not counted as left out twice; one the walk reached through a linked folder, by its real path.
      left.length > 0 ? undefined : uncoveredMessage({ files: layout.sources.filter(unlisted), complete: layout.complete }, root, 'TypeScript', 'no checked tsconfig.json includes'),
      // Without allowJs tsc skips them; tsserver still checks their syntax, and `// @ts-check` ones in full.
      left.length > 0 ? undefined : uncoveredMessage({ files: layout.scripts.filter(unlisted), complete: true }, root, 'JavaScript', 'no checked tsconfig.json includes'),
    ].filter((sentence) => sentence !== undefined)
    return { files: filesOf(errors), checks, ...(missed.length > 0 ? { missed: missed.join('; ') } : {}) }
  }
  const scratch = mkdtempSync(join(tmpdir(), 'agent-lsp-pyright-'))
  const { stdout, stderr, status } = await run(check.script, ['--outputjson', ...pyrightEnvironmentArgs(environment, scratch)], root, signal, 'pyright').finally(() => rmSync(scratch, { recursive: true, force: true }))
  // 0: no errors, 1: errors reported; 2 and above: pyright could not check (a bad config, say).
  if (status !== 0 && status !== 1) throw failed('pyright', status, `${stderr}\n${stdout}`)
  // A config's `include` leaves the rest of the root unchecked, its `exclude` what it names (and pyright says nothing of either).
  const scope = ownScope(root)
  const leftOut = scope === undefined ? undefined : pythonFilesLeftOut(root, scope)
  const sentences = leftOut === undefined ? [] : [uncoveredMessage(leftOut.notIncluded, root, 'Python', "pyright's config does not include"), uncoveredMessage(leftOut.excluded, root, 'Python', "pyright's config excludes")]
  const missed = sentences.filter((sentence) => sentence !== undefined).join('; ') || undefined
  return { files: filesOf(parsePyrightOutput(stdout)), checks: [`pyright --outputjson${environmentLabel(environment, shown)}${root === labelRoot ? '' : ` (in ${shown(root)})`}`], ...(missed === undefined ? {} : { missed }) }
}

/**
 * tsc with `args`, its build info (written even with `--noEmit` when the project is `incremental`
 * or `composite`: `tsconfig.tsbuildinfo` beside the config) in a folder of its own, removed after:
 * a check writes nothing into the workspace. A TypeScript that refuses `--tsBuildInfoFile` for a
 * project that is neither (TS5069, before 5.x) is asked again without it: it writes nothing then.
 */
async function tscWritingNothing(script: string, args: readonly string[], root: string, signal: AbortSignal | undefined): Promise<{ stdout: string; stderr: string; status: number }> {
  const scratch = mkdtempSync(join(tmpdir(), 'agent-lsp-tsc-'))
  try {
    const ran = await run(script, [...args, '--tsBuildInfoFile', join(scratch, 'check.tsbuildinfo')], root, signal, 'tsc')
    return /error TS5069:.*tsBuildInfoFile/.test(ran.stdout) ? await run(script, args, root, signal, 'tsc') : ran
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** How pyright was told the environment: ` --pythonpath .venv/bin/python`, ` with search path .venv/lib/python3.11/site-packages`, or nothing. */
function environmentLabel(environment: PythonEnvironment | undefined, shown: (path: string) => string): string {
  if (environment === undefined) return ''
  const interpreter = environment.interpreter === undefined ? '' : ` --pythonpath ${shown(environment.interpreter)}`
  return `${interpreter}${environment.searchPaths.length === 0 ? '' : ` with search ${environment.searchPaths.length === 1 ? 'path' : 'paths'} ${environment.searchPaths.map(shown).join(', ')}`}`
}

/** The partial answer's sentence for files importing from referenced projects not built; three named. */
function unbuiltMessage(importers: readonly string[]): string {
  const named = namedList(importers)
  const one = importers.length === 1
  return `${importers.length} ${one ? 'file imports' : 'files import'} from referenced projects that are not built (${named}): tsc cannot check ${one ? 'it' : 'them'} without their declarations (what it reported there may come from their missing types), so ${one ? 'its' : 'their'} diagnostics were left out; build them (tsc -b), or ask diagnostics of each file`
}

function failed(compiler: string, status: number, output: string): LspError {
  const first = output.split(/\r?\n/).find((line) => line.trim() !== '') ?? 'no output'
  return new LspError('LSP_SERVER_ERROR', `${compiler} failed (exit status ${status}): ${first.trim().slice(0, 200)}`)
}

/** Add `found` to `byFile`: a file two projects include is reported once per diagnostic. */
function mergeInto(byFile: DiagnosticsByFile, found: DiagnosticsByFile): void {
  const keyOf = (diagnostic: LspDiagnostic): string => JSON.stringify([diagnostic.range, diagnostic.code, diagnostic.message])
  for (const [path, diagnostics] of found) {
    const known = byFile.get(path) ?? []
    const keys = new Set(known.map(keyOf))
    byFile.set(path, [...known, ...diagnostics.filter((diagnostic) => !keys.has(keyOf(diagnostic)))])
  }
}

/** Each file's diagnostics in document order, files sorted by URI. */
function filesOf(byFile: DiagnosticsByFile): LspFileDiagnostics[] {
  return [...byFile]
    .map(([path, diagnostics]) => ({
      uri: pathToUri(path),
      diagnostics: [...diagnostics].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character),
    }))
    .sort((a, b) => compareCodeUnits(a.uri, b.uri))
}

/** `node script ...args` in `cwd`: what it printed, and its exit status. */
function run(script: string, args: readonly string[], cwd: string, signal: AbortSignal | undefined, name: string): Promise<{ stdout: string; stderr: string; status: number }> {
  return new Promise((resolvePromise, reject) => {
    execFile(process.execPath, [script, ...args], { cwd, maxBuffer: MAX_OUTPUT_BYTES, ...(signal ? { signal } : {}), encoding: 'utf8' }, (error, stdout, stderr) => {
      if (signal?.aborted) return reject(new LspError('LSP_CANCELLED', `${name} was cancelled`))
      const status = error === null ? 0 : typeof error.code === 'number' ? error.code : undefined
      if (status === undefined) return reject(new LspError('LSP_SERVER_ERROR', `${name} could not run: ${error?.message ?? 'unknown error'}`, { cause: error }))
      resolvePromise({ stdout, stderr, status })
    })
  })
}
