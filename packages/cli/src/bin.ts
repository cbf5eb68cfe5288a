#!/usr/bin/env node
import { fileURLToPath } from 'node:url'
import { main } from './main.js'

/** After Ctrl-C or SIGTERM, how long the servers get to stop before the command exits anyway. */
const STOP_GRACE_MS = 5_000

// The first signal cancels the query; main() then stops the language servers and returns. A second
// signal, or a stop that takes too long, exits at once (lsp-local kills its servers on exit).
const controller = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (controller.signal.aborted) process.exit(130)
    controller.abort()
    setTimeout(() => process.exit(130), STOP_GRACE_MS).unref()
  })
}

const io = {
  cwd: process.cwd(),
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
}
// Commands reach the shared host (started on first use), which runs this build's host-process.js.
const hostScript = fileURLToPath(new URL('./host-process.js', import.meta.url))
process.exitCode = await main(process.argv.slice(2), io, controller.signal, { hostScript })
