// The baseline: a minimal language-server client on vscode-jsonrpc, written for the benchmark. It
// does the least a correct client must do and nothing else: spawn, `initialize` with the same
// capabilities (captured from ours at run time) and initializationOptions as ours, answer the
// server→client requests the servers hang or exit without (TOOLCHAIN.md: workspace/configuration,
// window/workDoneProgress/create, client/registerCapability), `didOpen`, wait for pyright's
// "Found N source files" log line where the config names one, and send requests. No path checks,
// no normalization, no document tracking, no file watching.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node'

/** Set once by {@link useClientCapabilities} (see capture.mjs); the raw client refuses to start without it. */
let clientCapabilities

/** @param {object} capabilities - from `captureClientCapabilities()` (capture.mjs) */
export function useClientCapabilities(capabilities) {
  clientCapabilities = capabilities
}

/** Raw servers still running: killed with their process groups if the benchmark exits early. */
const live = new Set()
process.on('exit', () => {
  for (const child of live) {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {}
  }
})

/** @param {string} file */
export const fileUri = (file) => pathToFileURL(file).href

/** The LSP method of each operation we measure. */
export const methodOf = {
  goToDefinition: 'textDocument/definition',
  findReferences: 'textDocument/references',
  goToImplementation: 'textDocument/implementation',
  hover: 'textDocument/hover',
}

/**
 * @typedef {{ command: string, args?: readonly string[], initializationOptions?: unknown, readyLogPattern?: string, settings?: unknown }} ServerConfig
 */

export class RawClient {
  /** @type {import('node:child_process').ChildProcess} */ child
  /** @type {import('vscode-jsonrpc').MessageConnection} */ connection
  /** Resolves when the server logged its ready line (at once for servers without one). */
  /** @type {Promise<void>} */ ready
  /** @type {Promise<void>} */ exited

  /**
   * Spawn `config` in `rootPath` and complete `initialize` / `initialized`.
   * @param {ServerConfig} config
   * @param {string} rootPath
   */
  static async start(config, rootPath) {
    const client = new RawClient(config, rootPath)
    await client.#initialize()
    return client
  }

  /** @param {ServerConfig} config @param {string} rootPath */
  constructor(config, rootPath) {
    this.config = config
    this.rootPath = rootPath
    this.child = spawn(config.command, [...(config.args ?? [])], { cwd: rootPath, stdio: ['pipe', 'pipe', 'ignore'], detached: true })
    live.add(this.child)
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()))
    this.exited.then(() => live.delete(this.child))
    this.child.on('error', () => {})
    this.child.stdin.on('error', () => {})
    const connection = createMessageConnection(new StreamMessageReader(this.child.stdout), new StreamMessageWriter(this.child.stdin))
    this.connection = connection
    const pattern = config.readyLogPattern === undefined ? undefined : new RegExp(config.readyLogPattern)
    let markReady = () => {}
    this.ready = pattern ? new Promise((resolve) => (markReady = resolve)) : Promise.resolve()
    const folder = { uri: fileUri(rootPath), name: path.basename(rootPath) }
    connection.onRequest('workspace/configuration', ({ items }) => items.map(() => null))
    connection.onRequest('window/workDoneProgress/create', () => null)
    connection.onRequest('client/registerCapability', () => null)
    connection.onRequest('client/unregisterCapability', () => null)
    // pyright, once it registered pull diagnostics (as it does for our capabilities), asks the
    // client to refresh them and exits when the request has no handler.
    connection.onRequest('workspace/diagnostic/refresh', () => null)
    connection.onRequest('workspace/workspaceFolders', () => [folder])
    connection.onNotification('window/logMessage', ({ message }) => {
      if (pattern?.test(message)) markReady()
    })
    connection.onUnhandledProgress(() => {})
    connection.onNotification(() => {})
    connection.onError(() => {})
    connection.listen()
  }

  async #initialize() {
    if (!clientCapabilities) throw new Error('call useClientCapabilities(await captureClientCapabilities()) first')
    const rootUri = fileUri(this.rootPath)
    await this.connection.sendRequest('initialize', {
      processId: process.pid,
      clientInfo: { name: 'raw-bench', version: '0.0.0' },
      locale: 'en',
      rootPath: this.rootPath,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: path.basename(this.rootPath) }],
      capabilities: clientCapabilities,
      initializationOptions: this.config.initializationOptions ?? null,
      trace: 'off',
    })
    await this.connection.sendNotification('initialized', {})
  }

  /** `didOpen` a file with its disk content. @param {string} file @param {string} languageId */
  open(file, languageId) {
    const text = readFileSync(file, 'utf8')
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: fileUri(file), languageId, version: 1, text } })
  }

  /**
   * One navigation request, the answer as the server sent it.
   * @param {'goToDefinition' | 'findReferences' | 'goToImplementation' | 'hover'} operation
   * @param {string} uri
   * @param {{ line: number, character: number }} position
   */
  query(operation, uri, position) {
    const params = { textDocument: { uri }, position }
    if (operation === 'findReferences') params.context = { includeDeclaration: true }
    return this.connection.sendRequest(methodOf[operation], params)
  }

  /** `shutdown`, `exit`, then kill the process group (the server and its tsserver) if still there. */
  async dispose() {
    const bound = (promise) => Promise.race([promise.catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2000).unref())])
    if (this.child.exitCode === null && this.child.signalCode === null) {
      await bound(this.connection.sendRequest('shutdown'))
      await this.connection.sendNotification('exit').catch(() => {})
      await bound(this.exited)
    }
    try {
      process.kill(-this.child.pid, 'SIGKILL')
    } catch {}
    await this.exited
    this.connection.dispose()
  }
}
