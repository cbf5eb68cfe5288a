// Part 1b, in-process cost with the language server taken out (tinybench): a stub provider that
// answers at once with a recorded real answer, behind the real service and tool. What is left is
// the seam's validation and selection, the tool's input parsing, file read, cursor conversion and
// rendering: CPU in our process, microseconds, free of server noise. (lsp-local's own share is
// the warm part's seam − raw.)
import { createLspService } from '@agent-lsp/lsp'
import { createLspTool, runLspQuery } from '@agent-lsp/tool-lsp'
import { Bench } from 'tinybench'
import { round } from './stats.mjs'
import { seamRequest, toolInput } from './targets.mjs'

/**
 * @param {{ root: string, queries: import('./targets.mjs').Query[] }} pair - the TypeScript pair, for its workspace and queries
 * @param {Map<string, unknown>} recorded - operation → the seam's real answer on that pair
 * @param {{ time: number }} options - tinybench time budget per task, ms
 */
export async function measureInProcess({ root, queries }, recorded, { time }) {
  const lsp = createLspService()
  lsp.registerProvider({
    id: 'stub',
    extensionToLanguage: { '.ts': 'typescript' },
    query: async (request) => recorded.get(request.operation),
  })
  const tool = createLspTool({ lsp }, { workspaceRoot: root })
  const bench = new Bench({ time, warmupTime: Math.min(100, time), timestampProvider: 'hrtimeNow', throws: true })
  for (const query of queries) {
    bench.add(`${query.operation}: ctx.lsp.query (service only)`, () => lsp.query(seamRequest(query, root)))
    bench.add(`${query.operation}: runLspQuery (tool, unrendered)`, () => runLspQuery({ lsp }, toolInput(query), { workspaceRoot: root }))
    bench.add(`${query.operation}: tool.execute (tool, rendered)`, () => tool.execute(toolInput(query)))
  }
  await bench.run()
  const tasks = {}
  for (const task of bench.tasks) {
    const latency = task.result.latency
    tasks[task.name] = { medianUs: round(latency.p50 * 1000, 1), p99Us: round(latency.p99 * 1000, 1), samples: latency.samplesCount }
  }
  return { harness: 'tinybench', timePerTaskMs: time, tasks }
}
