// The shared host's entry (see daemon/README.md): started detached by a command that found no
// host answering. Prints `ready` once it listens (or `running` when another host already does),
// then serves until `agent-lsp stop`, its idle time, or SIGTERM / SIGINT / SIGHUP.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { hostBuild } from './daemon/connect.js'
import { ensureHostDir, hostDir } from './daemon/paths.js'
import { startHostServer } from './daemon/host-server.js'
import { hostBudget, hostIdleMs } from './daemon/host-settings.js'
import { version } from './version.js'

const paths = ensureHostDir(hostDir(process.env))
const host = await startHostServer({ paths, idleMs: hostIdleMs(process.env), budget: hostBudget(process.env), ...(process.env.AGENT_LSP_LOG ? { log: path.resolve(process.env.AGENT_LSP_LOG) } : {}), version, build: hostBuild(fileURLToPath(import.meta.url)) })
if (!host) {
  process.stdout.write('running\n')
  process.exit(0)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void host.stop())
process.stdout.write('ready\n')
await host.stopped
process.exit(0)
