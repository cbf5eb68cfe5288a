import { namedList } from '@agent-lsp/wording'
import { byImplementation, type HierarchyMethod, type HierarchyRelation } from '../hierarchy/method-family.js'
import type { LineReader } from '../input/file-lines.js'
import { toLocationTarget, targetLabel, type DisplayRoot } from './location-targets.js'

/** How each group of joined methods stands to the one asked about, singular and plural (the name asked is `$`). */
const RELATIONS: readonly (readonly [HierarchyRelation, string, string])[] = [
  ['base', 'which $ overrides', 'which $ overrides'],
  ['override', 'which overrides $', 'which override $'],
  ['sibling', 'which overrides the same base method as $', 'which override the same base method as $'],
  ['alias', 'which imports $ under another name', 'which import $ under other names'],
  ['implementation', 'which implements $', 'which implement $'],
  ['implemented', 'which $ implements', 'which $ implements'],
  ['co-implementation', 'which implements the same interface method as $', 'which implement the same interface method as $'],
  ['co-interface', 'which the implementations of $ implement too', 'which the implementations of $ implement too'],
]

/**
 * What a `findReferences` answer (`kind` 'locations') says of the class hierarchy joined into it
 * (see `referencesThroughOverrides`): `Joined: the references of Base.run (base.py:2:9), which run
 * overrides, and of Other.run (other.py:5:9), which overrides the same base method as run; …`;
 * an `incomingCalls` one ('calls', see `callsThroughOverridden`): `Joined: the calls of Base.run
 * (base.py:2:9), which run overrides (a call of it on an instance may run this one); …`; and why
 * the hierarchy found may be more. Nothing when nothing was found.
 */
export async function overrideReferenceLines(
  overrides: { readonly joined: readonly HierarchyMethod[]; readonly notes: readonly string[] },
  name: string,
  kind: 'locations' | 'calls',
  roots: readonly DisplayRoot[],
  readLines: LineReader,
): Promise<string[]> {
  const lines: string[] = []
  const { joined, notes } = overrides
  if (joined.length > 0) {
    // Related only where a class combines both (`class JsonView(JsonMixin, Base)`): which one.
    const through = (method: HierarchyMethod): string => (method.through === undefined ? '' : `, as ${method.through} combines them`)
    const label = async (method: HierarchyMethod): Promise<string> => `${method.name} (${await targetLabel(toLocationTarget({ uri: method.uri, range: { start: method.position, end: method.position } }, roots), readLines)}${through(method)})`
    const groups: string[] = []
    for (const [relation, one, many] of RELATIONS) {
      const named = await Promise.all(joined.filter((method) => method.relation === relation).map(label))
      if (named.length === 0) continue
      const list = namedList(named, { shown: MAX_JOINED_NAMED })
      groups.push(`${list}, ${(named.length === 1 ? one : many).replace('$', name)}`)
    }
    // An incomingCalls answer joins only the bases' calls on an instance, which may run the method asked.
    const mayRun = kind === 'calls' ? ` (a call of ${joined.length === 1 ? 'it' : 'one'} on an instance may run this one)` : ''
    const asked = joined.every((method) => method.relation === 'alias') ? name : 'the method asked'
    lines.push(`Joined: the ${kind === 'calls' ? 'calls' : 'references'} of ${groups.join(', and of ')}${mayRun}${aliasFiles(joined, roots)}; the server listed those of ${asked} only.`)
  }
  const whole = joined.length > 0 && joined.every((method) => byImplementation(method.relation)) ? `The methods related to ${name} by implementation` : `The class hierarchy of ${name}`
  if (notes.length > 0) lines.push(`${whole} may be incomplete: ${notes.join('; ')}.`)
  return lines
}

/** Methods (or aliases) named per relation of a Joined line; the rest are counted (64 aliases made a 4 KB line). */
const MAX_JOINED_NAMED = 5

/** Files named of the places the aliases joined added, when they are more than the aliases' own files. */
const MAX_FILES_NAMED = 3

/**
 * ` (the places they add are in 55 files: a.py, b.py, c.py and 52 more)` when the aliases joined
 * added places in files besides their own (pyright lists the `_` of every file importing
 * `gettext_lazy as _` at one of them), else nothing: the aliases named are then all there is.
 */
function aliasFiles(joined: readonly HierarchyMethod[], roots: readonly DisplayRoot[]): string {
  const aliases = joined.filter((method) => method.relation === 'alias')
  const files = [...new Set(aliases.flatMap((method) => method.addedIn ?? []))]
  const own = new Set(aliases.map((method) => method.uri))
  if (files.every((file) => own.has(file))) return ''
  const origin = { line: 0, character: 0 }
  const labels = files.map((uri) => toLocationTarget({ uri, range: { start: origin, end: origin } }, roots)).map((target) => (target.kind === 'external' ? `external ${target.file}` : target.file)).sort()
  const named = labels.length > MAX_FILES_NAMED + 1 ? [...labels.slice(0, MAX_FILES_NAMED), `${labels.length - MAX_FILES_NAMED} more`] : labels
  return ` (the places they add are in ${labels.length} files: ${named.slice(0, -1).join(', ')} and ${named.at(-1)})`
}
