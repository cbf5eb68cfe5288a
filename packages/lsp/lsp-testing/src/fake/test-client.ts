/**
 * Test-only: spawns the BUILT fake server (`dist/fake-server.js`) and speaks to it through a
 * plain `vscode-jsonrpc` connection. Not part of the package (no entry point reaches it).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createMessageConnection,
  type Message,
  type MessageConnection,
  type MessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node'
import { InitializeRequest, type InitializeResult } from 'vscode-languageserver-protocol'
import { FAKE_SCENARIO_ENV, fakeServerEnv, fakeServerPath, type FakeServerScenario } from '../index.js'

/** How a spawned fake ended: its exit code, or the signal that killed it. */
export interface FakeExit {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
}

/** A running fake server and the client side of its connection. */
export interface FakeHandle {
  readonly child: ChildProcess
  readonly connection: MessageConnection
  /** Everything the fake wrote to stdout, raw. */
  readonly stdout: () => Buffer
  /** Everything the fake wrote to stderr. */
  readonly stderr: () => string
  /** Settles when the process has exited and its streams are closed. */
  readonly closed: Promise<FakeExit>
  /** Resolves with the first message the client writes from now on that satisfies `match`. */
  readonly written: (match: (message: Message) => boolean) => Promise<Message>
  /** Sends `initialize` with a minimal client. */
  readonly initialize: () => Promise<InitializeResult>
}

const running = new Set<FakeHandle>()
const tempDirs = new Set<string>()

/** A fresh temporary directory, removed by {@link cleanUp}. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'agent-lsp-fake-'))
  tempDirs.add(dir)
  return dir
}

/** Options of {@link spawnFake}. */
export interface SpawnFakeOptions {
  /** Adds client-side handlers (server→client requests, progress) before the connection listens. */
  readonly register?: (connection: MessageConnection) => void
  /** Replaces the scenario's JSON in the environment (for invalid scenarios). */
  readonly rawScenario?: string
}

/** Spawns the built fake with `scenario`, connected and listening. */
export function spawnFake(scenario: FakeServerScenario, options: SpawnFakeOptions = {}): FakeHandle {
  if (!existsSync(fakeServerPath)) {
    throw new Error(`${fakeServerPath} is missing: build first (pnpm turbo run test builds it before testing)`)
  }
  const env =
    options.rawScenario === undefined ? fakeServerEnv(scenario) : { [FAKE_SCENARIO_ENV]: options.rawScenario }
  const child = spawn(process.execPath, [fakeServerPath], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const { stdin, stdout, stderr } = child
  if (stdin === null || stdout === null || stderr === null) throw new Error('fake spawned without pipes')
  const out: Buffer[] = []
  const err: Buffer[] = []
  stdout.on('data', (chunk: Buffer) => out.push(chunk))
  stderr.on('data', (chunk: Buffer) => err.push(chunk))
  const closed = new Promise<FakeExit>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal }))
  })

  const watchers = new Set<{ match: (m: Message) => boolean; resolve: (m: Message) => void }>()
  const streamWriter = new StreamMessageWriter(stdin)
  const writer: MessageWriter = {
    onError: streamWriter.onError,
    onClose: streamWriter.onClose,
    async write(message) {
      await streamWriter.write(message)
      for (const watcher of watchers) {
        if (watcher.match(message)) {
          watchers.delete(watcher)
          watcher.resolve(message)
        }
      }
    },
    end: () => streamWriter.end(),
    dispose: () => streamWriter.dispose(),
  }
  const connection = createMessageConnection(new StreamMessageReader(stdout), writer)
  options.register?.(connection)
  connection.listen()

  const handle: FakeHandle = {
    child,
    connection,
    stdout: () => Buffer.concat(out),
    stderr: () => Buffer.concat(err).toString('utf8'),
    closed,
    written: (match) => new Promise((resolve) => watchers.add({ match, resolve })),
    initialize: () =>
      connection.sendRequest(InitializeRequest.type, {
        processId: process.pid,
        rootUri: null,
        capabilities: {},
      }),
  }
  running.add(handle)
  return handle
}

/** Kills every fake still running, waits for each to be gone, and removes temporary directories. */
export async function cleanUp(): Promise<void> {
  const handles = [...running]
  running.clear()
  await Promise.all(
    handles.map(async ({ child, connection, closed }) => {
      connection.dispose()
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await closed
    }),
  )
  const dirs = [...tempDirs]
  tempDirs.clear()
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
}
