// `agent-lsp doctor` on this machine: every expectation computed here independently of detect.ts
// (a shell's `command -v`, the servers' own `--version`, the bundled packages' package.json).
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { answers, crossCheckLine, firstRows, markupRows } from './doctor.test-support.js'
import { main } from './main.js'
import { tempWorkspace } from './workspace.test-support.js'

/** What `sh -c 'command -v NAME'` finds on `PATH`, or `undefined`. */
function which(name: string, PATH = process.env.PATH ?? ''): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8', env: { PATH } })
  return found.status === 0 ? found.stdout.trim() : undefined
}

/** The first non-empty line a command prints. */
function firstLine(file: string, args: string[]): { status: number | null; line: string } {
  const run = spawnSync(file, args, { encoding: 'utf8', timeout: 5_000 })
  const line = `${run.stdout}\n${run.stderr}`.split('\n').map((text) => text.trim()).find((text) => text !== '') ?? ''
  return { status: run.status, line }
}

/** The row for a PATH server as doctor must print it: ready with its version, or missing. */
function systemRow(id: string, language: string, command: string, versionArgs: string[], install: string, PATH?: string): string {
  const found = which(command, PATH)
  if (found === undefined) return `missing  ${id}  ${language}  ${command} not found on PATH; install: ${install}`
  const { status, line } = firstLine(found, versionArgs)
  if (status === 0) return `ready    ${id}  ${language}  ${found} (PATH, ${line})`
  const stderr = spawnSync(found, versionArgs, { encoding: 'utf8' }).stderr.split('\n').map((text) => text.trim()).find((text) => text !== '')
  return `broken   ${id}  ${language}  ${found} (PATH) fails: \`${path.basename(found)} ${versionArgs.join(' ')}\` exited with code ${status}${stderr ? `: ${stderr}` : ''}; install: ${install}`
}

async function doctor(root: string, env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(['doctor', '--root', root], { cwd: root, env, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
  return { code, stdout, stderr }
}

// No user config: XDG_CONFIG_HOME points at a directory without one (HOME stays: rustup reads its settings there).
const home = (root: string) => ({ ...process.env, XDG_CONFIG_HOME: path.join(root, 'no-config') })

const clangd = answers.c
// rust-analyzer's are gopls's.
const gopls = answers.go

describe('agent-lsp doctor', () => {
  it('is right about this machine: bundled servers, clangd and gopls from PATH, rust-analyzer', async () => {
    const root = await tempWorkspace({})
    const system = [
      systemRow('c         ', 'C/C++                ', 'clangd', ['--version'], 'apt-get install clangd'),
      systemRow('go        ', 'Go                   ', 'gopls', ['version'], 'apt-get install gopls golang-go'),
      systemRow('rust      ', 'Rust                 ', 'rust-analyzer', ['--version'], 'rustup component add rust-analyzer'),
    ]
    const expected = [`Language servers for ${root}`, ...firstRows(), system[0]!, clangd, system[1]!, gopls, system[2]!, gopls, ...markupRows()]
    const ready = expected.filter((line) => line.startsWith('ready')).length
    expect(await doctor(root, home(root))).toEqual({ code: 0, stdout: `${[...expected, crossCheckLine(), `${ready} of 15 language servers ready`].join('\n')}\n`, stderr: '' })
    expect(crossCheckLine()).toMatch(/^Cross-check: ripgrep 15\.0\.0 \(rev [0-9a-f]+\) \(bundled\)$/)
    // What the rows say of this machine (TOOLCHAIN.md): clangd 14 and gopls installed, rust-analyzer not.
    expect(system[0]).toMatch(/^ready +c +C\/C\+\+ +\/usr\/bin\/clangd \(PATH, Debian clangd version 14\./)
    expect(system[1]).toMatch(/^ready +go +Go +\/usr\/bin\/gopls \(PATH, golang\.org\/x\/tools\/gopls /)
    expect(system[2]).toMatch(/^(missing|broken) +rust /)
    expect(ready).toBe(14)
  })

  it('says what is missing and how to install it when PATH has none of the system servers', async () => {
    const root = await tempWorkspace({})
    const { code, stdout } = await doctor(root, { ...home(root), PATH: path.join(root, 'empty') })
    expect(code).toBe(0)
    expect(stdout.split('\n')).toEqual([
      `Language servers for ${root}`,
      ...firstRows(),
      'missing  c           C/C++                  clangd not found on PATH; install: apt-get install clangd',
      clangd,
      'missing  go          Go                     gopls not found on PATH; install: apt-get install gopls golang-go',
      gopls,
      'missing  rust        Rust                   rust-analyzer not found on PATH; install: rustup component add rust-analyzer',
      gopls,
      ...markupRows(path.join(root, 'empty')),
      // The cross-check brings its own ripgrep: an empty PATH takes nothing from it.
      crossCheckLine(),
      '11 of 15 language servers ready',
      '',
    ])
  })
})
