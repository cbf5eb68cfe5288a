import path from 'node:path'
import { relativeInside } from '@agent-lsp/wording'
import { LspToolError } from '../errors.js'
import { pathForMessage } from './message-path.js'
import { fieldWord } from './field-word.js'

/**
 * A model's `fileFilter` as a path relative to the workspace root with forward slashes and no
 * trailing slash (`.` for the whole workspace), to compare with rows' relative paths.
 * @param roots - the roots an absolute filter may be under: the requested root, then its real path.
 * @param flags - how the message names the field (`--filter` for the command; see `fieldWord`).
 * @throws LspToolError `LSP_OUTSIDE_WORKSPACE` for a filter outside the workspace.
 */
export function normalizeFileFilter(filter: string, roots: readonly string[], flags: 'tool' | 'command' = 'tool'): string {
  const outside = (): LspToolError =>
    new LspToolError('LSP_OUTSIDE_WORKSPACE', `${fieldWord('fileFilter', flags)} ${pathForMessage(filter)} is outside the workspace root ${pathForMessage(roots[0] ?? '')}; give a file or folder inside it`)
  if (path.isAbsolute(filter)) {
    for (const root of roots) {
      if (path.resolve(filter) === root) return '.'
      const relative = relativeInside(root, path.resolve(filter))
      if (relative !== undefined) return relative
    }
    throw outside()
  }
  const normalized = path.posix.normalize(filter.split(path.sep).join('/')).replace(/\/+$/, '')
  if (normalized === '..' || normalized.startsWith('../')) throw outside()
  return normalized === '' ? '.' : normalized
}
