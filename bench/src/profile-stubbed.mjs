// Where the tool's own time goes with the server taken out (part 1b's stub), under a profiler:
// record the seam's real answers on @tanstack/query-core once, stop the server, then run
// tool.execute (or runLspQuery, or ctx.lsp.query) on a stub provider ITERATIONS times per query.
//
//   RECORDED=/tmp/answers.json node --cpu-prof --cpu-prof-dir=/tmp/prof bench/src/profile-stubbed.mjs tool 5000
//   node bench/src/profile-summary.mjs /tmp/prof/*.cpuprofile --filter packages/lsp
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createLspService } from '@agent-lsp/lsp'
import { createLspTool, runLspQuery } from '@agent-lsp/tool-lsp'
import { captureClientCapabilities } from './capture.mjs'
import { useClientCapabilities } from './raw-client.mjs'
import { now } from './stats.mjs'
import { seamRequest, startPair, stopPair, toolInput, warmQueries } from './targets.mjs'
import { copyQueryCore, removeWorkspaces } from './workspaces.mjs'

const [which = 'tool', iterationsText = '2000'] = process.argv.slice(2)
const iterations = Number(iterationsText)
// RECORDED=FILE keeps the recorded answers between runs (no server start after the first).
const keep = process.env.RECORDED
let root
let recorded = new Map()
if (keep && existsSync(keep)) {
  const saved = JSON.parse(readFileSync(keep, 'utf8'))
  root = await copyQueryCore()
  for (const [operation, answer] of saved.answers) recorded.set(operation, JSON.parse(JSON.stringify(answer).replaceAll(saved.root, root)))
  // Files written this recently are read again on every query (RACY_WINDOW_MS): let them age, as the bench's have.
  await new Promise((resolve) => setTimeout(resolve, 1100))
} else {
  useClientCapabilities(await captureClientCapabilities())
  const pair = await startPair('typescript')
  root = pair.root
  for (const query of warmQueries.typescript) recorded.set(query.operation, await pair.host.ctx.lsp.query(seamRequest(query, root)))
  await stopPair(pair)
  if (keep) writeFileSync(keep, JSON.stringify({ root, answers: [...recorded] }))
}
const queries = warmQueries.typescript

const lsp = createLspService()
lsp.registerProvider({ id: 'stub', extensionToLanguage: { '.ts': 'typescript' }, query: async (request) => recorded.get(request.operation) })
const tool = createLspTool({ lsp }, { workspaceRoot: root })
const run = {
  seam: (q) => lsp.query(seamRequest(q, root)),
  unrendered: (q) => runLspQuery({ lsp }, toolInput(q), { workspaceRoot: root }),
  tool: (q) => tool.execute(toolInput(q)),
}[which]
for (const query of queries.filter((q) => !process.env.ONLY || q.operation === process.env.ONLY)) {
  for (let i = 0; i < 200; i++) await run(query)
  const samples = []
  for (let i = 0; i < iterations; i++) {
    const start = now()
    await run(query)
    samples.push(now() - start)
  }
  samples.sort((a, b) => a - b)
  console.log(`${query.operation} via ${which}: median ${(samples[samples.length >> 1] * 1000).toFixed(1)} µs`)
}
await removeWorkspaces()
