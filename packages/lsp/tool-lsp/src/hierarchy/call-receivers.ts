import type { LspLocation } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { rangeHolds } from '../text/positions.js'
import type { ClassHierarchy } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { askOrFail } from './unfollowed.js'

/** Receivers that are the instance itself (`self.run()`, `cls.run()`, `this.run()`): dispatched. */
const INSTANCE_NAMES: ReadonlySet<string> = new Set(['self', 'cls', 'this'])

/** Lines above a call's name searched for its receiver (`obj\n    .run()`). */
const MAX_RECEIVER_LINES = 3

/**
 * Whether the call whose name is at `site` (an `incomingCalls` call site) may run an override of
 * the method it names: its receiver is an instance (`obj.run()`, `self.run()`, `make().run()`),
 * not a class (`Base.run(self)`, `pkg.Base.run(self)`) nor `super()` / `super` (`super().run()`),
 * which always run the method named. A dotted receiver is asked `goToDefinition` at its last
 * identifier: a class's declaration there makes the call class-qualified. Text that cannot be
 * read or a receiver of another shape counts as an instance (the call stays listed).
 */
export function createReceiverCheck(context: HierarchyContext, hierarchy: ClassHierarchy): (site: LspLocation) => Promise<boolean> {
  return async (site) => {
    const lines = await hierarchy.linesOf(site.uri)
    const receiver = lines === undefined ? undefined : receiverBefore(lines, site.range.start.line, site.range.start.character)
    if (receiver === undefined || receiver.kind === 'instance') return true
    if (receiver.kind === 'super') return false
    const { ctx, workspaceRoot, signal } = context
    const answer = await askOrFail(ctx.lsp.query({ operation: 'goToDefinition', filePath: URI.parse(site.uri).fsPath, position: receiver.at, workspaceRoot }, signal), signal)
    for (const location of answer?.locations ?? []) {
      const klass = await hierarchy.classAt(location.uri, location.range.start)
      if (klass !== undefined && rangeHolds(klass.symbol.selectionRange, location.range.start)) return false
    }
    return true
  }
}

/** What stands before `.name` at `line`:`character` (zero-based UTF-16): its shape, and where a named receiver's last identifier starts. */
type Receiver = { readonly kind: 'instance' } | { readonly kind: 'super' } | { readonly kind: 'named'; readonly at: { line: number; character: number } }

/**
 * The receiver of the member name at `line`:`character`, read backwards over `.` and white space
 * (up to {@link MAX_RECEIVER_LINES} lines above): `undefined` when no `.` precedes it (a plain
 * call), `super` for `super().` / `super(C, self).` / `super.`, `instance` for `self.`, `cls.`,
 * `this.` or a call's or subscript's result, else the last identifier of a dotted name.
 */
export function receiverBefore(lines: readonly string[], line: number, character: number): Receiver | undefined {
  let row = line
  let column = character
  const back = (): string | undefined => {
    while (row >= line - MAX_RECEIVER_LINES && row >= 0) {
      const text = lines[row] ?? ''
      while (column > 0 && /\s/.test(text[column - 1]!)) column--
      if (column > 0) return text[column - 1]
      row--
      column = (lines[row] ?? '').length
    }
    return undefined
  }
  if (back() !== '.') return undefined
  column--
  const last = back()
  if (last === undefined) return undefined
  const text = lines[row]!
  if (last === ')' || last === ']') {
    // `super(…)` is the only call result that is not an instance's member access.
    const open = matchingOpen(text, column - 1)
    return open !== undefined && /(^|[^\w$.])super\s*$/.test(text.slice(0, open)) ? { kind: 'super' } : { kind: 'instance' }
  }
  const word = /[A-Za-z_$][\w$]*$/.exec(text.slice(0, column))?.[0]
  if (word === undefined) return { kind: 'instance' }
  if (word === 'super') return { kind: 'super' }
  if (INSTANCE_NAMES.has(word)) return { kind: 'instance' }
  return { kind: 'named', at: { line: row, character: column - word.length } }
}

/** The column of the bracket that the one at `close` closes, on the same line. */
function matchingOpen(text: string, close: number): number | undefined {
  let depth = 0
  for (let column = close; column >= 0; column--) {
    const char = text[column]
    if (char === ')' || char === ']') depth++
    else if (char === '(' || char === '[') depth--
    if (depth === 0) return column
  }
  return undefined
}
