// Part 4b beside scale-memory.mjs, as the command and MCP run by default: `agent-lsp mcp` on the
// workspace, its servers in the shared host it starts (a runtime folder of its own), asked one
// question on each of COUNT distinct files over MCP. Prints one JSON line: the host's RSS (its
// `status`; the language servers are other processes and are not counted) after the first query
// and after all, and the MCP process's (the tool, the cross-check and the rendering run there).
//
//   node bench/src/scale-memory-host.mjs ROOT COUNT
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { mb } from './memory-snapshot.mjs'

const run = promisify(execFile)
const bin = fileURLToPath(new URL('../../packages/cli/dist/bin.js', import.meta.url))
const [root, countText] = process.argv.slice(2)
const count = Number(countText)
if (!root || !Number.isInteger(count)) {
  console.error('usage: node scale-memory-host.mjs ROOT COUNT')
  process.exit(2)
}

const runtimeDir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'agent-lsp-bench-memory-host-')))
const env = { ...process.env, AGENT_LSP_RUNTIME_DIR: runtimeDir }
delete env.AGENT_LSP_NO_DAEMON
const hostRssMb = async () => mb(JSON.parse((await run(process.execPath, [bin, 'status', '--json'], { env })).stdout).host.rssBytes)
/** A process's resident set now (`/proc/PID/status` VmRSS), MB. */
const rssOf = (pid) => mb(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024)

const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', root], env, stderr: 'ignore' })
const mcp = new Client({ name: 'agent-lsp-bench-memory', version: '0' })
let answered = 0
let result
try {
  await mcp.connect(transport)
  let first
  for (let i = 0; i < count; i++) {
    // As scale-memory.mjs: f0 defines f0; every other file calls the previous one on line 4.
    const args = i === 0 ? { operation: 'hover', filePath: 'src/f0.ts', line: 1, character: 17 } : { operation: 'goToDefinition', filePath: `src/f${i}.ts`, line: 4, character: 10 }
    const answer = await mcp.callTool({ name: 'lsp', arguments: args }, undefined, { timeout: 120_000 })
    const text = answer.content?.[0]?.text ?? ''
    if (!answer.isError && (text.startsWith(`f${i - 1} → src/f${i - 1}.ts:`) || (i === 0 && text.includes('f0')))) answered++
    if (i === 0) first = { hostRssMb: await hostRssMb(), mcpRssMb: rssOf(transport.pid) }
  }
  result = { files: count, answered, first, after: { hostRssMb: await hostRssMb(), mcpRssMb: rssOf(transport.pid) } }
} finally {
  await mcp.close().catch(() => {})
  await run(process.execPath, [bin, 'stop'], { env }).catch(() => {})
  rmSync(runtimeDir, { recursive: true, force: true })
}
console.log(JSON.stringify(result))
