// Test support (not exported): the default servers' providers straight on ctx.lsp, with no layer
// over the seam (no cross-check), so a test sees exactly what lsp-local answers and labels.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createLspService, type LspQueryRequest, type LspQueryResult } from '@agent-lsp/lsp'
import { createLocalLspProvider, type LocalLspProviderOptions, type LocalServerConfig } from '@agent-lsp/lsp-local'
import { createLspTool, type LspTool } from '@agent-lsp/tool-lsp'
import { onTestFinished } from 'vitest'
import { render, type SeamRequest } from './seam.test-support.js'
import { defaultServers } from './servers.js'

export interface ProviderSeam {
  /** The realpath of the temp workspace (the folder `workspace` names, when given). */
  readonly root: string
  /** `ctx.lsp.query` on the workspace. */
  ask(request: SeamRequest): Promise<LspQueryResult>
  /** The tool on the same ctx.lsp, rooted at the workspace. */
  readonly tool: LspTool
  /** One string per item of an answer, paths relative to the workspace (see `render`). */
  show(result: LspQueryResult, list?: boolean): string[]
}

/**
 * Write `files` (relative path → content) into a fresh temp directory and register a provider for
 * each of `servers` (default: the catalogue's) on a new `ctx.lsp`, the workspace being that
 * directory or its subfolder `options.workspace`; all go when the test ends.
 */
export async function providersOn(
  files: Record<string, string>,
  servers: LocalServerConfig[] = defaultServers(),
  options: LocalLspProviderOptions & { readonly workspace?: string } = {},
): Promise<ProviderSeam> {
  const top = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-providers-')))
  const root = path.join(top, options.workspace ?? '')
  const lsp = createLspService()
  const { workspace: _, ...providerOptions } = options
  const providers = servers.map((config) => createLocalLspProvider(config, providerOptions))
  for (const provider of providers) lsp.registerProvider(provider)
  onTestFinished(async () => {
    await Promise.all(providers.map((provider) => provider.dispose()))
    lsp.dispose()
    await rm(top, { recursive: true, force: true })
  })
  for (const [relative, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(top, relative)), { recursive: true })
    await writeFile(path.join(top, relative), content)
  }
  await mkdir(root, { recursive: true })
  const tool = createLspTool({ lsp }, { workspaceRoot: root })
  if (!tool) throw new Error('no tool: no provider registered')
  const at = (uri: string, range: { start: { line: number; character: number } }): string => {
    const file = new URL(uri).pathname
    const shown = file.startsWith(`${root}/`) ? path.relative(root, file) : file
    return `${shown}:${range.start.line + 1}:${range.start.character + 1}`
  }
  return {
    root,
    ask: (request) => lsp.query({ ...request, workspaceRoot: root } as LspQueryRequest),
    tool,
    show: (result, list) => render(result, at, list),
  }
}
