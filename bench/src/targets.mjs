// The servers and workspaces the parts share, and the queries asked on them.
import path from 'node:path'
import { createLspHost, defaultServers } from 'agent-lsp'
import { withCrossCheck } from '@agent-lsp/lsp-crosscheck'
import { createLspTool } from '@agent-lsp/tool-lsp'
import { RawClient } from './raw-client.mjs'
import { copyQueryCore, pythonWorkspace } from './workspaces.mjs'

/** The `agent-lsp` default config of a server, by id (`typescript`, `python`). */
export function serverConfig(id) {
  const config = defaultServers().find((server) => server.id === id)
  if (!config) throw new Error(`no default server ${id}`)
  return config
}

/**
 * @typedef {{ operation: 'goToDefinition' | 'findReferences' | 'hover', file: string, line: number, character: number, languageId: string }} Query
 * `file` relative to the root; `line`/`character` zero-based UTF-16 (ASCII files: also code points − 1).
 */

/** Warm queries per server: a widely used method's references, a cross-file definition, a hover. */
export const warmQueries = {
  /** @tanstack/query-core: notifyManager.batch (20 references in 9 files), QueryCache.notify. */
  typescript: [
    { operation: 'findReferences', file: 'src/queryClient.ts', line: 211, character: 25, languageId: 'typescript' },
    { operation: 'goToDefinition', file: 'src/queryClient.ts', line: 211, character: 25, languageId: 'typescript' },
    { operation: 'hover', file: 'src/queryObserver.ts', line: 748, character: 35, languageId: 'typescript' },
  ],
  /** The generated Python package: `area` (13 references in 5 files). */
  python: [
    { operation: 'findReferences', file: 'app/shapes.py', line: 9, character: 4, languageId: 'python' },
    { operation: 'goToDefinition', file: 'app/tiles.py', line: 4, character: 15, languageId: 'python' },
    { operation: 'hover', file: 'app/tiles.py', line: 4, character: 15, languageId: 'python' },
  ],
}

/**
 * A workspace with our host and tool on it (its server starts on the first query) and a raw
 * client on the same server config, started, with the queried files open.
 * @param {'typescript' | 'python'} id
 */
export async function startPair(id) {
  const root = id === 'typescript' ? await copyQueryCore() : await pythonWorkspace()
  const config = serverConfig(id)
  // The seam and the tool as the warm parts measure them: lsp-local's overhead, no cross-check.
  const host = createLspHost(undefined, { crossCheck: false })
  const tool = createLspTool(host.ctx, { workspaceRoot: root })
  // As the command answers: references cross-checked over the same provider (part 5, and grep's bytes).
  const checked = { lsp: withCrossCheck(host.ctx.lsp) }
  const checkedTool = createLspTool(checked, { workspaceRoot: root })
  if (!tool || !checkedTool) throw new Error('no tool')
  const raw = await RawClient.start(config, root)
  // A second raw client: the A/A control, whose ratio to the first is the comparison's noise floor.
  const control = await RawClient.start(config, root)
  const queries = warmQueries[id]
  for (const client of [raw, control]) {
    for (const file of new Set(queries.map((query) => query.file))) await client.open(path.join(root, file), queries[0].languageId)
    await client.ready
  }
  return { id, root, config, host, tool, checked, checkedTool, raw, control, queries }
}

/** @param {{ host: { dispose(): Promise<void> }, raw: RawClient, control: RawClient }} pair */
export async function stopPair(pair) {
  await Promise.all([pair.host.dispose(), pair.raw.dispose(), pair.control.dispose()])
}

/** The seam request of a query. @param {Query} query @param {string} root */
export function seamRequest(query, root) {
  return { operation: query.operation, filePath: path.join(root, query.file), position: { line: query.line, character: query.character }, workspaceRoot: root }
}

/** The tool input of a query (1-based line, code-point column). @param {Query} query */
export function toolInput(query) {
  return { operation: query.operation, filePath: query.file, line: query.line + 1, character: query.character + 1 }
}
