// Test support (not exported): real files in a temp directory and a stub provider over the real seam.
import { execFileSync } from 'node:child_process'
import { constants } from 'node:fs'
import { mkdir, mkdtemp, open, realpath, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import {
  createLspService,
  lspProviderId,
  type LspCompleteness,
  type LspContext,
  type LspLocation,
  type LspPosition,
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

/**
 * A location at a zero-based UTF-16 start, `length` UTF-16 units long on that line. The default
 * empty range names nothing, so the header falls back to the word at the cursor.
 */
export function at(uri: string, line: number, character: number, length = 0): LspLocation {
  return { uri, range: { start: { line, character }, end: { line, character: character + length } } }
}

/**
 * A named pipe at `file`. After the test, a reader still blocked on it (the bug the tool must not
 * have) is released by opening the write end, so a failing test cannot hang the test process.
 */
export function fifo(file: string): void {
  execFileSync('mkfifo', [file])
  onTestFinished(async () => {
    const writer = await open(file, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => undefined)
    await writer?.close()
  })
}

export type Answer = (query: LspProviderQuery, signal: AbortSignal | undefined) => Promise<LspQueryResult> | LspQueryResult

/** A real `createLspService()` with one stub provider for `.ts`, and what it was asked. */
export function stubContext(answer: Answer): { ctx: LspContext; seen: LspProviderQuery[] } {
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
  return { ctx: { lsp }, seen }
}

/** The position a query was asked at, if it was a cursor query. */
export function positionOf(query: LspProviderQuery | undefined): LspPosition | undefined {
  return query !== undefined && 'position' in query ? query.position : undefined
}

/** The tool over {@link stubContext}, and what it was asked. */
export function stubTool(answer: Answer, options: LspToolOptions): { tool: LspTool; seen: LspProviderQuery[] } {
  const { ctx, seen } = stubContext(answer)
  const tool = createLspTool(ctx, options)
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
