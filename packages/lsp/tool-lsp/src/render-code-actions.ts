import type { LspCodeAction, LspCodeActionsResult } from '@agent-lsp/lsp'
import type { Cursor } from './cursor.js'
import { oneLine } from './one-line.js'

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
 * Render a `codeActions` answer as a numbered list: `N. [kind] title`, `(preferred)`, and why an
 * action cannot be applied here; then how to preview or apply one.
 */
export function renderCodeActions(result: LspCodeActionsResult, cursor: Cursor, only: string | undefined): string {
  const { actions } = result
  if (actions.length === 0) return `No ${only === undefined ? '' : `${only} `}code actions at ${cursor.label}.`
  const rows = actions.map((action, index) => {
    const why = notApplicable(action)
    const kind = action.kind === null ? '' : `[${action.kind}] `
    return `  ${index + 1}. ${kind}${oneLine(action.title)}${action.isPreferred ? ' (preferred)' : ''}${why ? ` — not applicable: ${why}` : ''}`
  })
  return [
    `${actions.length} code ${actions.length === 1 ? 'action' : 'actions'} at ${cursor.label}:`,
    ...rows,
    'Preview one with action (its number or title); write it with action and apply: true.',
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
