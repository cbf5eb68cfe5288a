import { existsSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseScenario } from './scenario-parse.js'
import { fakeServerEnv, fakeServerPath, type FakeServerScenario } from '../index.js'

describe('fakeServerEnv', () => {
  it('puts the scenario JSON in AGENT_LSP_FAKE_SCENARIO', () => {
    const scenario: FakeServerScenario = { hang: ['shutdown'], references: [{ uri: 5 }] }
    expect(fakeServerEnv(scenario)).toEqual({ AGENT_LSP_FAKE_SCENARIO: '{"hang":["shutdown"],"references":[{"uri":5}]}' })
  })
})

describe('fakeServerPath', () => {
  it('is the absolute path of the built fake-server.js', () => {
    expect(isAbsolute(fakeServerPath)).toBe(true)
    expect(fakeServerPath.endsWith('/dist/fake-server.js')).toBe(true)
    expect(existsSync(fakeServerPath)).toBe(true)
  })
})

describe('parseScenario', () => {
  it('reads an absent or empty variable as the empty scenario', () => {
    expect(parseScenario(undefined)).toEqual({})
    expect(parseScenario('  ')).toEqual({})
  })

  it('round-trips every field of a valid scenario', () => {
    const scenario: FakeServerScenario = {
      capabilities: { hoverProvider: false },
      serverInfo: { name: 'f' },
      initialize: { error: { code: -32603, message: 'x' } },
      hover: { '0': null, '10': { contents: '' } },
      definition: 42,
      references: null,
      implementation: [],
      hang: ['textDocument/hover'],
      serverRequests: [{ method: 'client/registerCapability', params: { registrations: [] } }],
      progress: { token: 't', delayMs: 0 },
      exitOnShutdown: false,
      hangOnShutdown: true,
      crash: { on: 'shutdown', exitCode: 9, stderr: 's', partialBody: false },
      stderr: 'e',
      log: '/tmp/x.log',
      framing: { split: true, coalesceLogMessage: false, contentType: true },
      stdoutBeforeInitialize: 'Loading project configuration...\n',
      logFrames: true,
      answerDelayMs: { 'textDocument/hover': 1500 },
      wedgeOnRefusal: true,
      sticky: false,
    }
    expect(parseScenario(JSON.stringify(scenario))).toEqual(scenario)
  })

  it.each([
    ['{', 'AGENT_LSP_FAKE_SCENARIO is not valid JSON'],
    ['[]', 'AGENT_LSP_FAKE_SCENARIO must be a JSON object'],
    ['{"hangs":[]}', 'scenario field "hangs" is unknown'],
    ['{"hover":{"a":null}}', 'scenario field "hover" must be an object keyed by zero-based line numbers ("0", "1", ...)'],
    ['{"initialize":"maybe"}', `scenario field "initialize" must be 'ok', 'hang' or { error: { code: integer, message: string } }`],
    ['{"crash":{"on":"shutdown"}}', 'scenario field "crash" must be an object { on: string, exitCode: integer, stderr?: string, partialBody?: boolean, launches?: positive integer }'],
    ['{"serverRequests":[{"method":"m","params":[1]}]}', 'scenario field "serverRequests" must be an array of { method: string, params?: object }'],
    ['{"progress":{"token":"t","delayMs":-1}}', `scenario field "progress" must be an object { token: string, delayMs?: non-negative integer, holdRequests?: boolean, after?: 'initialized' | 'didOpen', startDelayMs?: non-negative integer, endAfterMessage?: boolean }`],
    ['{"progress":{"token":"t","after":"didClose"}}', `scenario field "progress" must be an object { token: string, delayMs?: non-negative integer, holdRequests?: boolean, after?: 'initialized' | 'didOpen', startDelayMs?: non-negative integer, endAfterMessage?: boolean }`],
    ['{"diagnosticsOnOpen":1}', 'scenario field "diagnosticsOnOpen" must be a boolean'],
    ['{"framing":{"split":1}}', 'scenario field "framing" must be an object { split?: boolean, coalesceLogMessage?: boolean, contentType?: boolean }'],
    ['{"answerDelayMs":{"m":-5}}', 'scenario field "answerDelayMs" must be an object of method name → non-negative integer milliseconds'],
  ])('rejects %s', (text, message) => {
    expect(() => parseScenario(text)).toThrow(message)
  })
})
