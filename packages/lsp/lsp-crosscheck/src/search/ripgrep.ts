import { isAbsolute, join } from 'node:path'
import { LspError } from '@agent-lsp/lsp'
import { identifierPart } from './identifier-part.js'
import type { Text } from './texts.js'
import { EXCLUDED, MAX_FILE_SIZE, ripgrepScope } from './ripgrep-scope.js'
import { runRipgrep } from './ripgrep-process.js'
import { unsearchedByRipgrep } from './ripgrep-unsearched.js'
import type { Unsearched } from './unsearched.js'

/** One whole-word occurrence: zero-based line, zero-based UTF-16 character, in an absolute path. */
export interface Occurrence {
  readonly path: string
  readonly line: number
  readonly character: number
}

/** What a search found: occurrences in path order, then line and character order, and whether the `limit` cut them. */
export interface SearchResult {
  readonly occurrences: readonly Occurrence[]
  readonly truncated: boolean
  /** The texts the occurrences were found in, by absolute path (the in-process search only). */
  readonly texts?: ReadonlyMap<string, Text>
  /** The files left out that may name the word (see `Unsearched`), by path (see `byPath`). */
  readonly unsearched: readonly Unsearched[]
}


/**
 * Every whole-word, case-sensitive occurrence of `name` under `root` in files ending with one of
 * `extensions`, in path order, as ripgrep finds it (`.gitignore`, `.ignore` and `.git/info/exclude` honoured,
 * also outside a git repository; hidden folders searched; binary files, symlinks and the folders
 * of {@link EXCLUDED} skipped). A match next to `$` is not whole in JavaScript and C-like files (`$name`; see `identifierPart`). A second
 * ripgrep, at once, lists the files naming the word that the first leaves out (see `unsearchedByRipgrep`).
 * @param limit - occurrences kept; past it the search stops and `truncated` is set.
 * @throws LspError `LSP_SERVER_NOT_FOUND` when no ripgrep binary can be run, `LSP_SERVER_ERROR`
 *   when it fails, `LSP_CANCELLED` when `signal` aborts (the process is killed).
 */
export async function searchWordWithRipgrep(
  name: string,
  root: string,
  extensions: readonly string[],
  limit: number,
  signal: AbortSignal | undefined,
): Promise<SearchResult> {
  const rg = await ripgrepPath()
  // Sorted by path (ripgrep then searches on one thread): which occurrences a limit keeps, and so
  // the cross-check's verdicts, must not change from one run to the next.
  const args = ['--json', '--sort', 'path', '--max-filesize', MAX_FILE_SIZE, ...ripgrepScope(extensions)]
  // The path is always given: without one, ripgrep searches a stdin that is not a terminal.
  args.push('--', name, root)
  const unsearched = unsearchedByRipgrep(rg, name, root, extensions, signal)
  unsearched.catch(() => {}) // awaited below; a search that fails first leaves it unawaited
  const occurrences: Occurrence[] = []
  let truncated = false
  let buffered = ''
  let stderr = ''
  const take = (line: string, stop: () => void): void => {
    if (truncated || line === '') return
    for (const occurrence of occurrencesIn(line, name, root)) {
      if (occurrences.length >= limit) {
        truncated = true
        stop()
        return
      }
      occurrences.push(occurrence)
    }
  }
  const onStdout = (chunk: string, stop: () => void): void => {
    buffered += chunk
    const lines = buffered.split('\n')
    buffered = lines.pop() ?? ''
    for (const line of lines) take(line, stop)
  }
  const code = await runRipgrep(rg, args, name, signal, onStdout, (chunk) => (stderr += chunk.slice(0, 2_000)))
  take(buffered, () => {})
  // 0: matches, 1: none, 2: an error, with matches maybe printed (an unreadable file): keep them.
  if (code === 2 && occurrences.length === 0 && !truncated && stderr.trim() !== '' && !/No such file|Permission denied/.test(stderr)) {
    throw new LspError('LSP_SERVER_ERROR', `ripgrep failed: ${stderr.trim().split('\n')[0]}`)
  }
  return { occurrences, truncated, unsearched: await unsearched }
}

/** The occurrences of one line of `rg --json` output (a `match` message), else none. */
export function occurrencesIn(jsonLine: string, name: string, root: string): Occurrence[] {
  let message: { type?: string; data?: RgMatch }
  try {
    message = JSON.parse(jsonLine) as { type?: string; data?: RgMatch }
  } catch {
    return []
  }
  const data = message.data
  if (message.type !== 'match' || data?.path?.text === undefined || data.lines?.text === undefined || typeof data.line_number !== 'number') return []
  const path = isAbsolute(data.path.text) ? data.path.text : join(root, data.path.text)
  const bytes = Buffer.from(data.lines.text, 'utf8')
  const found: Occurrence[] = []
  // A code point that continues an identifier in the file's language (see `identifierPart`).
  const identifier = identifierPart(path)
  for (const { start } of data.submatches ?? []) {
    const before = bytes.subarray(0, start).toString('utf8')
    const after = data.lines.text.slice(before.length + name.length)
    const next = after.codePointAt(0)
    if (identifier.test([...before.slice(-2)].pop() ?? '') || (next !== undefined && identifier.test(String.fromCodePoint(next)))) continue
    found.push({ path, line: data.line_number - 1, character: before.length })
  }
  return found
}

interface RgMatch {
  readonly path?: { readonly text?: string }
  readonly lines?: { readonly text?: string }
  readonly line_number?: number
  readonly submatches?: readonly { readonly start: number }[]
}

// Looked up as this module loads (a path lookup, no spawn): later in a process, Node 20's module
// resolution returns symlinked paths once any number stat of a socket or FIFO is the last one
// made (its realpath cache reads the shared stat buffer), and @vscode/ripgrep then finds no binary.
const resolvedPath: Promise<string> = import('@vscode/ripgrep').then(
  (module) => module.rgPath,
  () => 'rg',
)

/** `@vscode/ripgrep`'s binary, else `rg` on PATH (Debian's `ripgrep`). */
function ripgrepPath(): Promise<string> {
  return resolvedPath
}

/**
 * The ripgrep the cross-check runs, for `doctor`: `@vscode/ripgrep`'s binary (`bundled: true`,
 * an absolute path), else the name `rg`, looked up on `PATH` when it runs.
 */
export async function ripgrepExecutable(): Promise<{ readonly path: string; readonly bundled: boolean }> {
  const path = await resolvedPath
  return { path, bundled: path !== 'rg' }
}
