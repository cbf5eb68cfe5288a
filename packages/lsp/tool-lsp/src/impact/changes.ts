import type { DiffSpec } from '../input/tool-request.js'
import { git, verifyRevision } from './git.js'
import { mapLine, parseDiff, type FileDiff, type Hunk } from './diff-hunks.js'

/** What a diff changed, read from git in the workspace root. */
export interface ChangeSet {
  readonly spec: DiffSpec
  /** Files under the workspace root the diff touches, paths relative to it, in git's order. */
  readonly files: readonly FileDiff[]
  /** Where 1-based line `line` of the diff's new side of `newPath` is in the file on disk now. */
  toDisk(newPath: string, line: number): number
  /** The old side's text of `oldPath`; `undefined` when git has none. */
  oldText(oldPath: string): Promise<string | undefined>
}

const DIFF = ['diff', '--no-ext-diff', '--no-color', '--no-textconv', '-U0', '--no-renames', '--relative', '--src-prefix=a/', '--dst-prefix=b/']

/**
 * Run `git diff` for `spec` in `root` (without a shell; see `git`).
 * The changed lines are mapped onto the files as they are on disk, which is what the servers see:
 * for `staged`, through `git diff` (index → working tree); for `REV..REV`, through `git diff TO`.
 * @throws LspToolError `LSP_NOT_A_REPOSITORY`, `LSP_INVALID_REVISION` (a revision of `REV..REV`
 *   that is not a commit), `LSP_UNAVAILABLE` (no git).
 */
export async function readChanges(root: string, spec: DiffSpec, signal: AbortSignal): Promise<ChangeSet> {
  await git(root, ['rev-parse', '--show-toplevel'], signal)
  let sides: string[] = []
  let oldSide = ''
  let newSide: string | undefined
  if (spec.kind === 'staged') {
    sides = ['--staged']
    oldSide = 'HEAD'
    newSide = ''
  } else if (spec.kind === 'range') {
    const given = `${spec.from}..${spec.to}`
    const from = await verifyRevision(root, spec.from, given, signal)
    const to = await verifyRevision(root, spec.to, given, signal)
    sides = [from, to]
    oldSide = from
    newSide = to
  }
  const files = parseDiff(await git(root, [...DIFF, ...sides, '--'], signal))
  // The new side's lines where they are on disk: identity for the working tree.
  const drift = new Map<string, readonly Hunk[]>()
  if (newSide !== undefined) {
    for (const file of parseDiff(await git(root, [...DIFF, ...(newSide === '' ? [] : [newSide]), '--'], signal))) {
      if (file.oldPath !== null) drift.set(file.oldPath, file.hunks)
    }
  }
  return {
    spec,
    files,
    toDisk: (newPath, line) => {
      const hunks = drift.get(newPath)
      return hunks === undefined ? line : mapLine(line, hunks)
    },
    oldText: async (oldPath) => {
      try {
        return await git(root, ['cat-file', 'blob', `${oldSide}:./${oldPath}`], signal)
      } catch (error) {
        if (signal.aborted) throw error
        return undefined
      }
    },
  }
}
