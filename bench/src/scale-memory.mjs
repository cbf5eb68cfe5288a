// Part 4a, run in a child process of its own (`node --expose-gc scale-memory.mjs ROOT COUNT`) so
// that its memory is the host's alone: a harness wired as the README shows (createLspService,
// createLocalLspProvider per default server, createLspTool) asks one question on each of COUNT
// distinct files, with the default open-document cap in force. Language servers are other
// processes and are not counted. Prints one JSON line.
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector'
import { createLspService } from '@agent-lsp/lsp'
import { createLocalLspProvider, defaultLocalProviderLimits } from '@agent-lsp/lsp-local'
import { createLspTool } from '@agent-lsp/tool-lsp'
import { defaultServers } from 'agent-lsp'
import { mb, memorySnapshot } from './memory-snapshot.mjs'

const [root, countText] = process.argv.slice(2)
const count = Number(countText)
if (!root || !Number.isInteger(count) || typeof globalThis.gc !== 'function') {
  console.error('usage: node --expose-gc scale-memory.mjs ROOT COUNT')
  process.exit(2)
}

const snapshot = memorySnapshot

// BENCH_HEAP_PROFILE=FILE: a sampling heap profile of what is live at the end (before dispose).
const heapProfile = process.env.BENCH_HEAP_PROFILE
const inspector = heapProfile ? new Session() : undefined
const post = (method, params) => new Promise((resolve, reject) => inspector.post(method, params, (error, result) => (error ? reject(error) : resolve(result))))
if (inspector) {
  inspector.connect()
  await post('HeapProfiler.startSampling', { samplingInterval: 4096 })
}

const baseline = snapshot() // Node and the imported packages, before any host exists
const lsp = createLspService()
const providers = defaultServers().map((config) => createLocalLspProvider(config))
for (const provider of providers) lsp.registerProvider(provider)
const tool = createLspTool({ lsp }, { workspaceRoot: root })

const started = performance.now()
let firstMs = 0
const progress = []
let answered = 0
for (let i = 0; i < count; i++) {
  // f0 defines f0; every other file calls the previous one on line 4: go to that definition.
  const input = i === 0 ? { operation: 'hover', filePath: 'src/f0.ts', line: 1, character: 17 } : { operation: 'goToDefinition', filePath: `src/f${i}.ts`, line: 4, character: 10 }
  const t = performance.now()
  const answer = await tool.execute(input)
  if (i === 0) firstMs = performance.now() - t
  // The one definition of f<i-1>: `f<i-1> → src/f<i-1>.ts:1:17  export function …`.
  if (answer.startsWith(`f${i - 1} → src/f${i - 1}.ts:`) || (i === 0 && answer.includes('f0'))) answered++
  if ((i + 1) % Math.max(1, Math.floor(count / 4)) === 0) progress.push({ files: i + 1, rssMb: mb(process.memoryUsage().rss) })
}
const elapsedMs = performance.now() - started
const after = snapshot()
if (inspector) {
  const { profile } = await post('HeapProfiler.stopSampling')
  writeFileSync(heapProfile, JSON.stringify(profile))
}
const peakRssMb = mb(process.resourceUsage().maxRSS * 1024)
await Promise.all(providers.map((provider) => provider.dispose()))
lsp.dispose()
console.log(
  JSON.stringify({
    files: count,
    answered,
    maxOpenDocuments: defaultLocalProviderLimits.maxOpenDocuments,
    baseline,
    after,
    peakRssMb,
    progress,
    firstQueryMs: Math.round(firstMs),
    queriesPerSecondAfterFirst: Math.round(((count - 1) / (elapsedMs - firstMs)) * 1000 * 10) / 10,
  }),
)
