import type { HierarchyMethod } from '../hierarchy/method-family.js'
import type { LineReader } from '../input/file-lines.js'
import { toLocationTarget, targetLabel, type DisplayRoot } from './location-targets.js'

/**
 * What a `findReferences` answer (`kind` 'locations') says of the class hierarchy joined into it
 * (see `referencesThroughOverrides`): `Joined: the references of Sub.run (base.py:7:9), of run's
 * class hierarchy; …`; an `incomingCalls` one ('calls', see `callsThroughOverridden`): `Joined:
 * the calls of Base.run (base.py:2:9), which run overrides …`; and why the hierarchy found may be
 * more. Nothing when nothing was found.
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
    const named = await Promise.all(joined.map(async (method) => `${method.name} (${await targetLabel(toLocationTarget({ uri: method.uri, range: { start: method.position, end: method.position } }, roots), readLines)})`))
    const what = kind === 'calls' ? 'the calls' : 'the references'
    const which = joined.length === 1 ? `${what} of ${named[0]}` : `${what} of ${joined.length} methods, ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`
    lines.push(
      kind === 'calls'
        ? `Joined: ${which}, which ${name} overrides (a call of ${joined.length === 1 ? 'it' : 'one'} may run this one); the server listed those of the method asked only.`
        : `Joined: ${which}, of ${name}'s class hierarchy (overriding it or overridden by it); the server listed those of the method asked only.`,
    )
  }
  if (notes.length > 0) lines.push(`The class hierarchy of ${name} may be incomplete: ${notes.join('; ')}.`)
  return lines
}
