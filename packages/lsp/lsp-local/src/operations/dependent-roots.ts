import { basename, join, relative } from 'node:path'
import type { LspCompleteness, LspOperation } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'
import { filesWith } from '../sync/projects.js'
import { readText } from '../sync/read-text.js'

/** Operations whose places may lie in a project that uses this one. */
const reaching: ReadonlySet<LspOperation> = new Set<LspOperation>(['findReferences', 'goToImplementation', 'incomingCalls'])

/** Marker files looked at under the workspace; past them, none is named. */
const MAX_MARKERS = 64

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
  const markers = filesWith(workspaceRoot, new Set(), MAX_MARKERS, new Set([rule.marker.toLowerCase()])) ?? []
  const named = new RegExp(`(^|[\\s"'(=])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[\\s"')/])`, 'm')
  const dependents = markers.filter((file) => basename(file) === rule.marker && !file.startsWith(`${root}/`) && named.test(readText(file) ?? ''))
  if (dependents.length === 0) return undefined
  const shown = dependents.slice(0, 3).map((file) => relative(workspaceRoot, file)).join(', ') + (dependents.length > 3 ? `, and ${dependents.length - 3} more` : '')
  const which = dependents.length === 1 ? `1 other project names ${name} (${shown}); it has` : `${dependents.length} other projects name ${name} (${shown}); they have`
  return { state: 'partial', reason: 'unchecked', message: `${which} a ${config.id} server of its own, not searched for ${operation}: ${rule.hint}` }
}
