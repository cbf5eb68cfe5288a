import type { LspContext } from '@agent-lsp/lsp'

/** What the hierarchy's questions need: the seam, the workspace they are asked in, and the call's signal. */
export interface HierarchyContext {
  readonly ctx: LspContext
  readonly workspaceRoot: string
  readonly signal: AbortSignal
}
