import type { LspCompleteness, LspQueryResult } from '@agent-lsp/lsp'
import { assertNever } from './assert-never.js'
import { oneLine } from './one-line.js'
import { renderHover } from './render-hover.js'
import { renderLocations, type RenderContext } from './render-locations.js'

/**
 * Render any answer as model-readable text. A partial answer starts with a
 * `Partial answer (<reason>): <message>` line so the model never takes it as complete.
 */
export async function renderResult(result: LspQueryResult, context: RenderContext): Promise<string> {
  const body = await renderBody(result, context)
  const warning = partialWarning(result.completeness)
  return warning === undefined ? body : `${warning}\n${body}`
}

function renderBody(result: LspQueryResult, context: RenderContext): Promise<string> | string {
  switch (result.kind) {
    case 'locations':
      return renderLocations(result, context)
    case 'hover':
      return renderHover(result, context.cursor)
    default:
      return assertNever(result)
  }
}

function partialWarning(completeness: LspCompleteness): string | undefined {
  switch (completeness.state) {
    case 'complete':
      return undefined
    case 'partial':
      return `Partial answer (${completeness.reason}): ${oneLine(completeness.message)}`
    default:
      return assertNever(completeness)
  }
}
