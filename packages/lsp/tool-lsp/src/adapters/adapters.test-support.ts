// Test support (not exported): a tool answering findReferences from a stub provider over real
// files, and a `fetch` that answers SDK clients from a script, so an SDK call round-trips offline.
import { expect } from 'vitest'
import type { LspTool } from '../tool.js'
import { at, complete, fileUri, stubTool, tempWorkspace } from '../workspace.test-support.js'

/** The input a model sends, and the text the tool answers it with. */
export const referencesInput = { operation: 'findReferences', filePath: 'src/a.ts', line: 1, character: 14 }
export const referencesText = [
  '3 references to retryLimit in 2 files',
  'src/a.ts:1:14  export const retryLimit = 3;',
  'src/b.ts',
  '1:10  import { retryLimit } from "./a";',
  '2:22  export const twice = retryLimit * 2;',
].join('\n')

/** An input the tool refuses, and the one line every adapter reports for it. */
export const badInput = { operation: 'findReferences', filePath: 'src/a.ts', line: 0, character: 14 }
export const badInputText = 'LSP_INVALID_INPUT: line must be an integer >= 1 (got 0)'

/** The tool over a two-file workspace; its provider answers the three references of `retryLimit`. */
export async function referencesTool(): Promise<LspTool> {
  const root = await tempWorkspace({
    'src/a.ts': 'export const retryLimit = 3;\n',
    'src/b.ts': 'import { retryLimit } from "./a";\nexport const twice = retryLimit * 2;\n',
  })
  const a = fileUri(root, 'src/a.ts')
  const b = fileUri(root, 'src/b.ts')
  const locations = [at(a, 0, 13, 10), at(b, 0, 9, 10), at(b, 1, 21, 10)]
  const { tool } = stubTool(() => ({ kind: 'locations', locations, resolvedWorkspaceRoot: root, completeness: complete }), { workspaceRoot: root })
  return tool
}

/** A `fetch` answering each call with the next of `replies` as JSON; `bodies` are the request bodies sent. */
export function scriptedFetch(replies: readonly unknown[]): { fetch: typeof globalThis.fetch; bodies: unknown[] } {
  const bodies: unknown[] = []
  const answer = async (_url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    expect(typeof init?.body).toBe('string')
    bodies.push(JSON.parse(init?.body as string))
    const reply = replies[bodies.length - 1]
    if (reply === undefined) throw new Error(`unscripted request ${bodies.length}`)
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } })
  }
  return { fetch: answer, bodies }
}
