// Test support (not exported): ctx.lsp over the default servers on a real workspace written to a
// temp directory, and one-line renderings of its answers for exact assertions. Seam level only (no
// tool), so these tests need nothing but @agent-lsp/lsp, @agent-lsp/lsp-local and this package.
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { LspQueryRequest, LspQueryResult, LspRange, LspSymbol } from '@agent-lsp/lsp'
import { onTestFinished } from 'vitest'
import type { LocalServerConfig } from '@agent-lsp/lsp-local'
import { createLspHost } from './host.js'

/** A request without its `workspaceRoot` (the helper adds it). */
export type SeamRequest = LspQueryRequest extends infer R ? (R extends unknown ? Omit<R, 'workspaceRoot'> : never) : never

export interface Seam {
  /** The realpath of the temp workspace. */
  readonly root: string
  /** `ctx.lsp.query` on the workspace, through a host with the default servers. */
  ask(request: SeamRequest): Promise<LspQueryResult>
  /** `path:line:col` (1-based, relative to the workspace; absolute outside it). */
  at(uri: string, range: LspRange): string
  /** What an answer says, one string per item: see {@link render}. */
  show(result: LspQueryResult, list?: boolean): string[]
}

/**
 * Write `files` (relative path → content; a function gets the root, for files that must name it)
 * into a fresh temp directory and start a host on it (with `servers`, else the default ones); both
 * go when the test ends.
 */
export async function seamOn(files: Record<string, string> | ((root: string) => Record<string, string>), servers?: readonly LocalServerConfig[]): Promise<Seam> {
  const host = createLspHost(servers) // servers start on the first query
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-seam-')))
  // Servers first: clangd writes its index under the root until it stops.
  onTestFinished(async () => {
    await host.dispose()
    await rm(root, { recursive: true, force: true })
  })
  for (const [relative, content] of Object.entries(typeof files === 'function' ? files(root) : files)) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true })
    await writeFile(path.join(root, relative), content)
  }
  const at = (uri: string, range: LspRange): string => {
    const file = new URL(uri).pathname
    const shown = file.startsWith(`${root}/`) ? path.relative(root, file) : file
    return `${shown}:${range.start.line + 1}:${range.start.character + 1}`
  }
  return {
    root,
    ask: (request) => host.ctx.lsp.query({ ...request, workspaceRoot: root } as LspQueryRequest),
    at,
    show: (result, list) => render(result, at, list),
  }
}

/**
 * One line per item: locations as `path:line:col`; hover as its text; document symbols as an
 * outline (`Kind name@line:col` of the name, children indented) or, with `list` (workspace
 * symbols), as `Kind container.name path:line:col`; calls as `Kind name ← call sites` (incoming) or
 * `Kind name @ call sites` (outgoing); diagnostics as `line:col severity code message`; signature
 * help as `label (active parameter N)`, `*` on the active signature, then each parameter's label;
 * edits as `path:line:col "newText"`; code actions as `kind title`; completions as `Kind label detail`.
 */
export function render(result: LspQueryResult, at: (uri: string, range: LspRange) => string, list = false): string[] {
  switch (result.kind) {
    case 'locations':
      return result.locations.map((l) => at(l.uri, l.range))
    case 'hover':
      return result.hover === null ? [] : [result.hover.contents]
    case 'symbols':
      return !list
        ? outline(result.symbols)
        : result.symbols.map((s) => `${s.kind} ${s.containerName ? `${s.containerName}.` : ''}${s.name} ${at(s.uri, s.selectionRange)}`)
    case 'calls':
      return result.calls.map((c) => `${c.item.kind} ${c.item.name} ${result.direction === 'incoming' ? '←' : '@'} ${c.callSites.map((s) => at(s.uri, s.range)).join(' ')}`)
    case 'diagnostics':
      return result.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.code} ${d.message}`)
    case 'signatureHelp': {
      if (result.signatureHelp === null) return []
      const { signatures, activeSignature, activeParameter } = result.signatureHelp
      return signatures.flatMap((s, i) => [`${i === activeSignature ? '* ' : ''}${s.label} (active parameter ${activeParameter ?? 'none'})`, ...s.parameters.map((p) => `  ${p.label}`)])
    }
    case 'workspaceEdit':
      return (result.edit?.changes ?? []).flatMap((c) => (c.kind === 'edit' ? c.edits.map((e) => `${at(c.uri, e.range)} ${JSON.stringify(e.newText)}`) : [`${c.kind}`]))
    case 'codeActions':
      return result.actions.map((a) => `${a.kind ?? '-'} ${a.title}`)
    case 'completion':
      return (result.completion?.items ?? []).map((item) => `${item.kind} ${item.label}${item.detail ? ` ${item.detail}` : ''}`)
    case 'callHierarchyItems':
      return result.items.map((item) => `${item.kind} ${item.name}${item.detail ? ` (${item.detail})` : ''} ${at(item.uri, item.selectionRange)} ${at(item.uri, item.range)}`)
    case 'typeHierarchy':
      return result.items.map((item) => `${item.kind} ${item.name}${item.detail ? ` (${item.detail})` : ''} ${at(item.uri, item.selectionRange)} ${at(item.uri, item.range)}`)
    case 'overlayDiagnostics':
      return result.files.flatMap((f) => f.diagnostics.map((d) => `${at(f.uri, d.range)} ${d.severity} ${d.source} ${d.code} ${d.message}`))
    case 'workspaceDiagnostics':
      return result.files.flatMap((f) => f.diagnostics.map((d) => `${at(f.uri, d.range)} ${d.severity} ${d.source} ${d.code} ${d.message}`))
  }
}

function outline(symbols: readonly LspSymbol[], depth = 0): string[] {
  return symbols.flatMap((s) => [`${'  '.repeat(depth)}${s.kind} ${s.name}@${s.selectionRange.start.line + 1}:${s.selectionRange.start.character + 1}`, ...outline(s.children, depth + 1)])
}
