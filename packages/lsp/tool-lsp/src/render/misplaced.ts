import { partialBefore, type LspCallHierarchyItem, type LspLocation, type LspQueryResult, type LspSymbol, type LspWorkspaceEdit } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import path from 'node:path'
import { LspToolError } from '../errors.js'
import type { QueryFiles } from '../input/query-files.js'

/**
 * `result`, `partial` (`misplaced`) when `asked` (the file the query is about) or a file its rows
 * are in holds a line break servers count otherwise than LSP (a lone CR, U+2028, U+2029; see
 * `disputedBreakAt`): the server's places after it may be a line off (gopls's `6:19  more` for a
 * use on the next line, tsserver's `4:18` in a 3-line file). Its message comes first; an answer
 * partial already keeps its message after it. The texts are the query's (`files`), which the
 * answer's rendering reads anyway: the check is a field of each file's text, found once per read.
 */
export async function withMisplaced(result: LspQueryResult, asked: string | undefined, files: QueryFiles): Promise<LspQueryResult> {
  const paths = new Set([...(asked === undefined ? [] : [asked]), ...answerPaths(result)])
  // Placed at once (each file's placing is kept for the rendering that follows).
  const placed = await Promise.all([...paths].map((path) => files.placed(path).catch(() => undefined)))
  const found = placed.flatMap((file) => {
    const disputed = file?.insideAs === undefined ? undefined : file.text.disputed
    return disputed === undefined ? [] : [`${file!.insideAs} holds ${disputed.label} at ${disputed.at}`]
  })
  if (found.length === 0) return result
  const more = found.length > 1 ? ` (and ${found.length - 1} more ${found.length === 2 ? 'file' : 'files'})` : ''
  const message = `${found[0]}${more}, which the language server may count otherwise than LSP: places after it may be a line off`
  return { ...result, completeness: partialBefore(result.completeness, { reason: 'misplaced', message }) }
}

/** {@link answerPaths} of each answer asked (the misplaced check and the check for files written meanwhile ask both). */
const pathsOfAnswers = new WeakMap<LspQueryResult, readonly string[]>()

/** The paths of the `file:` documents an answer's rows are in, in answer order, each once (found once per answer). */
export function answerPaths(result: LspQueryResult): readonly string[] {
  let paths = pathsOfAnswers.get(result)
  if (paths === undefined) pathsOfAnswers.set(result, (paths = pathsIn(result)))
  return paths
}

function pathsIn(result: LspQueryResult): string[] {
  const uris: string[] = []
  const locations = (list: readonly LspLocation[]) => uris.push(...list.map((location) => location.uri))
  const items = (list: readonly Pick<LspCallHierarchyItem, 'uri'>[]) => uris.push(...list.map((item) => item.uri))
  const symbols = (list: readonly LspSymbol[]): void => {
    for (const symbol of list) {
      uris.push(symbol.uri)
      symbols(symbol.children)
    }
  }
  const edits = (edit: LspWorkspaceEdit | null) => {
    for (const change of edit?.changes ?? []) uris.push(change.kind === 'rename' ? change.oldUri : change.uri)
  }
  switch (result.kind) {
    case 'locations':
      locations(result.locations)
      locations((result.crossCheck?.candidates ?? []).map((candidate) => candidate.location))
      break
    case 'symbols':
      symbols(result.symbols)
      break
    case 'calls':
      items(result.origins)
      for (const call of result.calls) {
        items([call.item])
        locations(call.callSites)
      }
      break
    case 'callHierarchyItems':
      items(result.items)
      break
    case 'typeHierarchy':
      items([...result.origins, ...result.items])
      break
    case 'diagnostics':
      uris.push(result.uri)
      break
    case 'workspaceDiagnostics':
    case 'overlayDiagnostics':
      items(result.files)
      break
    case 'workspaceEdit':
      edits(result.edit)
      break
    case 'codeActions':
      for (const action of result.actions) edits(action.edit)
      break
    case 'hover':
    case 'signatureHelp':
    case 'completion':
      break
    default:
      return result satisfies never
  }
  return [...new Set(uris)].flatMap((uri) => {
    const parsed = URI.parse(uri)
    return parsed.scheme === 'file' ? [parsed.fsPath] : []
  })
}

/**
 * `failure` said in the light of the file asked about (`filePath`, relative to the root or
 * absolute), when it holds a line break its server counts otherwise than LSP: a position the
 * server gave or was given there is past a line's end or lands on nothing
 * (`LSP_INVALID_POSITION`, `LSP_SERVER_ERROR`), because the server's lines after it are not the
 * file's (the fifteenth trial: `--symbol foo` on a Go file with a lone CR failed naming a
 * position the user never gave). The code stays; the message names the break and the fix.
 */
export async function explainedByLineBreaks(failure: LspToolError, filePath: string | undefined, files: QueryFiles): Promise<LspToolError> {
  if (filePath === undefined || (failure.code !== 'LSP_INVALID_POSITION' && failure.code !== 'LSP_SERVER_ERROR')) return failure
  const placed = await files.placed(path.resolve(files.workspaceRoot, filePath)).catch(() => undefined)
  const disputed = placed?.insideAs === undefined ? undefined : placed.text.disputed
  if (disputed === undefined) return failure
  const fix = disputed.name === 'CR' ? 'make it a \\n (or \\r\\n)' : `write it as the escape \\${disputed.name === 'U+2028' ? 'u2028' : 'u2029'}`
  const message = `${placed!.insideAs} holds ${disputed.label} at ${disputed.at}, which its language server counts otherwise than LSP, so its lines after it are not the file's: ${failure.message}; ${fix} to ask there`
  return new LspToolError(failure.code, message, { cause: failure })
}
