import { defineConfig } from 'vitest/config'

// These tests start real language servers (about a second each, several under load): the default
// 5 s per test is a bound for unit tests, not for them. A hang still fails, at this bound.
export default defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } })
