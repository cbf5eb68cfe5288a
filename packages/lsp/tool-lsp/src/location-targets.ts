import type { LspLocation, LspPosition } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import { relativeInside } from './workspace-path.js'

/** Where one location points, classified for display. Zero-based UTF-16 positions. */
export type LocationTarget =
  | {
      readonly kind: 'workspace'
      /** Relative to the workspace root it is under, forward slashes. */
      readonly file: string
      readonly absolutePath: string
      readonly line: number
      readonly character: number
      /** The end of the location's range. */
      readonly end: LspPosition
    }
  | {
      readonly kind: 'external'
      /** An absolute path for `file:` URIs outside the roots, else the URI itself. */
      readonly file: string
      readonly line: number
      readonly character: number
    }

/**
 * Classify and order locations for display: workspace files sorted by relative path, then
 * external files, rows within a file by position. Paths come from `vscode-uri`'s `fsPath`, never
 * from string surgery, because URIs escape spaces, `#`, `[`, `]` and non-ASCII.
 * @param roots - the workspace roots a path may be under, first match wins: the answer's
 *   `resolvedWorkspaceRoot` (the real path servers report), then the requested root (a provider
 *   may report paths through a symlinked root as it was given).
 */
export function toLocationTargets(locations: readonly LspLocation[], roots: readonly string[]): LocationTarget[] {
  return locations.map((location) => toTarget(location, roots)).sort(compareTargets)
}

function toTarget(location: LspLocation, roots: readonly string[]): LocationTarget {
  const { start, end } = location.range
  const { line, character } = start
  const uri = URI.parse(location.uri)
  if (uri.scheme !== 'file') return { kind: 'external', file: location.uri, line, character }
  for (const root of roots) {
    const relative = relativeInside(root, uri.fsPath)
    if (relative !== undefined) return { kind: 'workspace', file: relative, absolutePath: uri.fsPath, line, character, end }
  }
  return { kind: 'external', file: uri.fsPath, line, character }
}

// Plain code-unit order, not localeCompare: the same answer on every machine.
const order = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0)

function compareTargets(a: LocationTarget, b: LocationTarget): number {
  return order(a.kind === 'workspace' ? 0 : 1, b.kind === 'workspace' ? 0 : 1) || order(a.file, b.file) ||
    order(a.line, b.line) || order(a.character, b.character)
}
