import { LspToolError } from '../errors.js'
import type { DiffSpec } from './tool-request.js'

/**
 * Parse the `diff` field: absent → the working tree, `staged`, or `REV..REV`.
 * @throws LspToolError `LSP_INVALID_INPUT` for anything else (`A...B` included: a merge base is not what is changed).
 */
export function parseDiffSpec(diff: string | undefined): DiffSpec {
  if (diff === undefined || diff === 'worktree') return { kind: 'worktree' }
  if (diff === 'staged') return { kind: 'staged' }
  const [from, to, ...rest] = diff.split('..')
  if (diff.includes('...') || rest.length > 0 || !from || !to) {
    throw new LspToolError('LSP_INVALID_INPUT', `diff must be staged or REV..REV (got ${JSON.stringify(diff)}); leave it out for the working tree`)
  }
  return { kind: 'range', from, to }
}
