import type { LspLocation } from '@agent-lsp/lsp'
import { inRanges, lexicalRanges } from '@agent-lsp/lexical'
import type { Texts } from '../search/texts.js'
import { familyOf, isCallAt } from './call-site.js'

/** An import of the name under another: `from m import work as w`, `import { work as w }`. */
const importedAs = /^\s+as\s+([\p{L}_$][\p{L}\p{N}_$]*)/u
const importLine = /^\s*(?:import\b|from\s+\S+\s+import\b)/

/**
 * The calls, in the file of `place`, of the name it imports the function under (`place` is the
 * function's name on an import line followed by `as w`): every `w(` in that file's code. A
 * caller through the alias calls no name the search looks for (the twelfth trial: PyJWT's
 * `fb(x)` after `from jwt.utils import force_bytes as fb`, missing from incomingCalls while
 * findReferences listed it). None when `place` is no such import.
 */
export function callsThroughAlias(texts: Texts, place: LspLocation): LspLocation[] {
  const { start, end } = place.range
  const lines = texts.lines(place.uri)
  const line = lines?.[start.line]
  if (lines === undefined || line === undefined || !importLine.test(lines.slice(Math.max(0, start.line - 5), start.line + 1).join(' '))) return []
  const alias = importedAs.exec(line.slice(end.character))?.[1]
  const family = familyOf(place.uri)
  const text = texts.get(place.uri)
  if (alias === undefined || family === undefined || text === undefined) return []
  const { nonCode } = lexicalRanges(text.text, family)
  const calls: LspLocation[] = []
  const word = new RegExp(`(?<![\\p{L}\\p{N}_$.])${alias.replace(/\$/g, '\\$')}(?![\\p{L}\\p{N}_$])`, 'gu')
  lines.forEach((lineText, index) => {
    for (const match of lineText.matchAll(word)) {
      const character = match.index
      if (inRanges(nonCode, (text.lineStarts[index] ?? 0) + character) || !isCallAt(lineText, character, character + alias.length, family)) continue
      calls.push({ uri: place.uri, range: { start: { line: index, character }, end: { line: index, character: character + alias.length } } })
    }
  })
  return calls
}
