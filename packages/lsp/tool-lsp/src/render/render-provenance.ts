import { relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LspProvenance } from '@agent-lsp/lsp'

/** `path` relative to `root` with `/` separators, or as it is when outside. */
function shown(path: string, root: string): string {
  const inside = relative(root, path)
  return inside === '' || inside.startsWith('..') ? path : inside.split(sep).join('/')
}

/**
 * The line an index answer starts with: `From index <file>, built <when> at <revision>` (`Partly
 * from index …` on a merged answer some of whose servers answered live), then the
 * files among its rows that changed since the build (`; changed since: a.ts, b.ts`), so the model
 * knows which rows may have moved. Paths relative to `root` (the resolved workspace root).
 */
export function provenanceLine(provenance: LspProvenance, root: string): string {
  const head = `${provenance.partly ? 'Partly from index' : 'From index'} ${shown(provenance.index, root)}, built ${provenance.builtAt} at ${provenance.revision}${provenance.partly ? ' (the other servers asked answered live)' : ''}`
  if (provenance.staleUris.length === 0) return head
  const stale = provenance.staleUris.map((uri) => (uri.startsWith('file:') ? shown(fileURLToPath(uri), root) : uri))
  return `${head}; changed since (rows there may have moved): ${stale.join(', ')}`
}
