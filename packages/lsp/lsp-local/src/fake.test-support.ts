// Test support (not exported): a workspace on disk and providers running the fake server.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { LspCursorOperation, LspError, LspPosition, LspQueryResult } from '@agent-lsp/lsp'
import {
  fakeServerEnv,
  fakeServerPath,
  readFakeServerLog,
  type FakeServerReceivedEntry,
  type FakeServerScenario,
} from '@agent-lsp/lsp-testing'
import { onTestFinished } from 'vitest'
import type { LocalServerConfig, LocalProviderLimits } from './config.js'
import type { CrashPolicy } from './process/crash-policy.js'
import { createLocalLspProvider, type LocalLspProvider } from './provider.js'

/** A workspace with `files`, removed after the test. */
export function workspace(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-local-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  return root
}

/** A provider on the fake server playing `scenario` (with `overrides` of its config), logging to a file; disposed after the test. */
export function fakeProvider(
  root: string,
  scenario: FakeServerScenario,
  limits: Partial<LocalProviderLimits> = {},
  crashPolicy?: CrashPolicy,
  overrides: Partial<LocalServerConfig> = {},
) {
  const log = join(root, '.fake-log.jsonl')
  const marker = `agent-lsp-test-${randomUUID()}`
  const config: LocalServerConfig = {
    id: 'fake',
    command: process.execPath,
    // The marker is ignored by the fake; it lets the test find its processes.
    args: [fakeServerPath, marker],
    extensionToLanguage: { '.ts': 'typescript' },
    env: fakeServerEnv({ ...scenario, log }),
    ...overrides,
  }
  const provider = createLocalLspProvider(config, crashPolicy ? { limits, crashPolicy } : { limits })
  onTestFinished(() => provider.dispose())
  // Empty until the first fake has started and written to it.
  const readLog = () => (existsSync(log) ? readFakeServerLog(log) : Promise.resolve([]))
  const query = (operation: LspCursorOperation, position: LspPosition = { line: 0, character: 6 }, signal?: AbortSignal): Promise<LspQueryResult> =>
    provider.query({ operation, filePath: 'a.ts', position, workspaceRoot: root, languageId: 'typescript' }, signal)
  return {
    provider,
    query,
    /** What the fake received, in order. */
    received: async (): Promise<FakeServerReceivedEntry[]> =>
      (await readLog()).filter((entry): entry is FakeServerReceivedEntry => entry.direction === 'in'),
    log: readLog,
    /** Pids of this provider's live fake processes. */
    pids: (): number[] => livePids(marker),
  }
}

/**
 * Resolve once `check()` holds, re-checking as the event loop turns (no fixed sleeps); the test's
 * own timeout bounds it. For what the fake does on its own schedule, like logging replies.
 */
export async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setImmediate(resolve))
}

/** The `LspError` a promise rejects with. */
export async function rejection(promise: Promise<unknown>): Promise<LspError> {
  try {
    await promise
  } catch (error) {
    return error as LspError
  }
  throw new Error('expected a rejection')
}

export type FakeProvider = ReturnType<typeof fakeProvider>
export type { LocalLspProvider }

function livePids(marker: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number)
  } catch {
    return [] // pgrep exits 1 when nothing matches
  }
}
