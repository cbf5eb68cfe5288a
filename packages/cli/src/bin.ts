#!/usr/bin/env node
import { text } from 'node:stream/consumers'
import { fileURLToPath } from 'node:url'

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
const argv = process.argv.slice(2)
if (argv[0] === 'hook') {
  // Runs before every Grep and Bash call of an agent: most pass untouched, without loading the rest.
  const { runHookCommand } = await import('./hook/hook-command.js')
  process.exitCode = await runHookCommand(argv.slice(1), await text(process.stdin), { ...io, env: process.env }, async (asked, signal) => {
    const { main } = await import('./main.js')
    let stdout = ''
    const exit = await main(asked, { cwd: io.cwd, stdout: (written) => void (stdout += written), stderr: () => {} }, signal, { hostScript })
    return { exit, stdout }
  })
} else {
  const { main } = await import('./main.js')
  process.exitCode = await main(argv, io, controller.signal, { hostScript })
}
