import { defineConfig } from 'vitest/config'

// npm fetches the servers the command bundles (typescript-language-server, pyright, …): on a fresh
// machine one to three minutes (it runs beside the other packages' tests).
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 600_000 } })
