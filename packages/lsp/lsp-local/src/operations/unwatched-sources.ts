import type { LspCompleteness, LspOperation } from '@agent-lsp/lsp'
import { namedList, shownPath } from '@agent-lsp/wording'

/**
 * `partial / unchecked` for diagnostics while folders the project builds as its own sources (a
 * go.mod's `replace … => ../sys`) are not watched (`WatchedFiles.unwatchedSources`: past the bound
 * of followed folders, or holding the server root): the server is told of no change there and may
 * judge the file by their old text ("No diagnostics" while `go build` fails).
 */
export function unwatchedSourcesCompleteness(operation: LspOperation, unwatched: readonly string[], workspaceRoot: string): LspCompleteness | undefined {
  if (unwatched.length === 0 || (operation !== 'diagnostics' && operation !== 'workspaceDiagnostics')) return undefined
  const shown = namedList(unwatched.slice(0, 3).map((folder) => (folder === workspaceRoot ? 'the workspace root' : `${shownPath(workspaceRoot, folder)}/`)), { total: unwatched.length })
  return {
    state: 'partial',
    reason: 'unchecked',
    message: `the project builds files from ${shown} (named by its go.mod or go.work), whose changes on disk are not watched: the server may judge by their text as it first read them until it is restarted`,
  }
}
