import { symlink } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { at, complete, fileUri, stubTool, tempWorkspace } from '../workspace.test-support.js'

describe("rows in other repositories' indexes", () => {
  it('print as name:path:line:col with their code, after a line naming each repository\'s index; nothing outside that root is read', async () => {
    const app = await tempWorkspace({ 'src/main.ts': "import { retry } from 'acme-lib'\nexport const tries = retry(3)\n" })
    const lib = await tempWorkspace({ 'src/retry.ts': 'export function retry(times: number): number {\n  return times + 1\n}\n', 'src/secret.ts': 'const token = "s3cr3t"\n' })
    const other = await tempWorkspace({ 'key.ts': 'the key\n' })
    // A symlink in the library leading out of it: its row is shown without code.
    await symlink(path.join(other, 'key.ts'), path.join(lib, 'src/link.ts'))
    const provenance = { source: 'index', index: path.join(lib, '.agent-lsp/index.scip'), builtAt: '2026-12-01T09:30:00.000Z', revision: 'sha256:ab', staleUris: [fileUri(lib, 'src/retry.ts')] } as const
    const { tool } = stubTool(
      () => ({
        kind: 'locations',
        locations: [at(fileUri(app, 'src/main.ts'), 0, 9), at(fileUri(app, 'src/main.ts'), 1, 21), at(fileUri(lib, 'src/retry.ts'), 0, 16), at(fileUri(lib, 'src/link.ts'), 0, 4)],
        resolvedWorkspaceRoot: app,
        completeness: complete,
        repositories: [{ name: 'lib', root: lib, provenance }],
      }),
      { workspaceRoot: app },
    )
    expect(await tool.execute({ operation: 'findReferences', filePath: 'src/main.ts', line: 2, character: 22 })).toBe(
      [
        'lib: From index .agent-lsp/index.scip, built 2026-12-01T09:30:00.000Z at sha256:ab; changed since (rows there may have moved): src/retry.ts',
        '4 references to retry in 3 files',
        "lib:src/link.ts:1  (not read: its real path is outside lib's root)",
        'lib:src/retry.ts:1:17  export function retry(times: number): number {',
        'src/main.ts',
        "1:10  import { retry } from 'acme-lib'",
        '2:22  export const tries = retry(3)',
      ].join('\n'),
    )
  })
})
