import { defineConfig } from 'vitest/config'

// These tests spawn fake and real server processes; on a loaded two-core machine a Node start
// alone can take a second. A hang still fails, at this bound.
export default defineConfig({ test: { testTimeout: 30_000, hookTimeout: 30_000 } })
