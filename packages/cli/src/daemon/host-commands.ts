import type { HostCommand } from '../args-host.js'
import { stopHost } from './connect.js'

/** Where a host command writes. */
export interface HostCommandIo {
  stdout(text: string): void
  stderr(text: string): void
}

/**
 * `agent-lsp stop`: stop this user's host and every server it holds; says which pid stopped, or
 * that none was running (both exit status 0).
 * @returns the exit status: 0, or 1 with `agent-lsp: CODE: message` (`LSP_HOST_UNSAFE`, …).
 */
export async function runHostCommand(_command: HostCommand, env: NodeJS.ProcessEnv, io: HostCommandIo): Promise<number> {
  try {
    const pid = await stopHost(env)
    io.stdout(pid === undefined ? 'no agent-lsp host is running\n' : `stopped the agent-lsp host (pid ${pid}) and its language servers\n`)
    return 0
  } catch (error) {
    const { code = 'LSP_INTERNAL', message = String(error) } = error as { code?: string; message?: string }
    io.stderr(`agent-lsp: ${code}: ${message}\n`)
    return 1
  }
}
