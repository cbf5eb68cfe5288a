import type { Readable, Writable } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { HarnessError } from '@agent-lsp/errors'
import { createLspTool } from '@agent-lsp/tool-lsp'
import type { LspHost } from './host.js'
import { createMcpServer } from './mcp-server.js'

export { createMcpServer, type McpServerInfo } from './mcp-server.js'

/** Options of {@link serveMcp}. */
export interface McpOptions {
  /** Absolute path of the workspace the tool answers about. */
  readonly workspaceRoot: string
  /** The server's version in `initialize`. */
  readonly version: string
  /** Where diagnostics go: never stdout, which carries only MCP's JSON-RPC messages. */
  readonly log: (text: string) => void
  /** Stops the server, as stdin ending does (the command's SIGINT / SIGTERM). */
  readonly signal?: AbortSignal | undefined
  /** Default `process.stdin`. */
  readonly stdin?: Readable
  /** Default `process.stdout`. */
  readonly stdout?: Writable
  /**
   * A config error that keeps the configured servers from running (`CONFIG_UNTRUSTED`, …): the
   * server still starts and lists the tool, and answers every call with its one line as an error
   * result, so the client sees why instead of a closed connection.
   */
  readonly refusal?: HarnessError
  /**
   * Called before each tool call (see `followConfig`): the config error that call answers with
   * now, in place of `refusal`; it may change the servers `host` serves.
   */
  readonly beforeCall?: () => Promise<HarnessError | undefined>
}

/**
 * `agent-lsp mcp`: serve the `lsp` tool over MCP's stdio transport (newline-delimited JSON-RPC,
 * spec 2025-06-18, Basic › Transports › stdio) with one `host` for the whole session, so language
 * servers stay warm between calls. Runs until stdin ends, stdout fails, or `signal` aborts; then
 * closes the server (cancelling calls in flight) and disposes `host`, which stops every language
 * server it started.
 * With `refusal`, every call is answered with it (the tool is listed as configured without it);
 * with `beforeCall`, each call first asks it (a config edited meanwhile is served from then on).
 * @returns 0 once stopped; 1 when no language server is configured (nothing to offer), or the
 *   transport failed (logged).
 */
export async function serveMcp(host: LspHost, options: McpOptions): Promise<number> {
  const { workspaceRoot, log, signal, stdin = process.stdin, stdout = process.stdout } = options
  try {
    const lsp = createLspTool(host.ctx, { workspaceRoot })
    const { refusal, beforeCall = async () => refusal } = options
    const execute = async (input: unknown, callSignal?: AbortSignal): Promise<string> => {
      const now = await beforeCall()
      if (now) throw now
      // Foreground: a live warm-up the answer calls for starts once the SDK has written it.
      return host.foreground(() => lsp!.execute(input, callSignal))
    }
    const tool = lsp && { ...lsp, execute }
    if (!tool) {
      log('agent-lsp: LSP_UNAVAILABLE: no language server is configured\n')
      return 1
    }
    const server = createMcpServer(tool, { name: 'agent-lsp', version: options.version }, () => host.status())
    server.onerror = (error) => log(`agent-lsp mcp: ${error.message}\n`)
    let stop = (): void => {}
    const stopped = new Promise<void>((resolve) => (stop = resolve))
    const onOutputError = (error: Error): void => {
      log(`agent-lsp mcp: stdout failed: ${error.message}\n`)
      stop()
    }
    stdin.once('end', stop).once('close', stop)
    stdout.once('error', onOutputError)
    signal?.addEventListener('abort', stop, { once: true })
    server.onclose = stop
    try {
      await server.connect(new StdioServerTransport(stdin, stdout))
      if (signal?.aborted) stop()
      await stopped
      await server.close()
    } catch (error) {
      log(`agent-lsp mcp: ${error instanceof Error ? error.message : String(error)}\n`)
      return 1
    } finally {
      stdin.off('end', stop).off('close', stop)
      stdout.off('error', onOutputError)
      signal?.removeEventListener('abort', stop)
    }
    return 0
  } finally {
    await host.dispose()
  }
}
