import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { HarnessError } from '@agent-lsp/errors'
import { ripgrepExecutable } from '@agent-lsp/lsp-crosscheck'
import type { DisabledOperations, PlannedServer, ServerSetup } from './config.js'

/** How long `doctor` waits for a server's `--version` before it reports it without one. */
export const VERSION_TIMEOUT_MS = 5_000

/**
 * What `doctor` says of one server: `ready` (its executable exists and, where the catalogue knows
 * how to ask, printed its version), `missing` (not found), `broken` (found, but asking its version
 * failed: rustup's proxy without the rust-analyzer component, say).
 */
export interface DoctorRow {
  readonly id: string
  readonly language: string
  readonly status: 'ready' | 'missing' | 'broken'
  /** `/usr/bin/clangd (PATH, Debian clangd version 14.0.6)`, or what is wrong and how to install. */
  readonly detail: string
  /** The operations it answers (the catalogue's, measured), when known: `undefined` for a server a config runs. */
  readonly operations?: readonly string[]
  /** The fallback that serves in its place (its primary is missing or broken, the fallback ready). */
  readonly fallback?: string
  /** What a config's `disabledOperations` turned off, left out of {@link operations}. */
  readonly disabled?: DisabledOperations
}

const sourceNames = {
  bundled: 'bundled',
  absolute: 'configured path',
  PATH: 'PATH',
  'agent-lsp': "agent-lsp's node_modules/.bin",
  workspace: 'workspace node_modules/.bin',
} as const

/** Check each planned server; version probes run at once, without a shell, each bounded by {@link VERSION_TIMEOUT_MS}. */
export function diagnoseServers(setup: ServerSetup, env: NodeJS.ProcessEnv): Promise<DoctorRow[]> {
  return Promise.all(setup.servers.map((server) => diagnose(server, env)))
}

/**
 * A server's row; when it is not ready, the first of its fallbacks that is stands in (`fallback
 * pylsp serves: …, since …`). Operations a config turned off leave the `answers` and go to `disabled`.
 */
async function diagnose(server: PlannedServer, env: NodeJS.ProcessEnv): Promise<DoctorRow> {
  const primary = await diagnoseOne(server, env)
  let row = primary
  if (primary.status !== 'ready') {
    for (const fallback of server.fallbacks ?? []) {
      const other = await diagnoseOne(fallback, env)
      if (other.status !== 'ready') continue
      const { operations: _theirs, ...rest } = primary
      const operations = other.operations ? { operations: other.operations } : {}
      row = { ...rest, status: 'ready', detail: `fallback ${other.id} serves: ${other.detail}, since ${primary.detail}`, fallback: other.id, ...operations }
      break
    }
  }
  const { disabled } = server
  if (!disabled) return row
  const off: readonly string[] = disabled.operations
  return { ...row, disabled, ...(row.operations ? { operations: row.operations.filter((operation) => !off.includes(operation)) } : {}) }
}

async function diagnoseOne(server: PlannedServer, env: NodeJS.ProcessEnv): Promise<DoctorRow> {
  const { config, language, executable } = server
  const known = server.operations ? { operations: server.operations } : {}
  const row = (status: DoctorRow['status'], detail: string): DoctorRow => ({ id: config.id, language, status, detail, ...known })
  const install = config.installHint ? `; install: ${config.installHint}` : ''
  if (!executable.found) {
    const untrusted = executable.untrustedCandidate ? ` (${executable.untrustedCandidate} is not used: the workspace is not trusted)` : ''
    return row('missing', `${executable.command} not found${path.isAbsolute(executable.command) ? '' : ' on PATH'}${untrusted}${install}`)
  }
  const where = `${executable.path} (${sourceNames[executable.source]}`
  if (executable.source === 'bundled') {
    const version = packageVersion(executable.path)
    return row('ready', `${where}${version ? `, ${version}` : ''})`)
  }
  if (!server.versionArgs || server.versionArgs.length === 0) return row('ready', `${where})`)
  const probe = await runVersion(executable.path, server.versionArgs, env)
  if (probe.kind === 'version') return row('ready', `${where}, ${probe.line})`)
  if (probe.kind === 'timeout') return row('ready', `${where}, no answer to \`${server.versionArgs.join(' ')}\` within ${VERSION_TIMEOUT_MS / 1000} s)`)
  return row('broken', `${where}) fails: \`${path.basename(executable.path)} ${server.versionArgs.join(' ')}\` ${probe.why}${install}`)
}

/**
 * The `doctor` report: a header, one aligned row per server (`status  id  language  detail`, then
 * `answers: op, op…` below it where the operations are known, and `disabled: op… (disabledOperations
 * in file:line)` where a config turned some off), the
 * config files read, the config error that kept one out (`Not applied: CODE: message`, then that
 * queries fail until it is fixed), the cross-check's line ({@link diagnoseCrossCheck}) when given,
 * and `N of M language servers ready`.
 */
export function formatDoctor(rows: readonly DoctorRow[], workspaceRoot: string, setup: ServerSetup, refusal?: HarnessError, crossCheck?: string): string {
  const idWidth = Math.max(...rows.map((row) => row.id.length))
  const languageWidth = Math.max(...rows.map((row) => row.language.length))
  const lines = [`Language servers for ${workspaceRoot}`]
  for (const row of rows) {
    lines.push(`${row.status.padEnd(7)}  ${row.id.padEnd(idWidth)}  ${row.language.padEnd(languageWidth)}  ${row.detail}`)
    if (row.operations) lines.push(`${' '.repeat(9)}answers: ${row.operations.join(', ')}`)
    if (row.disabled) lines.push(`${' '.repeat(9)}disabled: ${row.disabled.operations.join(', ')} (${row.disabled.setting})`)
  }
  if (setup.files.length > 0) lines.push(`Config: ${setup.files.join(', ')}`)
  if (refusal) lines.push(`Not applied: ${refusal.code}: ${refusal.message}`, 'Queries fail with this error until it is fixed; the servers above leave that config out.')
  if (crossCheck !== undefined) lines.push(crossCheck)
  lines.push(`${rows.filter((row) => row.status === 'ready').length} of ${rows.length} language servers ready`)
  return lines.join('\n')
}

/**
 * What the cross-check searches with: `Cross-check: ripgrep 15.0.0 (rev 3a612f88b8) (bundled)`,
 * `… (PATH)`, or that it cannot run, and what that means for answers and how to fix it.
 */
export async function diagnoseCrossCheck(env: NodeJS.ProcessEnv): Promise<string> {
  const { path: rg, bundled } = await ripgrepExecutable()
  const probe = await runVersion(rg, ['--version'], env)
  if (probe.kind === 'version') return `Cross-check: ${probe.line} (${bundled ? 'bundled' : 'PATH'})`
  const why = probe.kind === 'timeout' ? `\`${rg} --version\` did not answer within ${VERSION_TIMEOUT_MS / 1000} s` : `${bundled ? rg : 'rg on PATH'} ${probe.why}`
  return `Cross-check: cannot run ripgrep (${why}): in workspaces past 2,000 files or 4 MiB (searched in process below that) references, implementations and callers are answered partial (unchecked); install: apt-get install ripgrep`
}

/** `doctor`'s exit status: 0 when at least one server is ready (the command can answer something), else 1. */
export function doctorExitCode(rows: readonly DoctorRow[]): number {
  return rows.some((row) => row.status === 'ready') ? 0 : 1
}

type Probe = { kind: 'version'; line: string } | { kind: 'timeout' } | { kind: 'failed'; why: string }

function runVersion(file: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Probe> {
  return new Promise((resolve) => {
    execFile(file, [...args], { env, timeout: VERSION_TIMEOUT_MS, encoding: 'utf8', windowsHide: true }, (error, stdout, stderr) => {
      const first = (text: string) => text.split(/\r?\n/).map((line) => line.trim()).find((line) => line !== '')
      if (!error) return resolve({ kind: 'version', line: first(stdout) ?? first(stderr) ?? 'version unknown' })
      const failure = error as NodeJS.ErrnoException & { killed?: boolean; code?: number | string }
      if (failure.killed) return resolve({ kind: 'timeout' })
      if (typeof failure.code === 'number') return resolve({ kind: 'failed', why: `exited with code ${failure.code}${first(stderr) ? `: ${first(stderr)}` : ''}` })
      resolve({ kind: 'failed', why: `could not run: ${failure.code ?? failure.message}` })
    })
  })
}

/** `name version` of the package holding `file` (its nearest `package.json` with both), if any. */
function packageVersion(file: string): string | undefined {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json')
    if (!existsSync(manifest)) continue
    try {
      const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown; version?: unknown }
      if (typeof name === 'string' && typeof version === 'string') return `${name} ${version}`
    } catch {
      return undefined
    }
  }
  return undefined
}

/**
 * `agent-lsp doctor`: print the report of `setup` to `stdout`. With `refusal` (a config file that
 * could not be applied; `setup` is what loads without it), the report says so before the count.
 * @returns the exit status: {@link doctorExitCode}, and 1 with a refusal (every query would fail on it).
 */
export async function runDoctor(
  setup: ServerSetup,
  workspaceRoot: string,
  env: NodeJS.ProcessEnv,
  stdout: (text: string) => void,
  refusal?: HarnessError,
): Promise<number> {
  const [rows, crossCheck] = await Promise.all([diagnoseServers(setup, env), diagnoseCrossCheck(env)])
  stdout(`${formatDoctor(rows, workspaceRoot, setup, refusal, crossCheck)}\n`)
  return refusal ? 1 : doctorExitCode(rows)
}
