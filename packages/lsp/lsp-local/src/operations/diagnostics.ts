import { basename } from 'node:path'
import { partialAfter, type LspCompleteness } from '@agent-lsp/lsp'
import { normalizeDiagnostics } from '../normalize/normalize-diagnostics.js'
import { withoutSetupDiagnostics, withSetupNotes, type SetupNotes } from './setup-diagnostics.js'
import { isRecord, malformed, preview } from '../normalize/shapes.js'
import { protocol } from '../protocol.js'
import type { Ask, OperationAnswer, OperationContext } from './context.js'
import { changedOnDiskSince, MAX_NAMED_FILES, namedFilesChangedSince, type NamedFilesCheck } from './diagnostics-recheck.js'
import { uriToPath } from '../normalize/uri.js'
import { readText } from '../sync/read-text.js'
import { pullTsserverDiagnostics } from './diagnostics-tsserver.js'
import { otherProjectsDiagnostics } from './diagnostics-projects.js'
import { reloadChangedLibraries } from './libraries-changed.js'
import { offersTsserverPull } from './tsserver-request.js'
import { relativeOf } from '../sync/tree-scan.js'

const { DocumentDiagnosticRequest } = protocol

/**
 * How long a server that published diagnostics for an earlier version of a file (or before the
 * last change reached it) gets to publish again before the document is reopened, under the
 * `after-last-change` rule, in ms: typescript-language-server never re-publishes diagnostics that
 * were empty and stay empty, so after such an edit nothing comes.
 */
const REPUBLISH_WAIT_MS = 1_000

/** The server's raw diagnostics of a file, and whether they are its final verdict on it. */
export interface CurrentDiagnostics {
  /** LSP `Diagnostic[]`, unnormalized; `undefined` when the server said nothing about this text. */
  readonly raw: unknown
  /** Names the source, for errors: `typescript textDocument/publishDiagnostics`. */
  readonly what: string
  /** Set when `raw` is not the server's final verdict on the file as it is now: why, for the answer. */
  readonly partial?: LspCompleteness & { readonly state: 'partial' }
}

/**
 * The server's raw diagnostics (LSP `Diagnostic[]`) for the file as it is on disk, once the server
 * has checked it: asked for where the server can be asked (`textDocument/diagnostic`, statically
 * offered or registered, LSP 3.17 §Pull Diagnostics; tsserver through
 * `LocalDiagnosticsRules.pull`), bounded by `limits.diagnosticsPullTimeoutMs`; else the pushed ones
 * the server's settle rule takes as final (`LocalDiagnosticsRules.settle`), bounded by
 * `limits.diagnosticsTimeoutMs`. A server whose rules say it never checks a file again for another
 * one's change (`recheckOnDiskChange`) has the file reopened when some file changed on disk since
 * (of its languages under its root, or one the file names: `dependencyDirectives`).
 * @throws LspError `LSP_MALFORMED_RESPONSE` for a pulled report that is not `full`; request errors.
 */
export async function currentDiagnostics(uri: string, context: OperationContext, ask: Ask): Promise<CurrentDiagnostics> {
  const { client, signal } = context
  const rules = client.config.diagnostics ?? {}
  const registration = client.diagnostics.pullRegistration
  if (client.capabilities.diagnosticProvider || registration) {
    const what = `${context.serverId} ${DocumentDiagnosticRequest.method}`
    const params = { textDocument: { uri }, ...(registration?.identifier !== undefined ? { identifier: registration.identifier } : {}) }
    return pulled(context, what, async (bounded) => {
      const raw: unknown = await ask(() => client.request(DocumentDiagnosticRequest.type, params, bounded))
      if (!isRecord(raw) || raw.kind !== 'full') throw malformed(what, `expected a full DocumentDiagnosticReport, got ${preview(raw)}`)
      return { raw: raw.items }
    })
  }
  if (rules.pull === 'tsserver' && offersTsserverPull(client.capabilities)) {
    return pulled(context, `${context.serverId} typescript.tsserverRequest`, async (bounded) => {
      await reloadChangedLibraries(uri, client, ask, bounded)
      const own = await pullTsserverDiagnostics(uri, client, ask, bounded)
      const others = await otherProjectsDiagnostics(uri, own, context.projects ?? [], context, ask, bounded)
      return { raw: [...own, ...others.diagnostics], ...(others.partial ? { partial: others.partial } : {}) }
    })
  }
  return publishedDiagnostics(uri, context)
}

/** What a pull answers, or after `diagnosticsPullTimeoutMs` the pushed ones so far, marked partial. */
async function pulled(context: OperationContext, what: string, pull: (signal: AbortSignal) => Promise<Omit<CurrentDiagnostics, 'what'>>): Promise<CurrentDiagnostics> {
  const bound = context.limits.diagnosticsPullTimeoutMs
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), bound)
  const signal = context.signal ? AbortSignal.any([context.signal, timeout.signal]) : timeout.signal
  try {
    return { ...(await pull(signal)), what }
  } catch (error) {
    if (!timeout.signal.aborted || context.signal?.aborted) throw error
    const uri = context.uri ?? ''
    const pushedWhat = `${context.serverId} textDocument/publishDiagnostics`
    const message = `${context.serverId} was still checking the file after ${bound / 1000} s; these are the diagnostics it had published`
    return { raw: context.client.diagnostics.peek(uri).diagnostics ?? [], what: pushedWhat, partial: { state: 'partial', reason: 'indexing', message } }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The pushed diagnostics (LSP 3.17 §PublishDiagnostics) the server's settle rule takes as final,
 * waited for (bounded by `diagnosticsTimeoutMs`), even of a server whose diagnostics are pulled:
 * what it has published is what its own code actions read. Partial (`unchecked`) when files the
 * document names past `MAX_NAMED_FILES` were not checked for a change (see `namedFilesChangedSince`).
 */
export async function publishedDiagnostics(uri: string, context: OperationContext): Promise<CurrentDiagnostics> {
  const { client } = context
  const rules = client.config.diagnostics ?? {}
  const what = `${context.serverId} textDocument/publishDiagnostics`
  let unfollowed: string | undefined
  if (rules.recheckOnDiskChange && context.reopen !== null) {
    const sentAt = client.diagnostics.sentAt(uri)
    const extensions = new Set(Object.keys(client.config.extensionToLanguage))
    const named = sentAt === undefined || changedOnDiskSince(client.rootPath, extensions, sentAt) ? undefined : dependenciesChangedSince(uri, context, sentAt)
    if (sentAt !== undefined && (named === undefined || named.changed)) await context.reopen()
    else if (named !== undefined && named.unchecked > 0) unfollowed = uncheckedMessage(uri, named.unchecked)
  }
  const answer = await settledDiagnostics(uri, context, what)
  return unfollowed === undefined ? answer : { ...answer, partial: partialAfter(answer.partial ?? { state: 'complete' }, { reason: 'unchecked', message: unfollowed }) }
}

/** The pushed diagnostics of {@link publishedDiagnostics}, once the document is as the server should read it. */
async function settledDiagnostics(uri: string, context: OperationContext, what: string): Promise<CurrentDiagnostics> {
  const { client, signal } = context
  const rules = client.config.diagnostics ?? {}
  const bound = context.limits.diagnosticsTimeoutMs
  const rule = rules.settle ?? 'after-last-change'
  if (rule === 'after-last-change' && context.reopen !== null && client.diagnostics.hasPublished(uri)) {
    const quick = await client.diagnostics.settled(uri, Math.min(REPUBLISH_WAIT_MS, bound), signal)
    if (quick.final) return { raw: quick.diagnostics, what }
    // Silent since the change: ask afresh. Publishing, but not settled yet: let it finish.
    if (!quick.fresh) await context.reopen()
  }
  const settled = await client.diagnostics.settled(uri, bound, signal)
  if (settled.final) return { raw: settled.diagnostics, what }
  const seconds = bound / 1000
  const message =
    settled.diagnostics === undefined
      ? `${context.serverId} published no diagnostics for this version of the file within ${seconds} s`
      : `${context.serverId} did not settle on this file's diagnostics within ${seconds} s; these are the ones it had published for its current text`
  return { raw: settled.diagnostics, what, partial: { state: 'partial', reason: 'indexing', message } }
}

/** Whether a file the document names through the server's `dependencyDirectives` changed on disk at or after `sinceMs`, and how many names were past the bound (see `namedFilesChangedSince`). */
function dependenciesChangedSince(uri: string, context: OperationContext, sinceMs: number): NamedFilesCheck {
  const directives = context.client.config.diagnostics?.dependencyDirectives
  const path = uriToPath(uri)
  if (directives === undefined || directives.length === 0 || path === null) return { changed: false, unchecked: 0 }
  const text = context.text ?? readText(path)
  if (text === undefined) return { changed: false, unchecked: 0 }
  return namedFilesChangedSince(text, path, context.client.rootPath, directives.map((source) => new RegExp(source, 'm')), sinceMs)
}

/** Why diagnostics are partial when named files past the bound were not looked at: how many, of which file. */
function uncheckedMessage(uri: string, unchecked: number): string {
  const path = uriToPath(uri)
  const file = path === null ? uri : basename(path)
  return `${file} and the files it includes or sources name more than ${MAX_NAMED_FILES} files: ${unchecked} more ${unchecked === 1 ? 'was' : 'were'} not checked for a change since the server read ${unchecked === 1 ? 'it' : 'them'} (a change there may be missing)`
}

/**
 * The `diagnostics` operation: the server's verdict on the file as it is on disk (see
 * {@link currentDiagnostics}), `partial / indexing` with what is known when the bound passed
 * first, `partial / unconfigured` from a server that said it checks nothing
 * (`LocalDiagnosticsRules.uncheckedLog`) or of its setup, not the file (`setupCodes`: left out, and
 * said instead), or none for a file where it diagnoses none (`uncheckedPaths`). Never an empty answer marked complete that the server
 * did not settle on.
 */
export async function diagnostics(uri: string, context: OperationContext, ask: Ask): Promise<OperationAnswer> {
  const current = await currentDiagnostics(uri, context, ask)
  const rules = context.client.config.diagnostics
  const setup: SetupNotes = new Map()
  const found = withoutSetupDiagnostics(normalizeDiagnostics(current.raw ?? [], current.what), rules, setup)
  const unchecked = rules?.uncheckedLog
  if (unchecked && context.client.diagnostics.unchecked) {
    return { kind: 'diagnostics', uri, diagnostics: found, completeness: { state: 'partial', reason: 'unconfigured', message: unchecked.says } }
  }
  const path = uriToPath(uri)
  const where = rules?.uncheckedPaths
  if (where !== undefined && found.length === 0 && path !== null && new RegExp(where.pattern).test(relativeOf(context.client.rootPath, path))) {
    return { kind: 'diagnostics', uri, diagnostics: found, completeness: { state: 'partial', reason: 'unconfigured', message: where.says } }
  }
  const partial = withSetupNotes(current.partial, setup)
  return { kind: 'diagnostics', uri, diagnostics: found, ...(partial ? { completeness: partial } : {}) }
}
