import type { LspCodeAction, LspCodeActionsResult } from '@agent-lsp/lsp'
import type { Cursor } from '../input/cursor.js'
import { oneLine } from '../text/one-line.js'

/**
 * Why the tool cannot apply `action`, or `undefined` when it can: the server disabled it, it only
 * runs a server command (this tool never runs one), or it carries no edit.
 */
export function notApplicable(action: LspCodeAction): string | undefined {
  if (action.disabledReason !== null) return `disabled: ${oneLine(action.disabledReason)}`
  if (action.edit === null && action.command !== null) return `runs the server command ${action.command.command}, which this tool does not run`
  if (action.edit === null) return 'it carries no edit'
  return undefined
}

/**
 * The actions a model chooses among, numbered from 1 in the server's order: the server's
 * disabled ones are left out (editors grey them out; none can be applied).
 */
export function listedActions(result: LspCodeActionsResult): readonly LspCodeAction[] {
  return result.actions.filter((action) => action.disabledReason === null)
}

/**
 * Render a `codeActions` answer as a numbered list of {@link listedActions}: `N. [kind] title`,
 * `(preferred)`, and why an action cannot be applied here (a command only); then how many
 * disabled ones were left out, and how to preview or apply one.
 */
export function renderCodeActions(result: LspCodeActionsResult, cursor: Cursor, only: string | undefined): string {
  const actions = listedActions(result)
  const disabled = result.actions.length - actions.length
  const hidden = disabled === 0 ? [] : [`${disabled} disabled ${disabled === 1 ? 'action' : 'actions'} (not applicable here) not listed.`]
  const sourceHint = only === undefined ? ['Source actions such as organize imports are listed with only: source.'] : []
  if (actions.length === 0) return [`No ${only === undefined ? '' : `${only} `}code actions at ${cursor.label}.`, ...hidden, ...sourceHint].join('\n')
  const rows = actions.map((action, index) => {
    const why = notApplicable(action)
    const kind = action.kind === null ? '' : `[${action.kind}] `
    return `  ${index + 1}. ${kind}${oneLine(action.title)}${action.isPreferred ? ' (preferred)' : ''}${why ? ` — not applicable: ${why}` : ''}`
  })
  return [
    `${actions.length} code ${actions.length === 1 ? 'action' : 'actions'} at ${cursor.label}:`,
    ...rows,
    ...hidden,
    'Preview one with action (its number or title); write it with action and apply: true.',
    ...sourceHint,
  ].join('\n')
}

/**
 * The action a model chose: by 1-based number, or by title (exact, else the one title equal
 * ignoring case). `undefined` when none matches.
 */
export function chooseAction(actions: readonly LspCodeAction[], choice: number | string): { action: LspCodeAction; number: number } | undefined {
  if (typeof choice === 'number') {
    const action = actions[choice - 1]
    return action === undefined ? undefined : { action, number: choice }
  }
  let index = actions.findIndex((action) => action.title === choice)
  if (index < 0) {
    const folded = actions.flatMap((action, at) => (action.title.toLowerCase() === choice.toLowerCase() ? [at] : []))
    index = folded.length === 1 ? folded[0]! : -1
  }
  return index < 0 ? undefined : { action: actions[index]!, number: index + 1 }
}
