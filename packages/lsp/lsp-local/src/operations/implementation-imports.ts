import { readFile } from 'node:fs/promises'
import { extname } from 'node:path'
import { inImportStatement, lexicalFamily } from '@agent-lsp/lexical'
import type { LspLocation } from '@agent-lsp/lsp'
import { lineStarts } from '@agent-lsp/text-lines'
import { uriToPath } from '../normalize/uri.js'

/**
 * `locations` (a `goToImplementation` answer) without the places in an import or re-export
 * statement (see `inImportStatement`): tsserver lists `import { Square as Sq }` and `export {
 * Square as Sq3 } from` among the implementations of an interface `Square` implements (the
 * eighteenth trial), though such a place implements nothing. A file that cannot be read, or of a
 * language no lexer reads, keeps its places.
 */
export async function withoutImports(locations: readonly LspLocation[]): Promise<LspLocation[]> {
  const texts = new Map<string, Promise<{ readonly text: string; readonly starts: Uint32Array } | undefined>>()
  const textOf = (uri: string): Promise<{ readonly text: string; readonly starts: Uint32Array } | undefined> => {
    let known = texts.get(uri)
    if (known === undefined) {
      const path = uriToPath(uri)
      known = path === null ? Promise.resolve(undefined) : readFile(path, 'utf8').then((text) => ({ text, starts: lineStarts(text) }), () => undefined)
      texts.set(uri, known)
    }
    return known
  }
  const kept = await Promise.all(
    locations.map(async (location) => {
      const family = lexicalFamily(extname(uriToPath(location.uri) ?? '').toLowerCase())
      const file = family === undefined ? undefined : await textOf(location.uri)
      const lineStart = file?.starts[location.range.start.line]
      return family === undefined || file === undefined || lineStart === undefined || !inImportStatement(file.text, lineStart + location.range.start.character, family)
    }),
  )
  return locations.filter((_, index) => kept[index])
}
