import { defineConfig } from 'vitest/config'

// These tests start real language servers (about a second each, several under load): the default
// 5 s per test is a bound for unit tests, not for them. A hang still fails, at this bound.
// The built command uses the shared host by default; tests run it one-shot (so that none starts a
// host in the user's runtime directory) unless they ask for a host of their own (daemon/*.test.ts).
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, env: { AGENT_LSP_NO_DAEMON: '1' } } })
