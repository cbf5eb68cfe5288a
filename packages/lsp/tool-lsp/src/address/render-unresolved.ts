import { fieldWord } from '../input/field-word.js'
import { pathForMessage } from '../input/message-path.js'
import { oneLine } from '../text/one-line.js'
import type { SymbolChoice, SymbolResolution } from './symbol-address.js'

/**
 * The text of an unresolved name: the numbered candidates (`3 symbols match "addItem"; pick one
 * with filePath and line:`, then `1. Method Cart.addItem  src/cart.ts:12:3`, …), or `No symbol
 * "x" found.` with the closest names. A partial search says so first.
 */
export function renderUnresolved(resolution: Exclude<SymbolResolution, { kind: 'resolved' }>, flags?: 'tool' | 'command'): string {
  const file = fieldWord('filePath', flags)
  const warning =
    resolution.completeness.state === 'partial'
      ? [`Partial search (${resolution.completeness.reason}): ${oneLine(resolution.completeness.message)}`]
      : []
  const quoted = JSON.stringify(resolution.symbol)
  const row = (choice: SymbolChoice): string => `${choice.title}  ${choice.place}`
  if (resolution.kind === 'ambiguous') {
    const { total, candidates, scope } = resolution
    const more = total - candidates.length
    return [
      ...warning,
      `${total} symbols match ${quoted}${scope === undefined ? `; pick one with ${file} and ${fieldWord('line', flags)}:` : ` in ${scope}; pick one with ${fieldWord('line', flags)}:`}`,
      ...candidates.map((choice, index) => `${index + 1}. ${row(choice)}`),
      ...(more > 0 ? [`… and ${more} more: give ${file} to narrow the search.`] : []),
    ].join('\n')
  }
  const where = resolution.scope === undefined ? '' : ` in ${pathForMessage(resolution.scope)} (leave out ${file} to search the whole workspace)`
  const suggestions = resolution.suggestions.length > 0 ? ['Closest names:', ...resolution.suggestions.map(row)] : []
  return [...warning, `No symbol ${quoted} found${where}.`, ...suggestions].join('\n')
}
