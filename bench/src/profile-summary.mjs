// Read a V8 CPU profile (`node --cpu-prof`) or sampling heap profile (`--heap-prof`,
// BENCH_HEAP_PROFILE of scale-memory.mjs) and print where the time (or live memory) went: the top
// frames by self weight, and the top frames by inclusive weight among those whose URL matches a
// filter (our packages).
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/src/main.mjs --only warm --out /tmp/w.json
//   node bench/src/profile-summary.mjs /tmp/prof/CPU.*.cpuprofile [--filter packages/lsp] [--top 25] [--callers FUNCTION]
import { readFileSync } from 'node:fs'

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const index = args.indexOf(name)
  if (index === -1) return fallback
  const [value] = args.splice(index, 2).slice(1)
  return value
}
const filter = option('--filter', '/packages/')
const top = Number(option('--top', '25'))
const callersOf = option('--callers', undefined)
const [file] = args
if (!file) {
  console.error('usage: node profile-summary.mjs PROFILE.cpuprofile [--filter SUBSTRING] [--top N]')
  process.exit(2)
}

const profile = JSON.parse(readFileSync(file, 'utf8'))
// A sampling heap profile (`--heap-prof`, HeapProfiler.stopSampling) is a tree with `selfSize`
// bytes per node; a CPU profile a node list with samples. Both become self "weight" per node:
// microseconds for CPU, bytes for heap (printed as ms / KB respectively).
const heap = profile.head !== undefined
const nodes = []
if (heap) {
  let next = 0
  const walk = (node) => {
    node.id ??= ++next
    nodes.push(node)
    node.children = (node.children ?? []).map((child) => walk(child).id)
    return node
  }
  walk(profile.head)
} else nodes.push(...profile.nodes)
const byId = new Map(nodes.map((node) => [node.id, node]))
const parent = new Map()
for (const node of nodes) for (const child of node.children ?? []) parent.set(child, node.id)

// Self weight per node: CPU time from the samples and their time deltas (µs), or live bytes.
const selfUs = new Map()
if (heap) for (const node of nodes) selfUs.set(node.id, node.selfSize ?? 0)
else profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)))
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0)

const label = ({ callFrame: { functionName, url, lineNumber } }) =>
  `${functionName || '(anonymous)'} ${url.replace(/^file:\/\//, '').replace(/^.*\/(packages|node_modules)\//, '$1/')}:${lineNumber + 1}`

// Self time by frame label.
const self = new Map()
for (const [id, us] of selfUs) {
  const key = label(byId.get(id))
  self.set(key, (self.get(key) ?? 0) + us)
}
// Inclusive time by frame label (each sample counted once per distinct label on its stack).
const inclusive = new Map()
for (const [id, us] of selfUs) {
  const seen = new Set()
  for (let node = id; node !== undefined; node = parent.get(node)) {
    const key = label(byId.get(node))
    if (seen.has(key)) continue
    seen.add(key)
    inclusive.set(key, (inclusive.get(key) ?? 0) + us)
  }
}

const ms = (us) => (us / (heap ? 1024 : 1000)).toFixed(1).padStart(8)
const pct = (us) => `${((us / totalUs) * 100).toFixed(1).padStart(5)}%`
console.log(heap ? `heap profile ${file}: ${(totalUs / 1024 / 1024).toFixed(1)} MB live (sampled)` : `profile ${file}: ${(totalUs / 1e6).toFixed(1)} s sampled`)
console.log(`\ntop ${top} frames by self ${heap ? 'size (KB' : 'time (ms'}, % of all samples)`)
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ${pct(us)}  ${key}`)
console.log(`\ntop ${top} frames matching "${filter}" by inclusive ${heap ? 'size' : 'time'}`)
for (const [key, us] of [...inclusive].filter(([key]) => key.includes(filter)).sort((a, b) => b[1] - a[1]).slice(0, top)) {
  console.log(`${ms(us)} ${pct(us)}  ${key}`)
}
if (callersOf) {
  // The stacks (5 frames up) under which a frame spent its self time.
  const stacks = new Map()
  for (const [id, us] of selfUs) {
    if (!label(byId.get(id)).startsWith(`${callersOf} `)) continue
    const chain = []
    for (let node = parent.get(id); node !== undefined && chain.length < 5; node = parent.get(node)) chain.push(label(byId.get(node)))
    const key = chain.join(' < ')
    stacks.set(key, (stacks.get(key) ?? 0) + us)
  }
  console.log(`\nwhere "${callersOf}" spent its self time`)
  for (const [key, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 10)) console.log(`${ms(us)} ${pct(us)}  < ${key}`)
}
