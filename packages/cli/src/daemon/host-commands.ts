import { HarnessError } from '@agent-lsp/errors'
import type { HostCommand } from '../args-host.js'
import { openHost, stopHost } from './connect.js'
import { ensureHostDir, hostDir } from './paths.js'
import { fromResponseError, statusRequest } from './protocol.js'
import { statusText } from './status-text.js'

/** Where a host command writes. */
export interface HostCommandIo {
  stdout(text: string): void
  stderr(text: string): void
}

/**
 * `agent-lsp stop`: stop this user's host and every server it holds; says which pid stopped, or
 * that none was running (both exit status 0). `agent-lsp status [--json]`: the host and its
 * servers (see `status-text.ts`; `--json`: the `HostStatus`, `{"host":null,"servers":[]}` when
 * none runs); it starts no host.
 * @returns the exit status: 0, or 1 with `agent-lsp: CODE: message` (`LSP_HOST_UNSAFE`, …).
 */
export async function runHostCommand(command: HostCommand, env: NodeJS.ProcessEnv, io: HostCommandIo): Promise<number> {
  try {
    if (command.kind === 'status') {
      const open = await openHost(ensureHostDir(hostDir(env)), { client: 'status' })
      const status = await open?.request((connection) => connection.sendRequest(statusRequest)).finally(() => open.close())
      if (command.json) io.stdout(`${JSON.stringify(status ?? { host: null, servers: [] }, null, 2)}\n`)
      else io.stdout(status ? statusText(status) : 'no agent-lsp host is running\n')
      return 0
    }
    const pid = await stopHost(env)
    io.stdout(pid === undefined ? 'no agent-lsp host is running\n' : `stopped the agent-lsp host (pid ${pid}) and its language servers\n`)
    return 0
  } catch (error) {
    const { code, message } = HarnessError.isInstance(error) ? error : (fromResponseError(error) as HarnessError)
    io.stderr(`agent-lsp: ${code}: ${message}\n`)
    return 1
  }
}
