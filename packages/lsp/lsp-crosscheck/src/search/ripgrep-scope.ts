// What both ripgrep runs search (`ripgrep.ts`, `ripgrep-unsearched.ts`), and the in-process walk models.

/** Folders searched never: version control data and dependencies, which are not the workspace's code. */
export const EXCLUDED = ['.git', '.hg', '.svn', 'node_modules', '.venv', '__pycache__', '.tox', '.mypy_cache']

/** Files larger than this are generated or data, not code a reference lives in. */
export const MAX_FILE_SIZE = '4M'

/** {@link MAX_FILE_SIZE} in bytes (ripgrep's `M` is 2^20). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024

/**
 * The flags both ripgrep runs share: whole words of a fixed string, dot files searched, ignore files
 * honoured outside git too, symlinks not followed, no user config, the folders of {@link EXCLUDED}
 * skipped, file names ending with one of `extensions`.
 */
export function ripgrepScope(extensions: readonly string[]): string[] {
  const args = ['-w', '-F', '--hidden', '--no-require-git', '--no-follow', '--no-config']
  for (const folder of EXCLUDED) args.push('-g', `!${folder}`)
  for (const extension of extensions) args.push('-g', `*${extension}`)
  return args
}

/** A word character as `rg -w` has it (Unicode `\w`): a whole-word match has none on either side. */
export const rgWord = /[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]/u
