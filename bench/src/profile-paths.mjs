// Where our per-query time goes: run only one path of the warm part, many times, under a profiler.
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --cpu-prof-interval 50 bench/src/profile-paths.mjs seam 2000
//   node bench/src/profile-summary.mjs /tmp/prof/*.cpuprofile --filter packages/lsp
//
// PATH is `seam` (ctx.lsp + lsp-local), `unrendered` (runLspQuery), `tool` (tool.execute) or
// `raw`; ITERATIONS is per query (3 queries per server, TypeScript and Python).
import path from 'node:path'
import { runLspQuery } from '@agent-lsp/tool-lsp'
import { captureClientCapabilities } from './capture.mjs'
import { fileUri, useClientCapabilities } from './raw-client.mjs'
import { now } from './stats.mjs'
import { seamRequest, startPair, stopPair, toolInput } from './targets.mjs'
import { removeWorkspaces } from './workspaces.mjs'

const [which = 'seam', iterationsText = '1000'] = process.argv.slice(2)
const iterations = Number(iterationsText)
useClientCapabilities(await captureClientCapabilities())
for (const id of ['typescript', 'python']) {
  const pair = await startPair(id)
  const { root, host, tool, raw } = pair
  const run = {
    raw: (q) => raw.query(q.operation, fileUri(path.join(root, q.file)), { line: q.line, character: q.character }),
    seam: (q) => host.ctx.lsp.query(seamRequest(q, root)),
    unrendered: (q) => runLspQuery(host.ctx, toolInput(q), { workspaceRoot: root }),
    tool: (q) => tool.execute(toolInput(q)),
  }[which]
  for (const query of pair.queries) {
    await run(query)
    const start = now()
    for (let i = 0; i < iterations; i++) await run(query)
    console.log(`${id} ${query.operation} via ${which}: ${(((now() - start) / iterations) * 1000).toFixed(0)} µs per query (mean)`)
  }
  await stopPair(pair)
}
await removeWorkspaces()
