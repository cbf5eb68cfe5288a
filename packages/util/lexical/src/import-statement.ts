import { inRanges, lexicalRanges, type LexicalFamily } from './lexical.js'
import { lineEndAt, lineStartAt } from './line-bounds.js'

/** How far back the start of the statement holding a name is looked for (UTF-16 units): a long import list. */
const MAX_STATEMENT_BACK = 8_000

/** How far past the name's line the statement is read (UTF-16 units): a destructuring `require` over a few lines. */
const MAX_STATEMENT_AFTER = 400

/**
 * An import or re-export statement, from its first line: JavaScript and TypeScript `import …`
 * (named, default, namespace, `import X = require(…)` / `= ns.X`), `export {…}`, `export type {…}`,
 * `export * from`; `const { X } = require(…)`; Python `from m import …` and `import m as n`; Go
 * `import`; C and C++ `#include`, and C++ `using` (a using-declaration or alias names what it brings
 * in, it declares nothing).
 */
const importStatement: Readonly<Record<LexicalFamily, RegExp>> = {
  javascript: /^\s*(?:import\b(?!\s*[(.])|export\s*(?:type\s*)?\{|export\s*\*|(?:const|let|var)\s+(?:\{[^}]*\}|[\p{L}\p{N}_$]+)\s*=\s*require\s*\()/u,
  python: /^\s*(?:from\s+\S+\s+import\b|import\b)/,
  go: /^\s*import\b/,
  c: /^\s*(?:#\s*include\b|using\b)/,
  shell: /^\s*(?:source|\.)\s/,
}

/**
 * Whether the name at `offset` of `text` (a source of `family`) sits in an import or re-export
 * statement (see {@link importStatement}): `Square as Sq` in `import { Square as Sq } from
 * "./shape"`, also on a line of its own in a multi-line list (`import {\n  Square as Sq,\n} from`,
 * Python's `from m import (\n    A as B,\n)`). Such a place names a symbol, perhaps under another name;
 * it never declares, implements or calls one. The statement may start on the name's own line or on
 * the line of any bracket left open before it (comments and strings skipped; back to a `;` outside
 * brackets, at most {@link MAX_STATEMENT_BACK} units): `using Base::area;` in a class's body, the
 * name in a multi-line import list. A name in a function's body is no import unless its line is one.
 */
export function inImportStatement(text: string, offset: number, family: LexicalFamily): boolean {
  const { nonCode } = lexicalRanges(text, family)
  const starts = [lineStartAt(text, offset)]
  let depth = 0
  const floor = Math.max(0, offset - MAX_STATEMENT_BACK)
  for (let at = offset - 1; at >= floor; at--) {
    if (inRanges(nonCode, at)) continue
    const unit = text[at]!
    if (unit === ')' || unit === ']' || unit === '}') depth++
    else if (unit === '(' || unit === '[' || unit === '{') {
      if (depth > 0) depth--
      else starts.push(lineStartAt(text, at))
    } else if (depth === 0 && unit === ';') break
  }
  // Read past the name too: `const { X } = require(…)` says what it is after it.
  const end = Math.min(text.length, lineEndAt(text, offset) + MAX_STATEMENT_AFTER)
  return starts.some((start) => importStatement[family].test(text.slice(start, end)))
}
