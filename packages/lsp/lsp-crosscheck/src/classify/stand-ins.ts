import type { LspLocation } from '@agent-lsp/lsp'
import { overlaps, type Verdict } from './classify.js'

/**
 * `verdicts` (one per place of `asked`) when the server knows nothing at the cursor (no reference,
 * no definition: clangd on a C header it cannot parse alone). A place found `here` (it leads to the
 * cursor) that other places lead to stands for the cursor's symbol: the body of a function whose
 * prototype is at the cursor, where its calls lead. Those places are `here` too, and so on until
 * nothing changes. Only then: with an answer at the cursor, the symbol is what the server says
 * (a place leading to the cursor may declare another symbol too, as `const { code } = p` does).
 */
export function throughStandIns(asked: readonly LspLocation[], verdicts: readonly Verdict[]): Verdict[] {
  const result = [...verdicts]
  let grown = true
  while (grown) {
    grown = false
    const standIns = asked.filter((_, index) => result[index]!.kind === 'here')
    result.forEach((verdict, index) => {
      if (verdict.kind !== 'elsewhere' || !verdict.targets.some((target) => standIns.some((place) => overlaps(place, target)))) return
      result[index] = { kind: 'here' }
      grown = true
    })
  }
  return result
}
