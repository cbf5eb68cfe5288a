import path from 'node:path'
import type { LspLocation } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import type { LineReader } from '../input/file-lines.js'

// A Python string that spells a module's path and a name in it (`mock.patch("auth._default._get_gae_credentials")`,
// an entry point's `"normtool.cli:cli_detect"` or setup.cfg's `normtool.cli:cli_detect`) is imported and the name
// looked up in it at run time: after a rename of that name in that module it fails (`AttributeError`).

/** A string naming the symbol by its module's path (see `pathStrings`): where, and the path as written. */
export interface PathString {
  readonly location: LspLocation
  /** The dotted path through the name as the string spells it (`auth._default._get_gae_credentials`, `normtool.cli:cli_detect`). */
  readonly spelled: string
}

/**
 * The strings of `strings` (places of `name`, zero-based UTF-16) whose dotted path before the name
 * (`a.b.name`, `a.b:name`) is the module of a Python file among `references` (where the name is
 * defined, imported or used): `auth/_default.py` is `auth._default`, `normtool/cli/__init__.py`
 * `normtool.cli`, also under a folder of the workspace (`src/auth/_default.py`). Only for Python.
 */
export async function pathStrings(strings: readonly LspLocation[], references: readonly LspLocation[], name: string, workspaceRoot: string, readLines: LineReader): Promise<PathString[]> {
  const modules = new Set(references.flatMap((reference) => moduleOf(URI.parse(reference.uri).fsPath, workspaceRoot) ?? []))
  if (modules.size === 0) return []
  const found: PathString[] = []
  for (const location of strings) {
    const line = (await readLines(URI.parse(location.uri).fsPath))?.[location.range.start.line]
    const start = location.range.start.character
    const end = start + name.length
    // The name ends the path: not a part of a longer one (`a.name.attr`).
    if (line === undefined || line.slice(start, end) !== name || /^\.?\w/.test(line.slice(end))) continue
    const before = /([A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*)[.:]$/.exec(line.slice(0, start))
    if (before === null) continue
    const module = before[1]!
    if ([...modules].some((known) => known === module || known.endsWith(`.${module}`))) found.push({ location, spelled: `${module}${line[start - 1]}${name}` })
  }
  return found
}

/** The dotted module path of the Python file `file` relative to `workspaceRoot`; `undefined` for another file. */
function moduleOf(file: string, workspaceRoot: string): string | undefined {
  if (path.extname(file) !== '.py') return undefined
  const relative = path.relative(workspaceRoot, file)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined
  const parts = relative.slice(0, -'.py'.length).split(path.sep)
  if (parts.at(-1) === '__init__') parts.pop()
  return parts.length === 0 ? undefined : parts.join('.')
}
