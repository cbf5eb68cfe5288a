// The hook on recorded Claude Code PreToolUse inputs (their shape as Claude Code sends them), the
// references from the real typescript-language-server, in process and through the built command.
import { execFile } from 'node:child_process'
import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it, onTestFinished } from 'vitest'
import { main } from '../main.js'
import { tempWorkspace } from '../workspace.test-support.js'
import { runHookCommand, type HookAsk } from './hook-command.js'

const files = {
  'tsconfig.json': '{ "include": ["src"] }',
  'src/price.ts': 'export function applyDiscount(price: number) {\n  return price * 0.9 // applyDiscount in a comment\n}\n',
  'src/cart.ts': 'import { applyDiscount } from "./price"\nexport const total = applyDiscount(10) + applyDiscount(20)\n',
  'docs/notes.md': 'applyDiscount is documented here\n',
}

/** A recorded PreToolUse input, with the workspace as its `cwd`. */
function recorded(cwd: string, tool_name: string, tool_input: Record<string, unknown>, session_id = 'session-1'): string {
  return JSON.stringify({ session_id, transcript_path: '/root/.claude/projects/w/session-1.jsonl', cwd, permission_mode: 'default', hook_event_name: 'PreToolUse', tool_name, tool_input, tool_use_id: 'toolu_01ABC' })
}

const ask: HookAsk = async (argv, signal) => {
  let stdout = ''
  const exit = await main(argv, { cwd: '/', stdout: (text) => void (stdout += text), stderr: () => {} }, signal)
  return { exit, stdout }
}

function hook(argv: string[], stdin: string, runtimeDir: string) {
  const out: string[] = []
  const err: string[] = []
  const env = { ...process.env, AGENT_LSP_RUNTIME_DIR: runtimeDir, CLAUDE_PROJECT_DIR: '' }
  return runHookCommand(argv, stdin, { env, stdout: (text) => void out.push(text), stderr: (text) => void err.push(text) }, ask).then((exit) => ({ exit, stdout: out.join(''), stderr: err.join('') }))
}

function runtimeDir(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'alh-hook-')))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const allReferences = [
  'applyDiscount → src/price.ts:1:17',
  '4 references to applyDiscount in 2 files under src (4 in 2 files in all)',
  'src/cart.ts',
  '1:10  import { applyDiscount } from "./price"',
  '2:22 2:42  export const total = applyDiscount(10) + applyDiscount(20)',
  'src/price.ts:1:17  export function applyDiscount(price: number) {',
].join('\n')

describe('agent-lsp hook claude-code', () => {
  it('runs `grep -rnw noop src` when a generated file names noop too (never asked about), the references beside', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': '{ "include": ["src"] }',
      'src/noop.ts': 'export function noop(): void {}\n',
      'src/use.ts': "import { noop } from './noop'\nnoop()\n",
      'src/legacy.js': 'var noop = function () {};\nnoop();\n//# sourceMappingURL=legacy.js.map\n',
    })
    const call = recorded(root, 'Bash', { command: 'grep -rnw noop src' })
    const output = JSON.parse((await hook(['claude-code'], call, runtimeDir())).stdout) as { hookSpecificOutput: Record<string, string> }
    expect(output.hookSpecificOutput.permissionDecision).toBeUndefined()
    expect(output.hookSpecificOutput.additionalContext).toBe(
      ['agent-lsp (language server) on noop:', 'noop → src/noop.ts:1:17', '3 references to noop in 2 files under src (3 in 2 files in all)', 'src/noop.ts:1:17  export function noop(): void {}', 'src/use.ts', "1:10  import { noop } from './noop'", '2:1  noop()'].join('\n'),
    )
  })

  it('runs `grep -rnw render src` when a parameter in code is named render too, the references beside', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': '{ "include": ["src"] }',
      'src/a.ts': 'export function render(x: number): string { return String(x) }\n',
      'src/b.ts': "import { render } from './a'\nexport const out = render(1)\nexport function wrap(render: (n: number) => string) { return render(2) }\n",
    })
    const call = recorded(root, 'Bash', { command: 'grep -rnw render src' })
    const context = [
      "agent-lsp (language server) on render: these are one render's; 2 other places in code name another render, which grep's output shows.",
      'render → src/a.ts:1:17',
      '3 references to render in 2 files under src (3 in 2 files in all)',
      'src/a.ts:1:17  export function render(x: number): string { return String(x) }',
      'src/b.ts',
      "1:10  import { render } from './a'",
      '2:20  export const out = render(1)',
    ].join('\n')
    expect(await hook(['claude-code'], call, runtimeDir())).toEqual({ exit: 0, stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: context } })}\n`, stderr: '' })
  })

  it('answers a recorded `grep -rnw applyDiscount src` with the exact references, and lets the same search run when asked again', async () => {
    const root = await tempWorkspace(files)
    const dir = runtimeDir()
    const call = recorded(root, 'Bash', { command: 'grep -rnw applyDiscount src', description: 'Find applyDiscount usages' })
    const reason = `Not run: agent-lsp answered with the language server's references to applyDiscount (exact, comments and strings left out). Run the same search again for grep's text matches.\n${allReferences}`
    expect(await hook(['claude-code'], call, dir)).toEqual({ exit: 0, stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } })}\n`, stderr: '' })
    expect(await hook(['claude-code'], call, dir)).toEqual({ exit: 0, stdout: '', stderr: '' })
    // Another session is asked afresh.
    const other = recorded(root, 'Bash', { command: 'grep -rnw applyDiscount src' }, 'session-2')
    expect(JSON.parse((await hook(['claude-code'], other, dir)).stdout).hookSpecificOutput.permissionDecision).toBe('deny')
  })

  it('lets a search that is not whole-word run, and adds the references of that exact name beside it', async () => {
    // grep -rn applyDiscount also matches applyDiscountTwice, which the references leave out.
    const root = await tempWorkspace({ ...files, 'src/twice.ts': 'export const applyDiscountTwice = (price: number) => price * 0.81\n' })
    const context = `agent-lsp (language server): the references to applyDiscount itself; this search is not whole-word, so grep also matches longer names that contain applyDiscount, which these leave out.\n${allReferences}`
    const beside = { exit: 0, stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: context } })}\n`, stderr: '' }
    expect(await hook(['claude-code'], recorded(root, 'Bash', { command: 'grep -rn applyDiscount src' }), runtimeDir())).toEqual(beside)
    expect(await hook(['claude-code'], recorded(root, 'Grep', { pattern: 'applyDiscount', path: 'src', output_mode: 'content' }), runtimeDir())).toEqual(beside)
  })

  it('adds the references beside a whole-word Grep tool search with --mode beside, within the file searched', async () => {
    const root = await tempWorkspace(files)
    const call = recorded(root, 'Grep', { pattern: '\\bapplyDiscount\\b', path: path.join(root, 'src/cart.ts'), output_mode: 'content', '-n': true })
    const context = [
      'agent-lsp (language server) on applyDiscount:',
      'applyDiscount → src/price.ts:1:17',
      '3 references to applyDiscount under src/cart.ts (4 in 2 files in all)',
      'src/cart.ts',
      '1:10  import { applyDiscount } from "./price"',
      '2:22 2:42  export const total = applyDiscount(10) + applyDiscount(20)',
    ].join('\n')
    expect(await hook(['claude-code', '--mode', 'beside'], call, runtimeDir())).toEqual({ exit: 0, stdout: `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: context } })}\n`, stderr: '' })
  })

  it('says nothing on other calls, on names no server knows, outside the workspace, and on input that is not a PreToolUse call', async () => {
    const root = await tempWorkspace(files)
    const dir = runtimeDir()
    const silent = { exit: 0, stdout: '', stderr: '' }
    for (const call of [
      recorded(root, 'Bash', { command: 'ls -la src' }),
      recorded(root, 'Bash', { command: 'grep -rni applyDiscount src' }),
      recorded(root, 'Bash', { command: 'grep -rn documented docs' }),
      recorded(root, 'Bash', { command: 'grep -rn applyDiscount /etc' }),
      recorded(root, 'Read', { file_path: path.join(root, 'src/cart.ts') }),
      '{"hook_event_name":"PostToolUse","cwd":"/","tool_name":"Bash","tool_input":{"command":"grep -rn applyDiscount src"}}',
      'not json',
    ]) {
      expect([call, await hook(['claude-code'], call, dir)]).toEqual([call, silent])
    }
  })

  it('refuses bad usage with exit status 1, never 2 (which would block the tool call)', async () => {
    const dir = runtimeDir()
    expect(await hook(['claude-code', '--mode', 'sometimes'], '{}', dir)).toEqual({ exit: 1, stdout: '', stderr: 'agent-lsp: hook: --mode is instead or beside, not "sometimes"\nRun "agent-lsp hook --help" for usage.\n' })
    expect(await hook(['cursor'], '{}', dir)).toEqual({ exit: 1, stdout: '', stderr: 'agent-lsp: hook: name the agent host: claude-code\nRun "agent-lsp hook --help" for usage.\n' })
  })

  it('runs from the built command, reading the call on stdin', async () => {
    const root = await tempWorkspace(files)
    const bin = fileURLToPath(new URL('../../dist/bin.js', import.meta.url))
    const env = { ...process.env, AGENT_LSP_RUNTIME_DIR: runtimeDir() }
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = execFile(process.execPath, [bin, 'hook', 'claude-code'], { cwd: root, env, timeout: 60_000 }, (error, out) => (error ? reject(error) : resolve(out)))
      child.stdin!.end(recorded(root, 'Bash', { command: 'rg -nw applyDiscount src' }))
    })
    expect(JSON.parse(stdout).hookSpecificOutput.permissionDecisionReason.split('\n').slice(1).join('\n')).toBe(allReferences)
  })
})
