import type { HierarchyMethod } from '../hierarchy/method-family.js'
import type { LineReader } from '../input/file-lines.js'
import { toLocationTarget, targetLabel, type DisplayRoot } from './location-targets.js'

/**
 * What a `findReferences` answer says of the class hierarchy joined into it (see
 * `referencesThroughOverrides`): `Joined: the references of Sub.run (base.py:7:9), of run's class
 * hierarchy; …`, and why the hierarchy found may be more. Nothing when nothing was found.
 */
export async function overrideReferenceLines(overrides: { readonly joined: readonly HierarchyMethod[]; readonly notes: readonly string[] }, name: string, roots: readonly DisplayRoot[], readLines: LineReader): Promise<string[]> {
  const lines: string[] = []
  const { joined, notes } = overrides
  if (joined.length > 0) {
    const named = await Promise.all(joined.map(async (method) => `${method.name} (${await targetLabel(toLocationTarget({ uri: method.uri, range: { start: method.position, end: method.position } }, roots), readLines)})`))
    const which = joined.length === 1 ? `the references of ${named[0]}` : `the references of ${joined.length} methods, ${named.slice(0, -1).join(', ')} and ${named.at(-1)}`
    lines.push(`Joined: ${which}, of ${name}'s class hierarchy (overriding it or overridden by it); the server listed those of the method asked only.`)
  }
  if (notes.length > 0) lines.push(`The class hierarchy of ${name} may be incomplete: ${notes.join('; ')}.`)
  return lines
}
