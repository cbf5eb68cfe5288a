import { defineConfig } from 'vitest/config'

// Some tests spawn the fake server (tool.faults.test.ts); beside the cli suite on a loaded
// two-core machine a Node start alone took seconds, past vitest's 5 s. A hang still fails here.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 30_000 } })
