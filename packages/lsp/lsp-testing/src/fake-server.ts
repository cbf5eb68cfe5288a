/**
 * The fake language server's entry point: `node dist/fake-server.js`, scenario in the
 * `AGENT_LSP_FAKE_SCENARIO` environment variable (JSON), LSP over stdin/stdout. An invalid
 * scenario is reported on stderr and exits with code 2 before any message is read.
 */
import { createLogSink } from './fake/log.js'
import { FAKE_SCENARIO_ENV } from './fake/scenario.js'
import { parseScenario } from './fake/scenario-parse.js'
import { startFakeServer } from './fake/server.js'
import { becomeSticky } from './fake/sticky.js'

/** Exit code of a fake started with an unusable scenario. */
const INVALID_SCENARIO_EXIT_CODE = 2

try {
  const scenario = parseScenario(process.env[FAKE_SCENARIO_ENV])
  // Armed before any message is read: what the fake logs about itself is true once it answers.
  if (scenario.sticky === true) await becomeSticky(createLogSink(scenario.log), (code) => process.exit(code))
  startFakeServer(scenario, {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    exit: (code) => process.exit(code),
  })
} catch (error) {
  process.stderr.write(`agent-lsp fake server: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exitCode = INVALID_SCENARIO_EXIT_CODE
}
