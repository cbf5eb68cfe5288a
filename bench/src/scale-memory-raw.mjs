// Part 4a's baseline, in a child process of its own (`node --expose-gc scale-memory-raw.mjs ROOT
// COUNT SETUP.json`): the raw client does the same work as scale-memory.mjs — didOpen and one
// query on each of COUNT files, closing the least recently opened beyond the same cap — so that
// our host's memory can be told from what Node and vscode-jsonrpc cost anyway. SETUP.json holds
// `{ config, capabilities, maxOpenDocuments }`. Prints one JSON line.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { mb, memorySnapshot } from './memory-snapshot.mjs'
import { RawClient, fileUri, useClientCapabilities } from './raw-client.mjs'

const [root, countText, setupFile] = process.argv.slice(2)
const count = Number(countText)
const { config, capabilities, maxOpenDocuments } = JSON.parse(readFileSync(setupFile, 'utf8'))
useClientCapabilities(capabilities)

const baseline = memorySnapshot()
const client = await RawClient.start(config, root)
const open = []
let answered = 0
for (let i = 0; i < count; i++) {
  const file = path.join(root, 'src', `f${i}.ts`)
  await client.open(file, 'typescript')
  open.push(file)
  const answer = i === 0 ? await client.query('hover', fileUri(file), { line: 0, character: 16 }) : await client.query('goToDefinition', fileUri(file), { line: 3, character: 9 })
  if (answer) answered++
  if (open.length > maxOpenDocuments) await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: fileUri(open.shift()) } })
}
const after = memorySnapshot()
const peakRssMb = mb(process.resourceUsage().maxRSS * 1024)
await client.dispose()
console.log(JSON.stringify({ files: count, answered, maxOpenDocuments, baseline, after, peakRssMb }))
