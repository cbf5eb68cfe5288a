import path from 'node:path'
import type { LspLocation } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import type { ChangedParts } from './changed-symbols.js'
import { git } from './git.js'
import type { DeletedName } from './impact-model.js'

/** Places listed per removed name; the rest are counted. */
export const MAX_PLACES_PER_NAME = 20

/**
 * For each removed declaration, where the working tree's tracked files still name it: `git grep
 * -w -F` (whole word, fixed string, no shell), since no server can be asked about a declaration
 * that is gone. Columns come back as bytes and are turned into UTF-16 on the line git printed.
 */
export async function removedNames(parts: ChangedParts, root: string, signal: AbortSignal): Promise<DeletedName[]> {
  const names: DeletedName[] = []
  for (const removed of parts.removed) {
    const output = await git(root, ['grep', '-n', '--column', '-w', '-F', '-I', '--no-color', '-e', removed.name, '--', '.'], signal, { noMatchIsEmpty: true })
    const places: LspLocation[] = []
    for (const row of output.split('\n')) {
      const match = /^(.+?):(\d+):(\d+):(.*)$/.exec(row)
      if (!match) continue
      const [, file, line, column, text] = match as unknown as [string, string, string, string, string]
      const character = Buffer.from(text, 'utf8').subarray(0, Number(column) - 1).toString('utf8').length
      const start = { line: Number(line) - 1, character }
      places.push({ uri: URI.file(path.join(root, file)).toString(), range: { start, end: { line: start.line, character: character + removed.name.length } } })
    }
    names.push({ name: removed.name, file: removed.file, line: removed.line, fileDeleted: removed.fileDeleted, places: places.slice(0, MAX_PLACES_PER_NAME), more: Math.max(0, places.length - MAX_PLACES_PER_NAME) })
  }
  return names
}
