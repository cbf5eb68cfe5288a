import { extname } from 'node:path'
import { lexicalFamily } from '@agent-lsp/lexical'

const withDollar = /[\p{L}\p{M}\p{N}_$]/u
const withoutDollar = /[\p{L}\p{M}\p{N}_]/u

/**
 * A code point that continues an identifier in the file at `path`: `$` too in JavaScript and the
 * C-like languages (`$name` is another name there), not in shell scripts and the rest, where `$`
 * expands the name after it (`"$count"` names `count`).
 */
export function identifierPart(path: string): RegExp {
  const family = lexicalFamily(extname(path).toLowerCase())
  return family === 'javascript' || family === 'c' ? withDollar : withoutDollar
}
