// Test support (not exported): real files in a temp directory and a stub provider over the real seam.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  createLspService,
  lspProviderId,
  type LspCompleteness,
  type LspLocation,
  type LspProviderQuery,
  type LspQueryResult,
} from '@agent-lsp/lsp'
import { onTestFinished } from 'vitest'
import { URI } from 'vscode-uri'
import { LspToolError } from './errors.js'
import type { LspToolOptions } from './options.js'
import { createLspTool, type LspTool } from './tool.js'

export const complete: LspCompleteness = { state: 'complete' }

/** A directory with `files` (relative path → content), removed after the test. */
export async function tempWorkspace(files: Record<string, string>): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'tool-lsp-')))
  onTestFinished(() => rm(root, { recursive: true, force: true }))
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, content)
  }
  return root
}

/** The canonical `file:` URI of `relative` under `root`, encoded as a server sends it. */
export function fileUri(root: string, relative: string): string {
  return URI.file(path.join(root, relative)).toString()
}

/** A location at a zero-based UTF-16 start (the end is not rendered). */
export function at(uri: string, line: number, character: number): LspLocation {
  return { uri, range: { start: { line, character }, end: { line, character: character + 1 } } }
}

export type Answer = (query: LspProviderQuery, signal: AbortSignal | undefined) => Promise<LspQueryResult> | LspQueryResult

/** The tool over a real `createLspService()` with one stub provider for `.ts`, and what it was asked. */
export function stubTool(answer: Answer, options: LspToolOptions): { tool: LspTool; seen: LspProviderQuery[] } {
  const lsp = createLspService()
  const seen: LspProviderQuery[] = []
  lsp.registerProvider({
    id: lspProviderId('stub'),
    extensionToLanguage: { '.ts': 'typescript' },
    async query(request, signal) {
      seen.push(request)
      return answer(request, signal)
    },
  })
  const tool = createLspTool({ lsp }, options)
  if (!tool) throw new Error('expected the tool to be offered')
  return { tool, seen }
}

/** The code and message `promise` rejects with, checking that it is a one-line `LspToolError`. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise
  } catch (error) {
    if (!LspToolError.isInstance(error)) throw error
    if (/[\r\n]/.test(error.message)) throw new Error(`multi-line message: ${error.message}`)
    return { code: error.code, message: error.message }
  }
  throw new Error('expected a rejection')
}
