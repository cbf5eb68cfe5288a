// Test support (not exported): a small TypeScript workspace indexed once by `agent-lsp index` (the
// pinned scip-typescript), copied afresh for each test, and the answers expected from it.
import { cp, mkdtemp, readFile, realpath, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { contentRevision, type ScipManifest } from '@agent-lsp/lsp-scip'
import { afterAll, onTestFinished } from 'vitest'
import { hostFiles } from '../daemon/host.test-support.js'
import { runIndexCommand } from '../index-command.js'
import { writeFiles } from '../workspace.test-support.js'

/** How long one scip-typescript run may take: ~2 s alone here, far more while the suite loads both cores. */
export const INDEX_TIMEOUT_MS = 150_000

/** `findReferences` of `retryLimit` at src/a.ts:1:14, as the live server prints it (no cross-check finds more). */
export const liveReferences = '3 references to retryLimit in 2 files\nsrc/a.ts:1:14  export const retryLimit = 3;\nsrc/b.ts\n1:10  import { retryLimit } from "./a";\n2:22  export const twice = retryLimit * 2;\n'

let template: Promise<{ dir: string; manifest: ScipManifest }> | undefined

afterAll(async () => {
  const made = await template?.catch(() => undefined)
  if (made) await rm(made.dir, { recursive: true, force: true })
})

/** `hostFiles` indexed, in a fresh directory (a realpath) removed after the test; `fromIndex` is the answers' first line. */
export async function indexedWorkspace(): Promise<{ root: string; manifest: ScipManifest; fromIndex: string }> {
  template ??= (async () => {
    const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-indexed-')))
    await writeFiles(dir, hostFiles)
    const said: string[] = []
    const code = await runIndexCommand(['--root', dir], { cwd: dir, stdout: (text) => said.push(text), stderr: (text) => said.push(text) })
    if (code !== 0) throw new Error(`agent-lsp index failed: ${said.join('')}`)
    const manifest = JSON.parse(await readFile(path.join(dir, '.agent-lsp/index.scip.json'), 'utf8')) as ScipManifest
    return { dir, manifest }
  })()
  const { dir, manifest } = await template
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-hybrid-')))
  onTestFinished(() => rm(root, { recursive: true, force: true }))
  await cp(dir, root, { recursive: true })
  // Not a git checkout: the revision is the content hash of the indexed files.
  return { root, manifest, fromIndex: `From index .agent-lsp/index.scip, built ${manifest.builtAt} at ${contentRevision(manifest.files)}` }
}
