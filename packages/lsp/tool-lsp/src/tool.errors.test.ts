import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { LspError, createLspService, type LspQueryResult } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { LspToolError } from './errors.js'
import { pricingFiles } from './fixtures.test-support.js'
import { createLspTool } from './tool.js'
import { complete, failure, stubTool, tempWorkspace, positionOf } from './workspace.test-support.js'

const references = { operation: 'findReferences', filePath: 'src/app.ts', line: 2, character: 53 }
const empty = (root: string): LspQueryResult => ({ kind: 'locations', locations: [], resolvedWorkspaceRoot: root, completeness: complete })

/** A provider that answers only when its signal aborts, rejecting as the contract says. */
const untilCancelled = (_: unknown, signal: AbortSignal | undefined): Promise<LspQueryResult> =>
  new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new LspError('LSP_CANCELLED', 'request cancelled')), { once: true })
  })

describe('tool errors', () => {
  it('rejects invalid input with LSP_INVALID_INPUT before asking anyone', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool, seen } = stubTool(() => empty(root), { workspaceRoot: root })
    expect(await failure(tool.execute({ ...references, line: 0 }))).toEqual({
      code: 'LSP_INVALID_INPUT',
      message: 'line must be an integer >= 1 (got 0)',
    })
    expect(seen).toEqual([])
  })

  it('names a missing file as given and as resolved', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = stubTool(() => empty(root), { workspaceRoot: root })
    expect(await failure(tool.execute({ ...references, filePath: 'src/missing.ts' }))).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: `file not found: src/missing.ts (resolved to ${path.join(root, 'src/missing.ts')})`,
    })
    expect(await failure(tool.execute({ ...references, filePath: 'src' }))).toEqual({
      code: 'LSP_FILE_NOT_FOUND',
      message: `src is a directory, not a file (resolved to ${path.join(root, 'src')})`,
    })
  })

  it('refuses paths outside the workspace, including through ..', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = stubTool(() => empty(root), { workspaceRoot: root })
    expect(await failure(tool.execute({ ...references, filePath: 'src/../../outside.ts' }))).toEqual({
      code: 'LSP_OUTSIDE_WORKSPACE',
      message: `src/../../outside.ts resolves to ${path.join(path.dirname(root), 'outside.ts')}, outside the workspace root ${root}; give a path inside it`,
    })
    const elsewhere = path.join(await tempWorkspace({ 'x.ts': '' }), 'x.ts')
    expect(await failure(tool.execute({ ...references, filePath: elsewhere }))).toEqual({
      code: 'LSP_OUTSIDE_WORKSPACE',
      message: `${elsewhere} is outside the workspace root ${root}; give a path inside it`,
    })
  })

  it('refuses positions past the end of the file or line, allowing the end of the line', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool, seen } = stubTool(() => empty(root), { workspaceRoot: root })
    expect(await failure(tool.execute({ ...references, filePath: 'src/pricing.ts', line: 40 }))).toEqual({
      code: 'LSP_INVALID_POSITION',
      message: 'line 40 is past the end of src/pricing.ts (6 lines)',
    })
    expect(await failure(tool.execute({ ...references, character: 78 }))).toEqual({
      code: 'LSP_INVALID_POSITION',
      message: 'character 78 is past the end of line 2 of src/app.ts (76 code points; 77 is the end of the line)',
    })
    await tool.execute({ ...references, character: 77 })
    expect(seen.map(positionOf)).toEqual([{ line: 1, character: 79 }])
  })

  it('says a position past the end in its own words when the file shrank after the tool read it', async () => {
    const root = await tempWorkspace(pricingFiles)
    const app = path.join(root, 'src/app.ts')
    // The host reads the file after the tool: it is one line long by then, and the host says so in its units.
    const { tool } = stubTool(async () => {
      await writeFile(app, 'export {}\n')
      throw new LspError('LSP_INVALID_POSITION', `line 1 (zero-based) is past the end of ${app} (1 lines)`)
    }, { workspaceRoot: root })
    expect(await failure(tool.execute(references))).toEqual({
      code: 'LSP_INVALID_POSITION',
      message: 'line 2 is past the end of src/app.ts (1 line)',
    })
  })

  it("copies the seam's code and message", async () => {
    const root = await tempWorkspace({ ...pricingFiles, 'src/notes.py': 'x = 1\n' })
    const { tool } = stubTool(() => empty(root), { workspaceRoot: root })
    expect(await failure(tool.execute({ ...references, filePath: 'src/notes.py', line: 1, character: 1 }))).toEqual({
      code: 'LSP_UNAVAILABLE',
      message: 'no language server configured for .py',
    })
  })

  it("copies a provider's LspError, keeping it as the cause", async () => {
    const root = await tempWorkspace(pricingFiles)
    const crash = new LspError('LSP_SERVER_CRASHED', 'typescript-language-server exited with code 1; it restarts on the next query')
    const { tool } = stubTool(() => Promise.reject(crash), { workspaceRoot: root })
    const error = await tool.execute(references).catch((e: unknown) => e)
    expect(LspToolError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ code: 'LSP_SERVER_CRASHED', message: crash.message, cause: crash })
  })

  it('turns anything else into LSP_INTERNAL without a stack', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = stubTool(() => Promise.reject(new TypeError('boom\n    at somewhere (x.js:1:1)')), { workspaceRoot: root })
    expect(await failure(tool.execute(references))).toEqual({
      code: 'LSP_INTERNAL',
      message: 'internal error: boom',
    })
  })

  it('puts a provider message with line breaks and a stack on one line, without the stack', async () => {
    const root = await tempWorkspace(pricingFiles)
    const message = 'cannot parse reply\nline 2\r\n\tline 3\n    at parse (/x/y.js:10:5)\n    at async run (node:internal/x:1:2)\n'
    const { tool } = stubTool(() => Promise.reject(new Error(message)), { workspaceRoot: root })
    expect(await failure(tool.execute(references))).toEqual({
      code: 'LSP_INTERNAL',
      message: 'internal error: cannot parse reply line 2 line 3',
    })
    const odd = stubTool(() => Promise.reject(Object.create(null)), { workspaceRoot: root }).tool
    expect(await failure(odd.execute(references))).toEqual({ code: 'LSP_INTERNAL', message: 'internal error: [object Object]' })
  })

  it('keeps every LspToolError message on one line, whoever builds it', () => {
    const error = new LspToolError('LSP_INTERNAL', 'first\r\nsecond\u2028third\n    at f (a.js:1:2)')
    expect(error.message).toBe('first second third')
  })

  it('times out with LSP_TIMEOUT, aborting the provider', async () => {
    const root = await tempWorkspace(pricingFiles)
    let providerSignal: AbortSignal | undefined
    const { tool } = stubTool(
      (query, signal) => {
        providerSignal = signal
        return untilCancelled(query, signal)
      },
      // Long enough that a loaded machine reaches the provider before the deadline.
      { workspaceRoot: root, timeoutMs: 500 },
    )
    expect(await failure(tool.execute(references))).toEqual({
      code: 'LSP_TIMEOUT',
      message: 'findReferences timed out after 500 ms',
    })
    expect(providerSignal?.aborted).toBe(true)
  })

  it('times out even when the provider ignores its signal', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool } = stubTool(() => new Promise<never>(() => {}), { workspaceRoot: root, timeoutMs: 50 })
    expect(await failure(tool.execute(references))).toEqual({
      code: 'LSP_TIMEOUT',
      message: 'findReferences timed out after 50 ms',
    })
  })

  it("says cancelled when the caller's signal aborts", async () => {
    const root = await tempWorkspace(pricingFiles)
    const controller = new AbortController()
    let started!: () => void
    const asked = new Promise<void>((resolve) => (started = resolve))
    const { tool } = stubTool(
      (query, signal) => {
        started()
        return untilCancelled(query, signal)
      },
      { workspaceRoot: root },
    )
    const pending = failure(tool.execute(references, controller.signal))
    await asked
    controller.abort()
    expect(await pending).toEqual({ code: 'LSP_CANCELLED', message: 'findReferences was cancelled' })
  })

  it('does not ask the provider when the caller already aborted', async () => {
    const root = await tempWorkspace(pricingFiles)
    const { tool, seen } = stubTool(() => empty(root), { workspaceRoot: root })
    expect(await failure(tool.execute(references, AbortSignal.abort()))).toEqual({
      code: 'LSP_CANCELLED',
      message: 'findReferences was cancelled',
    })
    expect(seen).toEqual([])
  })
})

describe('createLspTool', () => {
  it('is not offered without providers', () => {
    expect(createLspTool({ lsp: createLspService() }, { workspaceRoot: '/work/app' })).toBeUndefined()
  })

  it('rejects unusable options with LSP_INVALID_OPTIONS', () => {
    const make = (options: { workspaceRoot: string; timeoutMs?: number; maxResults?: number; writeFlags?: 'tool' | 'command' }) => () =>
      stubTool(() => Promise.reject(new Error('unused')), options)
    expect(make({ workspaceRoot: 'relative/root' })).toThrow(
      new LspToolError('LSP_INVALID_OPTIONS', 'invalid lsp tool options: workspaceRoot must be an absolute path (got "relative/root")'),
    )
    expect(make({ workspaceRoot: '/w', timeoutMs: 0 })).toThrow(
      'invalid lsp tool options: timeoutMs must be an integer from 1 to 2147483647 (got 0)',
    )
    expect(make({ workspaceRoot: '/w', maxResults: 2.5 })).toThrow('invalid lsp tool options: maxResults must be an integer >= 1 (got 2.5)')
    expect(make({ workspaceRoot: '/w', writeFlags: 'cli' as 'command' })).toThrow('invalid lsp tool options: writeFlags must be "tool" or "command" (got "cli")')
  })
})
