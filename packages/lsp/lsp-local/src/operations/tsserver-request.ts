import { LspError } from '@agent-lsp/lsp'
import type { ServerCapabilities } from 'vscode-languageserver-protocol'
import { serverName } from '../process/client-errors.js'
import type { LanguageServerClient } from '../process/client.js'
import { isRecord, malformed, preview } from '../normalize/shapes.js'
import { protocol } from '../protocol.js'
import type { Ask } from './context.js'

const { ExecuteCommandRequest } = protocol

/** typescript-language-server's command that forwards a request to its tsserver and returns the response. */
export const TSSERVER_REQUEST = 'typescript.tsserverRequest'

/** Whether the server lists {@link TSSERVER_REQUEST} among its commands (typescript-language-server 5.3.0 does). */
export function offersTsserverPull(capabilities: ServerCapabilities): boolean {
  return capabilities.executeCommandProvider?.commands?.includes(TSSERVER_REQUEST) ?? false
}

/**
 * tsserver's `command` with `args` (its protocol: 1-based lines and offsets), through
 * {@link TSSERVER_REQUEST}: the raw response. typescript-language-server answers
 * `{ "type": "noServer" }` once its tsserver is gone (killed, or out of memory), and every answer
 * would then be empty: the server is reported dead, so the query fails as a crash and the next one
 * starts it again.
 * @throws LspError `LSP_SERVER_CRASHED` for `noServer`; request errors (`LSP_CANCELLED` when `signal` aborts).
 */
export async function askTsserver(client: LanguageServerClient, ask: Ask, command: string, args: Readonly<Record<string, unknown>>, signal: AbortSignal | undefined): Promise<unknown> {
  const raw = await ask(() => client.request(ExecuteCommandRequest.type, { command: TSSERVER_REQUEST, arguments: [command, args] }, signal))
  if (!isRecord(raw) || raw.type !== 'noServer') return raw
  client.reportDead(new LspError('LSP_SERVER_CRASHED', `${serverName(client.config)} can no longer answer: ${TSSERVER_REQUEST} ${command} answered {"type":"noServer"}, its tsserver is gone`))
  throw await client.exited
}

/**
 * The body list of a successful tsserver response.
 * @param what - `server command`, quoted in the error.
 * @throws LspError `LSP_MALFORMED_RESPONSE` for anything else.
 */
export function tsserverBody(raw: unknown, what: string): unknown[] {
  if (!isRecord(raw) || raw.success !== true || !Array.isArray(raw.body)) throw malformed(what, `expected a successful tsserver response with a body list, got ${preview(raw)}`)
  return raw.body
}

/** A tsserver `protocol.Location`: 1-based line, 1-based UTF-16 offset. */
export interface TsLocation {
  readonly line: number
  readonly offset: number
}

/** Whether `value` is a tsserver location (both numbers whole and at least 1). */
export function isLocation(value: unknown): value is TsLocation {
  return isRecord(value) && Number.isInteger(value.line) && Number.isInteger(value.offset) && (value.line as number) >= 1 && (value.offset as number) >= 1
}

/** A tsserver location as an LSP position (0-based line, 0-based UTF-16 character). */
export function position(location: TsLocation): { line: number; character: number } {
  return { line: location.line - 1, character: location.offset - 1 }
}
