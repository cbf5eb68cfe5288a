import { defineConfig } from 'vitest/config'

// These tests start real language servers (about a second each, several under load): the default
// 5 s per test is a bound for unit tests, not for them. A hang still fails, at this bound.
// The built command uses the shared host by default; tests run it one-shot (so that none starts a
// host in the user's runtime directory) unless they ask for a host of their own (daemon/*.test.ts).
// Two test files at once even on 2 cores (vitest's default is one fewer worker than cores): most
// of a test's time is a language server loading a project, and the suite ran 13 min serially.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000, maxWorkers: 2, env: { AGENT_LSP_NO_DAEMON: '1' } } })
