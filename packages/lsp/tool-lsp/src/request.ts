import path from 'node:path'
import type { LspQueryRequest } from '@agent-lsp/lsp'
import { locateCursor } from './cursor.js'
import { parseLspToolInput } from './input.js'

/**
 * The seam request a tool input stands for, without running it (for callers that want the
 * seam's own result, such as `agent-lsp --json`): the input validated, the file resolved inside
 * `workspaceRoot`, the 1-based code-point cursor converted to a zero-based UTF-16 position.
 * @param workspaceRoot - absolute path of the workspace.
 * @throws LspToolError `LSP_INVALID_INPUT`, `LSP_OUTSIDE_WORKSPACE`, `LSP_FILE_NOT_FOUND`,
 *   `LSP_INVALID_POSITION`.
 */
export async function toLspQueryRequest(input: unknown, workspaceRoot: string): Promise<LspQueryRequest> {
  const parsed = parseLspToolInput(input)
  const root = path.resolve(workspaceRoot)
  const cursor = await locateCursor(parsed, root)
  return { operation: parsed.operation, filePath: cursor.absolutePath, position: cursor.position, workspaceRoot: root }
}
