import { basename, join } from 'node:path'
import type { LspCompleteness, LspOperation } from '@agent-lsp/lsp'
import { namedList, shownPath } from '@agent-lsp/wording'
import type { LocalServerConfig } from '../config.js'
import { firstFilesWith } from '../sync/projects.js'
import { readText } from '../sync/read-text.js'
import { SOURCES_WALK_BOUNDS } from '../sync/walk.js'

/** Operations whose places may lie in a project that uses this one. */
const reaching: ReadonlySet<LspOperation> = new Set<LspOperation>(['findReferences', 'goToImplementation', 'incomingCalls'])

/**
 * Marker files read under the workspace; past them (or past the walk's bounds) the answer is
 * partial, saying so (1,100 go.mod files, one a folder, walked, read and matched in 33-42 ms; before, past 64 none was read
 * and the answer said complete).
 */
const MAX_MARKERS = 1024

/**
 * `partial / unchecked` when other projects under the workspace, each with a server of its own,
 * name this one's (`LocalServerConfig.dependentRoots`: a Go module whose go.mod requires this
 * module's path, with no go.work over them): gopls of alpha/ searched alpha alone, and
 * goToImplementation of alpha.Shape was "No implementations found", complete, beside beta's
 * `var _ alpha.Shape = Square{}` (the tenth trial). `root`: this server's root.
 */
export function dependentRootsCompleteness(config: LocalServerConfig, operation: LspOperation, root: string, workspaceRoot: string): LspCompleteness | undefined {
  const rule = config.dependentRoots
  if (rule === undefined || !reaching.has(operation) || root === workspaceRoot) return undefined
  const name = new RegExp(rule.namePattern, 'm').exec(readText(join(root, rule.marker)) ?? '')?.[1]
  if (name === undefined) return undefined
  const { files: markers, all } = firstFilesWith(workspaceRoot, new Set(), MAX_MARKERS, new Set([rule.marker.toLowerCase()]))
  const named = new RegExp(`(^|[\\s"'(=])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[\\s"')/])`, 'm')
  const dependents = markers.filter((file) => basename(file) === rule.marker && !file.startsWith(`${root}/`) && named.test(readText(file) ?? ''))
  const unread = all ? '' : `the ${rule.marker} files past the first ${markers.length} under the workspace were not read (at most ${MAX_MARKERS}, within ${SOURCES_WALK_BOUNDS})`
  if (dependents.length === 0) {
    if (all) return undefined
    return { state: 'partial', reason: 'unchecked', message: `${unread}: other projects among them may name ${name}, each with a ${config.id} server of its own, not searched for ${operation}: ${rule.hint}` }
  }
  const shown = namedList(dependents.slice(0, 3).map((file) => shownPath(workspaceRoot, file)), { total: dependents.length })
  const which = dependents.length === 1 ? `1 other project names ${name} (${shown}); it has` : `${dependents.length} other projects name ${name} (${shown}); they have`
  return { state: 'partial', reason: 'unchecked', message: `${which} a ${config.id} server of its own, not searched for ${operation}${all ? '' : `, and ${unread}, which may name more`}: ${rule.hint}` }
}
