#!/usr/bin/env node
import { main } from './main.js'

// Ctrl-C or a kill: cancel the query; main() then stops the language servers before exiting.
const controller = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort())

const io = {
  cwd: process.cwd(),
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
}
process.exitCode = await main(process.argv.slice(2), io, controller.signal)
