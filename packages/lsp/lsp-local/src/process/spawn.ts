import { spawn, type ChildProcess } from 'node:child_process'
import type { LocalServerConfig } from '../config.js'
import { track } from './process-reaper.js'

/**
 * Start a server from its configured command and arguments only (no shell), in `rootPath`, with
 * its `env` over ours, in its own process group so that stopping it stops its children too (see
 * `killProcessGroup`), and tracked so that it never outlives this process.
 */
export function spawnServer(config: LocalServerConfig, rootPath: string): ChildProcess {
  const child = spawn(config.command, [...(config.args ?? [])], {
    cwd: rootPath,
    env: { ...process.env, ...config.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
    detached: process.platform !== 'win32',
  })
  track(child)
  return child
}
