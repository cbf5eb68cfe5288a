import { execFile } from 'node:child_process'
import { LspToolError } from '../errors.js'
import type { DiffSpec } from '../input/tool-request.js'

/** Longest output read from one git command, in bytes. */
const MAX_GIT_OUTPUT_BYTES = 64 * 1024 * 1024

/**
 * Run `git args` in `cwd` without a shell (`execFile`), external diff drivers and colour off.
 * @param options - `noMatchIsEmpty`: exit status 1 with nothing on stderr is an empty answer (`git grep`).
 * @returns stdout (UTF-8).
 * @throws LspToolError `LSP_NOT_A_REPOSITORY` when `cwd` is not inside a git work tree,
 *   `LSP_UNAVAILABLE` when git is not installed, `LSP_INTERNAL` for another failure (git's first
 *   stderr line); `LSP_CANCELLED` style aborts surface as the signal's reason.
 */
export function git(cwd: string, args: readonly string[], signal: AbortSignal, options: { readonly noMatchIsEmpty?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-c', 'core.quotePath=false', '-c', 'color.ui=never', ...args],
      { cwd, signal, maxBuffer: MAX_GIT_OUTPUT_BYTES, encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', LC_ALL: 'C' } },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout)
        if (signal.aborted) return reject(signal.reason)
        // `git grep` exits 1 when nothing matches.
        if (options.noMatchIsEmpty && error.code === 1 && stderr.trim() === '') return resolve('')
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT') return reject(new LspToolError('LSP_UNAVAILABLE', 'git not found on PATH; install git to ask about the impact of a change', { cause: error }))
        const first = stderr.split('\n').find((line) => line.trim() !== '') ?? error.message
        if (/not a git repository/i.test(first)) {
          return reject(new LspToolError('LSP_NOT_A_REPOSITORY', `${cwd} is not in a git repository (impact reads git diff; run git init, or ask in a repository)`, { cause: error }))
        }
        reject(new LspToolError('LSP_INTERNAL', `git ${args.join(' ')} failed: ${first.replace(/^(fatal|error): /, '')}`, { cause: error }))
      },
    )
  })
}

/**
 * The commit `rev` names, checked (`git rev-parse --verify --quiet rev^{commit}`).
 * @throws LspToolError `LSP_INVALID_REVISION` for a name git does not resolve to a commit, or one
 *   starting with `-` (never passed to git as an option); `LSP_NOT_A_REPOSITORY` as {@link git}.
 */
export async function verifyRevision(cwd: string, rev: string, given: string, signal: AbortSignal): Promise<string> {
  const refuse = (): LspToolError =>
    new LspToolError('LSP_INVALID_REVISION', `unknown revision "${rev}" in ${given} (expected REV..REV of commits git knows, e.g. HEAD~1..HEAD)`)
  if (rev.startsWith('-') || /[\0\s]/.test(rev)) throw refuse()
  try {
    return (await git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`], signal)).trim()
  } catch (error) {
    if (LspToolError.isInstance(error) && error.code === 'LSP_INTERNAL') throw refuse()
    throw error
  }
}

/** How an answer names `spec`: `the working tree`, `the staged changes`, `HEAD~1..HEAD`. */
export function describeSpec(spec: DiffSpec): string {
  if (spec.kind === 'worktree') return 'the working tree'
  if (spec.kind === 'staged') return 'the staged changes'
  return `${spec.from}..${spec.to}`
}
