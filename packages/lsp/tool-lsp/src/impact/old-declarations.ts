import { splitLines } from '@agent-lsp/text-lines'

/** A declaration found in the text of removed lines: a name and its 1-based line. */
export interface OldDeclaration {
  readonly name: string
  readonly line: number
}

// `function f`, `export async function f`, `class C`, `interface I`, `type T`, `enum E`, `const x`,
// `def f`, `async def f`, `func F`, `fn f`, `struct S`: what a removed declaration starts with.
const DECLARATION = /^\s*(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:pub\s+)?(?:function\*?|class|interface|type|enum|const|let|var|def|func|fn|struct)\s+([A-Za-z_$][\w$]*)/

/**
 * The declarations that lines `from`..`to` (1-based, inclusive) of `text` start, found by their
 * leading keyword (a text scan: the old text is not on disk, so no server can outline it; methods
 * and other members are not found).
 */
export function oldDeclarations(text: string, from: number, to: number): OldDeclaration[] {
  const lines = splitLines(text)
  const found: OldDeclaration[] = []
  for (let line = from; line <= to && line <= lines.length; line++) {
    const match = DECLARATION.exec(lines[line - 1]!)
    if (match) found.push({ name: match[1]!, line })
  }
  return found
}
