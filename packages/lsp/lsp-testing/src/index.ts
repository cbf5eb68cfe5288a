import { fileURLToPath } from 'node:url'

/**
 * Absolute path of the built fake language server script (`dist/fake-server.js`). Spawn it as
 * `spawn(process.execPath, [fakeServerPath], { env: { ...process.env, ...fakeServerEnv(scenario) } })`
 * and speak LSP (Content-Length framing) over its stdin/stdout. From the package's own sources
 * (its tests) it still names the built script, so build first.
 */
export const fakeServerPath: string = fileURLToPath(
  import.meta.url.endsWith('.ts')
    ? new URL('../dist/fake-server.js', import.meta.url)
    : new URL('./fake-server.js', import.meta.url),
)

export type { JsonObject, JsonValue } from './fake/json.js'
export { CONTENT_TYPE_HEADER, PIECE_DELAY_MS, splitFrame, type FakeServerFraming } from './fake/framing.js'
export { STICKY_LIFETIME_MS } from './fake/sticky.js'
export { descendantPids, isAlive, PROCESS_POLL_INTERVAL_MS, waitUntilGone } from './fake/processes.js'
export {
  readFakeServerLog,
  type FakeServerLogEntry,
  type FakeServerFrameEntry,
  type FakeServerMessageId,
  type FakeServerProcessEntry,
  type FakeServerReceivedEntry,
  type FakeServerReplyEntry,
  type FakeServerSentEntry,
  type FakeServerWireError,
} from './fake/log.js'
export { FakeDocumentsRequest, type FakeDocuments, type FakeDocumentState } from './fake/protocol.js'
export {
  DEFAULT_PROGRESS_DELAY_MS,
  defaultFakeServerCapabilities,
  FAKE_SCENARIO_ENV,
  fakeServerEnv,
  type FakeRawResult,
  type FakeServerCrash,
  type FakeServerError,
  type FakeServerProgress,
  type FakeServerRequest,
  type FakeServerScenario,
} from './fake/scenario.js'
export * from './conformance/conformance.js'
