import { defineConfig } from 'vitest/config'

// These tests spawn the fake server (a Node process each); beside the cli suite on a loaded
// two-core machine a Node start alone took seconds, past vitest's 5 s. A hang still fails here.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 30_000 } })
