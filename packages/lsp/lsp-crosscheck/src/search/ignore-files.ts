import { readFileSync, statSync, type BigIntStats } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { parseIgnoreFile, type IgnoreRules } from './gitignore.js'
import { identityOf, sameIdentity, type Identity } from './identity.js'

/**
 * The ignore files ripgrep reads in one folder, in its order of precedence: `.rgignore`, `.ignore`,
 * `.gitignore`, then `.git/info/exclude` (read as `<folder>/.git/info/exclude` also without a
 * repository, as `--no-require-git` does; a worktree's `.git` file has none).
 */
export const IGNORE_FILES = ['.rgignore', '.ignore', '.gitignore', '.git/info/exclude'] as const

/** A folder's rules per ignore file of {@link IGNORE_FILES} (same index), `undefined` where it has none. */
export type FolderRules = readonly (IgnoreRules | undefined)[]

const kept = new Map<string, { readonly identity: Identity; readonly rules: IgnoreRules }>()

/**
 * The rules of `folder`'s ignore files, each read again only when its identity changed.
 * @param present - which of {@link IGNORE_FILES} may exist (from the folder's listing); others are not looked at.
 * @throws Error when a pattern is one the in-process search does not model (the caller uses ripgrep).
 */
export function folderRules(folder: string, present: (file: (typeof IGNORE_FILES)[number]) => boolean): FolderRules {
  return IGNORE_FILES.map((file) => (present(file) ? rulesOf(join(folder, file)) : undefined))
}

function rulesOf(path: string): IgnoreRules | undefined {
  let stats: BigIntStats | undefined
  try {
    stats = statSync(path, { bigint: true, throwIfNoEntry: false })
  } catch {
    return undefined // ENOTDIR: `.git` is a file
  }
  if (stats === undefined || !stats.isFile()) {
    kept.delete(path)
    return undefined
  }
  const cached = kept.get(path)
  if (cached && sameIdentity(cached.identity, stats)) return cached.rules
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
  const rules = parseIgnoreFile(text)
  kept.set(path, { identity: identityOf(stats), rules })
  return rules
}

/**
 * Whether git's global excludes file (ripgrep reads it: `core.excludesFile` of `~/.gitconfig` or
 * `$XDG_CONFIG_HOME/git/config`, else `$XDG_CONFIG_HOME/git/ignore`) holds a rule. Its patterns
 * are relative to ripgrep's working directory, which the in-process search does not model.
 * Decided again when one of those files changes (a `stat` each per call).
 */
export function hasGlobalExcludes(): boolean {
  const config = process.env.XDG_CONFIG_HOME ? process.env.XDG_CONFIG_HOME : join(homedir(), '.config')
  const configs = [join(homedir(), '.gitconfig'), join(config, 'git/config')]
  const key = [...configs, config].map(quickStamp).join('|')
  if (remembered?.key === key && quickStamp(remembered.file) === remembered.fileStamp) return remembered.present
  const named = configs.map((file) => excludesFileOf(readOrEmpty(file))).find((file) => file !== undefined)
  let file = named ?? join(config, 'git/ignore')
  if (file.startsWith('~/')) file = join(homedir(), file.slice(2))
  const present = readOrEmpty(file)
    .split('\n')
    .some((line) => line.trim() !== '' && !line.startsWith('#'))
  remembered = { key, file, fileStamp: quickStamp(file), present }
  return present
}

let remembered: { readonly key: string; readonly file: string; readonly fileStamp: string; readonly present: boolean } | undefined

/** What tells one version of `path` from another; a path that cannot be looked at (`EACCES`, `ENOTDIR`) counts as absent, as ripgrep reads nothing from it. */
function quickStamp(path: string): string {
  try {
    const stats = statSync(path, { throwIfNoEntry: false })
    return stats === undefined ? '-' : `${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`
  } catch {
    return '-'
  }
}

function excludesFileOf(config: string): string | undefined {
  return /^\s*excludesfile\s*=\s*"?\s*(\S+?)\s*"?\s*$/im.exec(config)?.[1]
}

function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}
