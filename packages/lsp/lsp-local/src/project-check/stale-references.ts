import { resolve } from 'node:path'
import { namedList } from '@agent-lsp/wording'

/** tsc's verdict on one project in `tsc -b --verbose`: `Project 'a/tsconfig.json' is out of date because output 'a/x.tsbuildinfo' is older than input 'a/src/x.ts'`. */
const OUT_OF_DATE = /Project '([^']+)' is out of date because (.+?)\s*$/gm

/**
 * What a partial answer says of the referenced projects whose build is out of date, read from
 * `tsc -b --dry --verbose` (which writes nothing; its `stdout` here): `tsc -p` checks a project
 * against its references' built declarations, so after an edit to one not rebuilt the projects
 * referencing it are checked against the old code (the eighth trial: "No diagnostics" while a
 * required constructor argument broke their calls): tsc says an output `is older than` an input.
 * A project never built is left out: its importers are named apart (see `withoutUnbuiltReferences`).
 * `undefined` when none is out of date.
 * @param referenced - the config files some checked project references (absolute).
 * @param shown - a path as the answer names it.
 */
export function staleReferencesSentence(stdout: string, referenced: ReadonlySet<string>, root: string, shown: (path: string) => string): string | undefined {
  const stale = [...stdout.matchAll(OUT_OF_DATE)]
    .map(([, project, reason]) => ({ project: resolve(root, project!), reason: reason! }))
    // Built, then edited: not a project never built (`output file … does not exist`), nor one rebuilt only to report its errors again.
    .filter(({ project, reason }) => referenced.has(project) && /is older than/.test(reason))
  if (stale.length === 0) return undefined
  const one = stale.length === 1
  const named = namedList(stale.slice(0, 3).map(({ project }) => shown(project)), { total: stale.length })
  return `${stale.length} referenced ${one ? 'project is' : 'projects are'} out of date (${named}; tsc -b: ${stale[0]!.reason}): the projects referencing ${one ? 'it' : 'them'} were checked against ${one ? 'its' : 'their'} old declarations, so their errors may be wrong or missing; build ${one ? 'it' : 'them'} (tsc -b) for a current check`
}
