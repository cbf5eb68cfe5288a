// A workspace root or a file path reached through a symlink: inside by the path as given, or by real paths.
import { rm, symlink } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { pricingFiles } from './fixtures.test-support.js'
import { at, complete, failure, fileUri, stubTool, tempWorkspace } from './workspace.test-support.js'

const definition = { operation: 'goToDefinition', line: 2, character: 10 }
const roundCentsRow = 'src/pricing.ts:4:17  export function roundCents(value: number): number {'

/** `${target}-link` → `target`, removed after the test. */
async function linkTo(target: string): Promise<string> {
  const link = `${target}-link`
  await symlink(target, link)
  onTestFinished(() => rm(link, { force: true }))
  return link
}

/** The tool over a real root that answers roundCents' definition, as the real provider does. */
function definitionTool(root: string, workspaceRoot: string) {
  const answer = () =>
    ({ kind: 'locations', locations: [at(fileUri(root, 'src/pricing.ts'), 3, 16, 10)], resolvedWorkspaceRoot: root, completeness: complete }) as const
  return stubTool(answer, { workspaceRoot })
}

describe('symlinked workspace paths', () => {
  it('accepts a file through a symlink to the real root', async () => {
    const root = await tempWorkspace(pricingFiles)
    const link = await linkTo(root)
    const { tool, seen } = definitionTool(root, root)
    const text = await tool.execute({ ...definition, filePath: path.join(link, 'src/pricing.ts') })
    expect(seen[0]?.filePath).toBe(path.join(link, 'src/pricing.ts'))
    expect(text).toBe(`roundCents → ${roundCentsRow}`)
  })

  it('accepts a file under the real root when the root is a symlink', async () => {
    const root = await tempWorkspace(pricingFiles)
    const link = await linkTo(root)
    const { tool } = definitionTool(root, link)
    expect(await tool.execute({ ...definition, filePath: path.join(root, 'src/pricing.ts') })).toBe(
      `roundCents → ${roundCentsRow}`,
    )
  })

  it('says a missing file under the real root is missing, not outside', async () => {
    const root = await tempWorkspace(pricingFiles)
    const link = await linkTo(root)
    const { tool } = definitionTool(root, link)
    const missing = path.join(root, 'src/missing.ts')
    expect(await failure(tool.execute({ ...definition, filePath: missing }))).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: `file not found: ${missing}`,
    })
  })

  it('names the real path only when a symlink makes it differ', async () => {
    const root = await tempWorkspace(pricingFiles)
    const elsewhere = await tempWorkspace({ 'x.ts': 'export const x = 1\n' })
    const elsewhereLink = await linkTo(elsewhere)
    const rootLink = await linkTo(root)
    const ask = (workspaceRoot: string, filePath: string) =>
      failure(definitionTool(root, workspaceRoot).tool.execute({ ...definition, filePath, line: 1, character: 1 }))
    const x = path.join(elsewhere, 'x.ts')
    expect(await ask(root, x)).toEqual({
      code: 'LSP_OUTSIDE_WORKSPACE',
      message: `${x} is outside the workspace root ${root}; give a path inside it`,
    })
    expect(await ask(root, path.join(elsewhereLink, 'x.ts'))).toEqual({
      code: 'LSP_OUTSIDE_WORKSPACE',
      message: `${path.join(elsewhereLink, 'x.ts')} resolves to ${x}, outside the workspace root ${root}; give a path inside it`,
    })
    expect(await ask(rootLink, x)).toEqual({
      code: 'LSP_OUTSIDE_WORKSPACE',
      message: `${x} is outside the workspace root ${rootLink} (real path ${root}); give a path inside it`,
    })
  })

  it('treats the root itself as a directory, not as outside', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = definitionTool(root, root)
    expect(await failure(tool.execute({ ...definition, filePath: '.' }))).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: `. is a directory, not a file (resolved to ${root})`,
    })
  })

  it('shows result paths under the requested root when the provider reports them there', async () => {
    const root = await tempWorkspace(pricingFiles)
    const link = await linkTo(root)
    const answer = () =>
      ({ kind: 'locations', locations: [at(fileUri(link, 'src/pricing.ts'), 3, 16, 10)], resolvedWorkspaceRoot: root, completeness: complete }) as const
    const { tool } = stubTool(answer, { workspaceRoot: link })
    expect(await tool.execute({ ...definition, filePath: 'src/pricing.ts' })).toBe(`roundCents → ${roundCentsRow}`)
  })
})
