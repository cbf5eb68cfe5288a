import type { LspLocationsResult, LspQueryResult } from '@agent-lsp/lsp'
import { relativeInside } from '@agent-lsp/wording'
import { createLineReader, type LineReader } from '../input/file-lines.js'
import { provenanceLine } from './render-provenance.js'

/**
 * `readLines`, and for a file under another repository's root (see `LspRepository`) a reader of
 * that root's own files: as the workspace's, nothing outside that root's real path is read.
 */
export function withRepositoryFiles(readLines: LineReader, result: LspLocationsResult): LineReader {
  const repositories = (result.repositories ?? []).map((repository) => ({ root: repository.root, read: createLineReader(repository.root, `${repository.name}'s root`) }))
  if (repositories.length === 0) return readLines
  const readerOf = (absolutePath: string): LineReader => {
    if (relativeInside(result.resolvedWorkspaceRoot, absolutePath) !== undefined) return readLines
    return repositories.find((repository) => relativeInside(repository.root, absolutePath) !== undefined)?.read ?? readLines
  }
  const read = (absolutePath: string): Promise<readonly string[] | undefined> => readerOf(absolutePath)(absolutePath)
  return Object.assign(read, { whyUnread: async (absolutePath: string) => (await readerOf(absolutePath).whyUnread?.(absolutePath)) ?? 'cannot be read' })
}

/**
 * A line per other repository searched for the answer: `<name>: From index <file>, built <when>
 * at <revision>` (see `provenanceLine`; paths relative to that repository's root).
 */
export function repositoryLines(result: LspQueryResult): string[] {
  if (result.kind !== 'locations') return []
  return (result.repositories ?? []).map((repository) => `${repository.name}: ${provenanceLine(repository.provenance, repository.root)}`)
}
