import { isEmptyResult, LspError, type LspQueryResult } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'
import type { LanguageServerClient } from '../process/client.js'
import { serverName } from '../process/client-errors.js'
import { isRecord } from '../normalize/shapes.js'
import { protocol } from '../protocol.js'
import type { OperationAnswer } from './context.js'

const { ExecuteCommandRequest } = protocol

/**
 * After an empty answer from a server whose engine may die under it (`LocalServerConfig.engineProbe`:
 * typescript-language-server answers `[]` for tsserver once it is gone), ask the probe: an answer
 * saying the engine is gone makes the empty answer a crash, never "no references". The server's
 * own log line says so too (`deadLogPattern`), but may come after that empty answer (a fresh-clone
 * CI: three references then came from the cross-check alone, marked missed by the server).
 * @throws LspError `LSP_SERVER_CRASHED` (the log line's error when it came meanwhile).
 */
export async function assertEngineAlive(client: LanguageServerClient, config: LocalServerConfig, answer: OperationAnswer, signal: AbortSignal | undefined): Promise<void> {
  const probe = config.engineProbe
  if (probe === undefined || !isEmptyResult(answer as LspQueryResult)) return
  const raw = await client.request(ExecuteCommandRequest.type, { command: probe.command, arguments: [...probe.arguments] }, signal).catch(() => undefined)
  if (client.state !== 'stopped' && isRecord(raw) && Object.entries(probe.deadWhen).every(([key, value]) => raw[key] === value)) {
    const asked = `${probe.command} ${JSON.stringify(probe.arguments)}`
    client.reportDead(new LspError('LSP_SERVER_CRASHED', `${serverName(config)} can no longer answer: asked whether its engine runs (${asked}), it answered ${JSON.stringify(raw)}`))
  }
  if (client.state === 'stopped') throw await client.exited
}
