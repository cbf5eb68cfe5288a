// Test support (not exported): waiting for what no event announces, and the build a script in
// another process runs. Process liveness itself is `@agent-lsp/lsp-testing`'s (`isAlive`, ...).
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Resolve once `check()` holds, polling every 20 ms; throw past `boundMs`. Only for what no event
 * announces, like another process's death.
 */
export async function within(boundMs: number, check: () => boolean): Promise<void> {
  const deadline = Date.now() + boundMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${boundMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** This package's directory: a script run with it as `cwd` imports `@agent-lsp/lsp-local` (its `dist/`). */
export const packageDir = fileURLToPath(new URL('..', import.meta.url))

/**
 * Throws unless `dist/index.js` is newer than every source file: a script in another process runs
 * the build, and must not test yesterday's code.
 */
export function assertBuildIsFresh(): void {
  const built = join(packageDir, 'dist', 'index.js')
  const builtAt = (() => {
    try {
      return statSync(built).mtimeMs
    } catch {
      return 0
    }
  })()
  const sources = readdirSync(join(packageDir, 'src')).filter((name) => name.endsWith('.ts') && !/\.test(-d|-support)?\.ts$/.test(name))
  const stale = sources.filter((name) => statSync(join(packageDir, 'src', name)).mtimeMs > builtAt)
  if (stale.length > 0) {
    throw new Error(`${built} is older than src/${stale.join(', src/')}: run \`pnpm --filter @agent-lsp/lsp-local build\` first`)
  }
}
