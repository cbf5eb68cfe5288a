// `--source` as a person runs it (the built command, its own servers: AGENT_LSP_NO_DAEMON): a cold
// command with an index answers from it, labelled; live ignores it; index without one refuses; a
// file edited since the build is answered live (auto) or stale-labelled (index), never silently old.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { contentRevision } from '@agent-lsp/lsp-scip'
import { describe, expect, it } from 'vitest'
import { hostFiles, run } from '../daemon/host.test-support.js'
import { tempWorkspace } from '../workspace.test-support.js'
import { INDEX_TIMEOUT_MS, indexedWorkspace, liveReferences } from './indexed.test-support.js'

const references = ['findReferences', 'src/a.ts:1:14']

describe('agent-lsp --source', () => {
  it('auto (the default): a cold command with an index answers from it at once, its first line saying which', async () => {
    const { root, manifest, fromIndex } = await indexedWorkspace()
    expect(await run(references, root, process.env)).toEqual({ exit: 0, stdout: `${fromIndex}\n${liveReferences}`, stderr: '' })
    expect(await run([...references, '--source', 'auto'], root, process.env)).toEqual({ exit: 0, stdout: `${fromIndex}\n${liveReferences}`, stderr: '' })
    const json = JSON.parse((await run([...references, '--json'], root, process.env)).stdout) as Record<string, unknown>
    expect({ provenance: json.provenance, completeness: json.completeness }).toEqual({
      provenance: { source: 'index', index: path.join(root, '.agent-lsp/index.scip'), builtAt: manifest.builtAt, revision: contentRevision(manifest.files), staleUris: [] },
      completeness: { state: 'complete' },
    })
    // An operation the index does not answer goes to the live server.
    expect(await run(['goToTypeDefinition', 'src/b.ts:2:22'], root, process.env)).toEqual({ exit: 0, stdout: 'No type definition found for retryLimit at src/b.ts:2:22.\n', stderr: '' })
  }, INDEX_TIMEOUT_MS)

  it('live ignores the index; index without one says how to build it; a bad value is a usage error', async () => {
    const { root } = await indexedWorkspace()
    expect(await run([...references, '--source', 'live'], root, process.env)).toEqual({ exit: 0, stdout: liveReferences, stderr: '' })
    const bare = await tempWorkspace(hostFiles)
    expect(await run([...references, '--source', 'index'], bare, process.env)).toEqual({
      exit: 1,
      stdout: '',
      stderr: `agent-lsp: LSP_INDEX_NOT_FOUND: no SCIP index at ${bare}/.agent-lsp/index.scip; build one with: agent-lsp index --root ${bare}\n`,
    })
    // auto without an index: the live server, as before there were indexes.
    expect(await run(references, bare, process.env)).toEqual({ exit: 0, stdout: liveReferences, stderr: '' })
    expect(await run([...references, '--source', 'cache'], bare, process.env)).toEqual({ exit: 2, stdout: '', stderr: 'agent-lsp: --source must be auto, index, live (got cache)\nRun "agent-lsp --help" for usage.\n' })
    expect((await run(['doctor', '--source', 'index'], bare, process.env)).stderr).toBe('agent-lsp: doctor takes no --source (only --root DIR)\nRun "agent-lsp --help" for usage.\n')
  }, INDEX_TIMEOUT_MS)

  it('the config key source (a workspace agent-lsp.toml here) chooses likewise; --source overrides it', async () => {
    const { root, fromIndex } = await indexedWorkspace()
    await writeFile(path.join(root, 'agent-lsp.toml'), 'source = "live"\n')
    expect(await run(references, root, process.env)).toEqual({ exit: 0, stdout: liveReferences, stderr: '' })
    expect(await run([...references, '--source', 'auto'], root, process.env)).toEqual({ exit: 0, stdout: `${fromIndex}\n${liveReferences}`, stderr: '' })
    await writeFile(path.join(root, 'agent-lsp.toml'), 'source = "cache"\n')
    expect(await run(references, root, process.env)).toEqual({ exit: 1, stdout: '', stderr: `agent-lsp: CONFIG_INVALID: ${root}/agent-lsp.toml:1: source: Invalid option: expected one of "auto"|"index"|"live"\n` })
  }, INDEX_TIMEOUT_MS)

  it('a file edited since the build: auto answers live, index says which rows may have moved', async () => {
    const { root, fromIndex } = await indexedWorkspace()
    // A row's file changed (b.ts, a line inserted): its rows may have moved.
    await writeFile(path.join(root, 'src/b.ts'), 'import { retryLimit } from "./a";\n\nexport const twice = retryLimit * 2;\n')
    const moved = '3 references to retryLimit in 2 files\nsrc/a.ts:1:14  export const retryLimit = 3;\nsrc/b.ts\n1:10  import { retryLimit } from "./a";\n3:22  export const twice = retryLimit * 2;\n'
    expect(await run(references, root, process.env)).toEqual({ exit: 0, stdout: moved, stderr: '' })
    expect(await run([...references, '--source', 'index', '--no-cross-check'], root, process.env)).toEqual({
      exit: 0,
      stdout:
        'Partial answer (stale): 1 indexed file changed since the index was built (src/b.ts): rows there may have moved, and what was written since is missing\n' +
        `${fromIndex}; changed since (rows there may have moved): src/b.ts\n` +
        '3 references to retryLimit in 2 files\nsrc/a.ts:1:14  export const retryLimit = 3;\nsrc/b.ts\n1:10  import { retryLimit } from "./a";\n2:22\n',
      stderr: '',
    })
    // The asked file changed: the index does not answer positions in it; auto asks the live server.
    await writeFile(path.join(root, 'src/a.ts'), '// the limit\nexport const retryLimit = 3;\n')
    expect(await run(['findReferences', 'src/a.ts:2:14'], root, process.env)).toEqual({ exit: 0, stdout: moved.replace('src/a.ts:1:14', 'src/a.ts:2:14'), stderr: '' })
    const stale = JSON.parse((await run(['findReferences', 'src/a.ts:2:14', '--source', 'index', '--no-cross-check', '--json'], root, process.env)).stdout) as Record<string, unknown>
    expect({ locations: stale.locations, completeness: stale.completeness, stale: (stale.provenance as { staleUris: unknown }).staleUris }).toEqual({
      locations: [],
      completeness: { state: 'partial', reason: 'stale', message: 'src/a.ts changed since the index was built, so positions in it are not answered from the index; rebuild it (agent-lsp index) or ask the live server' },
      stale: [pathToFileURL(path.join(root, 'src/a.ts')).href],
    })
  }, INDEX_TIMEOUT_MS)
})
