import { shellWords } from './shell-words.js'

/** A search for one identifier: a language server's references answer it exactly when it is whole-word. */
export interface IdentifierSearch {
  readonly name: string
  /**
   * Whether it matches only the whole word (`-w`, `--word-regexp`, `\bNAME\b`, `\<NAME\>`). A search
   * that is not also matches longer identifiers (`Subscriber` in `createOperatorSubscriber`), which
   * the references of `name` leave out.
   */
  readonly wholeWord: boolean
  /** The one file or folder searched, as the call gave it (relative to the hook's `cwd`), if any. */
  readonly path?: string
}

/**
 * The bare identifier `pattern` searches for, optionally in word marks (`\bNAME\b`, `\<NAME\>`; as
 * text when `fixed`), and whether the marks make it whole-word.
 */
function identifierIn(pattern: string, fixed = false): { readonly name: string; readonly marked: boolean } | undefined {
  const bare = fixed ? pattern : pattern.replace(/^\\b(.*)\\b$/, '$1').replace(/^\\<(.*)\\>$/, '$1')
  return /^[A-Za-z_][\w]*$/.test(bare) ? { name: bare, marked: bare !== pattern } : undefined
}

/**
 * The identifier search a Claude Code tool call makes, or `undefined` when it makes another kind
 * (a regular expression, case-insensitive, limited by glob or type, counts only, several paths, a
 * command line the shell would rewrite). `Grep`'s input is `{ pattern, path?, glob?, type?,
 * output_mode?, "-i"?, multiline? }`; `Bash`'s is `{ command }`, read as `grep`, `egrep`, `fgrep`,
 * `rg` or `git grep` with flags that keep it a case-sensitive search of one identifier.
 */
export function identifierSearch(toolName: string, input: Record<string, unknown>): IdentifierSearch | undefined {
  if (toolName === 'Grep') return grepTool(input)
  if (toolName === 'Bash' && typeof input.command === 'string') return commandLine(input.command)
  return undefined
}

function grepTool(input: Record<string, unknown>): IdentifierSearch | undefined {
  if (typeof input.pattern !== 'string' || input['-i'] === true || input.multiline === true || input.glob !== undefined || input.type !== undefined) return undefined
  if (input.output_mode !== undefined && input.output_mode !== 'content' && input.output_mode !== 'files_with_matches') return undefined
  const found = identifierIn(input.pattern)
  if (found === undefined) return undefined
  const search = { name: found.name, wholeWord: found.marked }
  return typeof input.path === 'string' ? { ...search, path: input.path } : search
}

/** Flags that leave a grep or rg search one of an identifier, case-sensitive: line numbers, recursion, whole words, fixed strings, file names, colour. */
const harmless = {
  grep: new Set(['r', 'R', 'n', 'w', 'F', 'E', 'G', 'H', 's', 'I', '--recursive', '--dereference-recursive', '--line-number', '--word-regexp', '--fixed-strings', '--extended-regexp', '--with-filename', '--no-messages', '--color', '--colour']),
  rg: new Set(['n', 'w', 'F', 'H', '--line-number', '--word-regexp', '--fixed-strings', '--with-filename', '--no-heading', '--heading', '--color', '--colour', '--vimgrep']),
}

function commandLine(line: string): IdentifierSearch | undefined {
  const words = shellWords(line.trim())
  if (!words || words.length === 0) return undefined
  const program = words[0]!.split('/').at(-1)!
  let rest: string[]
  let kind: keyof typeof harmless
  if (program === 'git' && words[1] === 'grep') (rest = words.slice(2)), (kind = 'grep')
  else if (program === 'grep' || program === 'egrep' || program === 'fgrep') (rest = words.slice(1)), (kind = 'grep')
  else if (program === 'rg') (rest = words.slice(1)), (kind = 'rg')
  else return undefined
  const operands: string[] = []
  const flags = new Set<string>()
  let pattern: string | undefined
  for (let index = 0; index < rest.length; index++) {
    const word = rest[index]!
    if (word === '--') {
      operands.push(...rest.slice(index + 1))
      break
    }
    if (word === '-e' || word === '--regexp') {
      if (pattern !== undefined || index + 1 >= rest.length) return undefined
      pattern = rest[++index]
    } else if (word.startsWith('--')) {
      if (!harmless[kind].has(word.replace(/=.*$/, ''))) return undefined
      flags.add(word.replace(/=.*$/, ''))
    } else if (word.startsWith('-') && word.length > 1) {
      if (![...word.slice(1)].every((flag) => harmless[kind].has(flag))) return undefined
      for (const flag of word.slice(1)) flags.add(flag)
    } else operands.push(word)
  }
  if (pattern === undefined) pattern = operands.shift()
  if (pattern === undefined || operands.length > 1) return undefined
  // Plain grep with no file reads its standard input, not the workspace.
  if (program !== 'git' && kind === 'grep' && operands.length === 0 && !rest.some((word) => /^-[^-]*[rR]/.test(word) || word.startsWith('--recursive') || word.startsWith('--dereference-recursive'))) return undefined
  const found = identifierIn(pattern, flags.has('F') || flags.has('--fixed-strings') || program === 'fgrep')
  if (found === undefined) return undefined
  const search = { name: found.name, wholeWord: found.marked || flags.has('w') || flags.has('--word-regexp') }
  return operands.length === 1 ? { ...search, path: operands[0]! } : search
}
