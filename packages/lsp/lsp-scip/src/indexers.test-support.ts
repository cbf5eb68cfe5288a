// Test support (not exported): the pinned indexers (devDependencies) run on a workspace, and their
// outputs written as `agent-lsp index` writes them.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { DEFAULT_INDEX_PATH } from './indexes.js'
import { writeScipIndex, type WrittenScipIndex } from './write/write-index.js'

const require = createRequire(import.meta.url)
const run = promisify(execFile)

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`))
export const scipTypescriptBin = join(packageDir('@sourcegraph/scip-typescript'), 'dist', 'src', 'main.js')
export const scipPythonBin = join(packageDir('@sourcegraph/scip-python'), 'index.js')

/** What to index in a workspace: TypeScript (its tsconfig.json), Python (as the named project). */
export interface IndexWhat {
  readonly typescript?: boolean
  readonly python?: { readonly projectName: string }
}

/** Run the indexers on `root` and write `<root>/.agent-lsp/index.scip` and its manifest (commit null). */
export async function indexWorkspace(root: string, what: IndexWhat, builtAt = new Date()): Promise<WrittenScipIndex> {
  const scratch = await mkdtemp(join(tmpdir(), 'agent-lsp-scip-parts-'))
  try {
    const parts: string[] = []
    if (what.typescript) {
      const out = join(scratch, 'typescript.scip')
      await run(process.execPath, [scipTypescriptBin, 'index', '--cwd', root, '--output', out, '--no-progress-bar'], { cwd: root })
      parts.push(out)
    }
    if (what.python) {
      const out = join(scratch, 'python.scip')
      await run(process.execPath, [scipPythonBin, 'index', '--cwd', root, '--project-name', what.python.projectName, '--project-version', '0', '--output', out, '--quiet'], { cwd: root })
      parts.push(out)
    }
    return await writeScipIndex({ root, parts, out: join(root, DEFAULT_INDEX_PATH), commit: null, builtAt })
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}
