import { compareCodeUnits, languageOf, type LspCompleteness, type LspFileDiagnostics } from '@agent-lsp/lsp'
import type { ServerCapabilities } from 'vscode-languageserver-protocol'
import type { LocalServerConfig } from '../config.js'
import { pathToUri } from '../normalize/uri.js'
import { syncedUnlessNotText, type DocumentHold, type OpenDocuments } from '../sync/documents.js'
import { filesWith } from '../sync/projects.js'
import { relativeOf } from '../sync/tree-scan.js'
import { SOURCES_WALK_BOUNDS } from '../sync/walk.js'
import { REOPEN_CLOSE_WAIT_MS } from './changed-files.js'
import { retryContentModified, type OperationAnswer, type OperationContext } from './context.js'
import { diagnostics } from './diagnostics.js'
import { unsupported } from './supported.js'

/**
 * At most this many files of a server without workspace diagnostics are checked one by one when
 * the whole workspace is asked about: a TypeScript project's package.json and tsconfig.json, a
 * small Go module or set of scripts. Past it each file would cost the server a parse and the
 * answer a wait; the files are named unchecked instead.
 */
export const ONE_BY_ONE_MAX = 16

/**
 * The files under `resolvedWorkspaceRoot` that a server offering no workspace diagnostics (no
 * `workspace/diagnostic`, no project check) can check one by one (at most {@link ONE_BY_ONE_MAX},
 * and only when it answers `diagnostics`; of a compile database's server, its sources, not its
 * headers); else `unchecked`, what the answer says it left out.
 * `anyFile` is the first of the server's files found there (`'unknown'`: the search stopped at its bound).
 */
export function filesOneByOne(
  capabilities: ServerCapabilities,
  config: LocalServerConfig,
  resolvedWorkspaceRoot: string,
  anyFile: string | undefined | 'unknown',
): { readonly files: readonly string[]; readonly headers?: string } | { readonly unchecked: string } {
  // A compile database's headers are checked as its sources include them: one opened alone reads
  // as if nothing came before it (clangd: "incomplete type" in a header gcc compiles clean).
  const sources = config.compileDatabase?.sourceExtensions
  const extensions = new Set(sources ?? Object.keys(config.extensionToLanguage))
  // Files its language has by name (bash: `.envrc`, `PKGBUILD`), not the `Stem.*` patterns.
  const names = new Set(Object.keys(config.fileNameToLanguage ?? {}).filter((name) => !name.endsWith('.*')).map((name) => name.toLowerCase()))
  const files = anyFile === 'unknown' ? undefined : filesWith(resolvedWorkspaceRoot, extensions, ONE_BY_ONE_MAX, sources === undefined ? names : new Set())
  if (files !== undefined && files.length > 0 && unsupported(capabilities, 'diagnostics', config, files[0]!) === undefined) {
    return { files, ...(sources === undefined ? {} : headersNote(config, resolvedWorkspaceRoot, new Set(sources))) }
  }
  const which =
    anyFile === 'unknown'
      ? `its files, if any (the search for one stopped at its bound: ${SOURCES_WALK_BOUNDS}),`
      : `its files${anyFile === undefined ? '' : ` (such as ${relativeOf(resolvedWorkspaceRoot, anyFile)}${files === undefined ? `; more than the ${ONE_BY_ONE_MAX} checked one by one` : ''})`}`
  return { unchecked: `language server "${config.id}" gives no workspace diagnostics (no workspace pull diagnostics, no project check): ${which} were not checked; ask diagnostics of each file` }
}

/**
 * What an answer checked source by source says of the headers beside: clangd reads a header a
 * source includes at its top from its preamble, built without function bodies, so an error in a
 * header's inline function is never reported through the source (the ninth trial: three header
 * errors gcc reports, "No diagnostics in the workspace"). None: nothing to say.
 */
function headersNote(config: LocalServerConfig, root: string, sources: ReadonlySet<string>): { headers?: string } {
  const headerExtensions = new Set(Object.keys(config.extensionToLanguage).filter((extension) => !sources.has(extension)))
  const headers = filesWith(root, headerExtensions, 3)
  if (headers?.length === 0) return {}
  const named = headers === undefined ? 'more than 3 headers' : `${headers.length} ${headers.length === 1 ? 'header' : 'headers'} (${headers.map((file) => relativeOf(root, file)).join(', ')})`
  return { headers: `${named} only through the sources including them, which leaves errors inside their functions unseen; ask diagnostics of each header to check it` }
}

/**
 * `workspaceDiagnostics` as {@link filesOneByOne}'s `files` give them: each opened (kept open
 * until answered) and its diagnostics collected as the `diagnostics` operation collects them,
 * waited for together. Files without diagnostics are left out; a file whose diagnostics did not
 * settle makes the answer partial, naming it. `checks` says how many files were checked.
 */
export async function diagnosticsOneByOne(
  { files, headers }: { readonly files: readonly string[]; readonly headers?: string },
  context: Omit<OperationContext, 'uri' | 'text' | 'reopen'>,
  documents: OpenDocuments,
  hold: DocumentHold,
): Promise<OperationAnswer> {
  const { client, serverId, limits } = context
  const ask = <R>(send: () => Promise<R>): Promise<R> => retryContentModified(send, limits.contentModifiedRetries)
  const synced: string[] = []
  const notText: string[] = []
  for (const file of files) {
    if (await syncedUnlessNotText(documents, file, languageOf(client.config, file) ?? 'plaintext', hold)) synced.push(file)
    else notText.push(relativeOf(context.resolvedWorkspaceRoot, file))
  }
  const answers = await Promise.all(
    synced.map(async (file) => {
      const uri = pathToUri(file)
      const reopen = () => documents.reopen(file, (opened) => client.diagnostics.next(opened, REOPEN_CLOSE_WAIT_MS))
      const answer = await diagnostics(uri, { ...context, uri, text: null, reopen }, ask)
      return { file, uri, found: answer.kind === 'diagnostics' ? answer.diagnostics : [], completeness: answer.completeness }
    }),
  )
  const withDiagnostics: LspFileDiagnostics[] = answers.filter(({ found }) => found.length > 0).map(({ uri, found }) => ({ uri, diagnostics: found }))
  const partial = answers.filter(({ completeness }) => completeness?.state === 'partial')
  const first = partial[0]
  const completeness: LspCompleteness | undefined =
    first?.completeness?.state === 'partial'
      ? { ...first.completeness, message: `${relativeOf(context.resolvedWorkspaceRoot, first.file)}: ${first.completeness.message}${partial.length > 1 ? ` (and ${partial.length - 1} more of its files)` : ''}` }
      : undefined
  const check = `${serverId} diagnostics of ${synced.length === 1 ? 'its one file' : `each of its ${synced.length} files`}`
  // A file that is not UTF-8 text (a UTF-16 .json) reaches no server: said, not taken for clean.
  const unread = notText.length === 0 ? undefined : `${notText.length} of its files ${notText.length === 1 ? 'is' : 'are'} not UTF-8 text and ${notText.length === 1 ? 'was' : 'were'} not checked (${notText.slice(0, 3).join(', ')})`
  const said = completeness ?? (headers === undefined && unread === undefined ? undefined : ({ state: 'partial', reason: 'unconfigured', message: [headers && `${serverId} checked ${headers}`, unread && `${serverId}: ${unread}`].filter(Boolean).join('; ') } as const))
  return { kind: 'workspaceDiagnostics', files: withDiagnostics.sort((a, b) => compareCodeUnits(a.uri, b.uri)), checks: [check], ...(said ? { completeness: said } : {}) }
}
