import { createHash } from 'node:crypto'
import { appendFileSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { ensureHostDir, hostDir } from '../daemon/paths.js'
import { identifierSearch } from './searches.js'

/** The `agent-lsp hook --help` text. */
export const hookUsage = `Usage: agent-lsp hook claude-code [--mode instead|beside]

Claude Code's PreToolUse hook on Grep and Bash (agent-lsp setup claude-code writes it): reads the
tool call on stdin; a search for one identifier (the Grep tool, grep -rn NAME DIR, rg NAME, git grep
NAME) is answered with that symbol's references from the language servers, within the folder or
file searched. Any other tool call passes untouched, and so does a name the servers do not know. A
search that is not whole-word (no -w, no \\bNAME\\b: it also matches longer names), an answer
that may be incomplete, or a name that other symbols in the code have too, runs, with the
references added beside grep's output.
  --mode instead  (default) a whole-word search is not run: its answer is the references; the same
                  search asked again in the session runs, for text matches in comments or docs
  --mode beside   the search runs, and the references are added beside its output
Never exits 2 (which would block the call): an error is a message on stderr, and the call runs.`

/** Claude Code's hook input, as its hooks reference documents it (the fields we read). */
interface PreToolUse {
  readonly hook_event_name: 'PreToolUse'
  readonly session_id?: string
  readonly cwd: string
  readonly tool_name: string
  readonly tool_input: Record<string, unknown>
}

/** `text` as a PreToolUse input, else `undefined`. Checked by hand: zod alone would double the start-up of every call. */
function preToolUse(text: string): PreToolUse | undefined {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  const input = value as Partial<Record<keyof PreToolUse, unknown>> | null
  const isObject = (item: unknown): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item)
  if (!isObject(input) || input.hook_event_name !== 'PreToolUse' || typeof input.cwd !== 'string' || typeof input.tool_name !== 'string' || !isObject(input.tool_input)) return undefined
  if (input.session_id !== undefined && typeof input.session_id !== 'string') return undefined
  return input as PreToolUse
}

/** Asks the command (`main`) and returns what it printed: a query with the hook's own deadline. */
export type HookAsk = (argv: readonly string[], signal: AbortSignal) => Promise<{ readonly exit: number; readonly stdout: string }>

/** How long an answer may take before the call runs without it (ms): under Claude Code's 30 s. */
const ANSWER_TIMEOUT_MS = 25_000
/** Claude Code keeps about 10,000 characters of a hook's output: a longer answer is cut at a line. */
const MAX_ANSWER_CHARS = 9_000

/**
 * `agent-lsp hook claude-code [--mode instead|beside]`: read one PreToolUse input (`stdin`), write
 * the hook's JSON (`hookSpecificOutput` with `permissionDecision: "deny"` and the references as
 * `permissionDecisionReason`, or `additionalContext`) or nothing.
 * @returns 0, or 1 on bad usage (never 2: Claude Code blocks a tool call on exit status 2).
 */
export async function runHookCommand(argv: readonly string[], stdin: string, io: { readonly env: NodeJS.ProcessEnv; stdout(text: string): void; stderr(text: string): void }, ask: HookAsk): Promise<number> {
  let mode: string
  try {
    const { values, positionals } = parseArgs({ args: [...argv], options: { mode: { type: 'string', default: 'instead' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true })
    if (values.help) return io.stdout(`${hookUsage}\n`), 0
    if (positionals.join(' ') !== 'claude-code') throw new Error('name the agent host: claude-code')
    if (values.mode !== 'instead' && values.mode !== 'beside') throw new Error(`--mode is instead or beside, not ${JSON.stringify(values.mode.slice(0, 40))}`)
    mode = values.mode
  } catch (error) {
    io.stderr(`agent-lsp: hook: ${(error as Error).message}\nRun "agent-lsp hook --help" for usage.\n`)
    return 1
  }
  const input = preToolUse(stdin)
  if (!input) return 0 // not a PreToolUse call: nothing to say
  const search = identifierSearch(input.tool_name, input.tool_input)
  if (!search) return 0
  const root = path.resolve(io.env.CLAUDE_PROJECT_DIR || input.cwd)
  const searched = search.path === undefined ? root : path.resolve(input.cwd, search.path)
  const inside = path.relative(root, searched)
  if (inside.startsWith('..') || path.isAbsolute(inside)) return 0
  const filter = inside === '' ? [] : ['--filter', searched]
  const answer = await ask(['findReferences', '--symbol', search.name, '--root', root, ...filter], AbortSignal.timeout(ANSWER_TIMEOUT_MS)).catch(() => undefined)
  if (!answer || answer.exit !== 0 || answer.stdout.startsWith('No symbol')) return 0
  const text = cut(answer.stdout.trimEnd())
  const exact = text.startsWith(`${search.name} → `) && !/^Partial answer/m.test(text)
  let output: Record<string, unknown>
  // grep shows every symbol of that name: the references stand in for it only when they are all of them.
  const others = mode === 'instead' && exact && search.wholeWord ? await otherSymbolsNamed(ask, search.name, root) : 0
  // Only a whole-word search asks for what the references are: another also matches longer names.
  if (mode === 'instead' && exact && search.wholeWord && others === 0) {
    // Asked again: the model wants grep's own matches, and gets them alone.
    if (!firstTimeAsked(io.env, input.session_id, `${search.name}\u0000${searched}`)) return 0
    const reason = `Not run: agent-lsp answered with the language server's references to ${search.name} (exact, comments and strings left out). Run the same search again for grep's text matches.\n${text}`
    output = { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason }
  } else if (search.wholeWord && others !== 0) {
    const said = others === undefined ? '' : ` these are one ${search.name}'s; ${others} other ${others === 1 ? 'place' : 'places'} in code name another ${search.name}, which grep's output shows.`
    output = { hookEventName: 'PreToolUse', additionalContext: `agent-lsp (language server) on ${search.name}:${said}\n${text}` }
  } else if (search.wholeWord) {
    output = { hookEventName: 'PreToolUse', additionalContext: `agent-lsp (language server) on ${search.name}:\n${text}` }
  } else {
    const said = `agent-lsp (language server): the references to ${search.name} itself; this search is not whole-word, so grep also matches longer names that contain ${search.name}, which these leave out.`
    output = { hookEventName: 'PreToolUse', additionalContext: `${said}\n${text}` }
  }
  io.stdout(`${JSON.stringify({ hookSpecificOutput: output })}\n`)
  return 0
}

/**
 * How many whole-word occurrences of `name` in the workspace's code lead to another symbol of that
 * name (the cross-check's `elsewhere`): places grep shows that the references do not. `undefined`
 * when that cannot be told: no cross-check ran, asking failed, or some occurrences were never
 * asked about (in generated files, `counts.generated`: a bundle's `var noop` is another symbol).
 */
async function otherSymbolsNamed(ask: HookAsk, name: string, root: string): Promise<number | undefined> {
  const answer = await ask(['findReferences', '--symbol', name, '--root', root, '--json'], AbortSignal.timeout(ANSWER_TIMEOUT_MS)).catch(() => undefined)
  if (answer?.exit !== 0) return undefined
  try {
    const counts = (JSON.parse(answer.stdout) as { crossCheck?: { counts?: { elsewhere?: unknown; generated?: unknown } } }).crossCheck?.counts
    return typeof counts?.elsewhere === 'number' && counts.generated === 0 ? counts.elsewhere : undefined
  } catch {
    return undefined
  }
}

function cut(text: string): string {
  if (text.length <= MAX_ANSWER_CHARS) return text
  const kept = text.slice(0, text.lastIndexOf('\n', MAX_ANSWER_CHARS))
  return `${kept}\n… (cut at ${MAX_ANSWER_CHARS} characters; ask the lsp tool for the next page)`
}

/**
 * Whether `search` is asked for the first time in `session` (and remember it): a search asked
 * again runs, so a model that wants grep's text matches gets them. Kept in the user's runtime
 * directory (see `daemon/paths.ts`), one line per search; without a session, always the first.
 */
function firstTimeAsked(env: NodeJS.ProcessEnv, session: string | undefined, search: string): boolean {
  if (session === undefined) return true
  try {
    const { dir } = ensureHostDir(hostDir(env))
    const file = path.join(dir, `hook-${createHash('sha256').update(session).digest('hex').slice(0, 16)}.seen`)
    const key = createHash('sha256').update(search).digest('hex').slice(0, 16)
    let seen = ''
    try {
      seen = readFileSync(file, 'utf8')
    } catch {
      // the session's first search
    }
    if (seen.split('\n').includes(key)) return false
    appendFileSync(file, `${key}\n`, { mode: 0o600 })
    return true
  } catch {
    return true
  }
}
