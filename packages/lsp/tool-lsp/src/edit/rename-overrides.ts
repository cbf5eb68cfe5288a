import { untilAborted } from '@agent-lsp/abort'
import type { LspLocation, LspPosition, LspSymbol, LspWorkspaceEdit } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import type { Cursor } from '../input/cursor.js'
import { createLineReader } from '../input/file-lines.js'
import { relativeInside } from '../input/workspace-path.js'
import { renderRow } from '../render/location-row.js'
import { toLocationTargets } from '../render/location-targets.js'
import { oneLine } from '../text/one-line.js'
import { rangeHolds } from '../text/positions.js'
import { ClassHierarchy, classKey, symbolKey, type ClassSymbol } from './class-hierarchy.js'
import type { EditFlowContext } from './edit-context.js'
import { mergeTextEdits, type TextEditStep } from './merge-edits.js'
import { changedBy } from './rename-check.js'

/** A method of the renamed one's class hierarchy: `Sub.total`, and where its name is (zero-based UTF-16). */
export interface HierarchyMethod {
  readonly name: string
  readonly uri: string
  readonly position: LspPosition
}

/** A rename carried through the class hierarchy of the renamed method. */
export interface OverrideRename {
  readonly edit: LspWorkspaceEdit
  /** Methods that override the renamed one or that it overrides, renamed with it (the server's rename left them). */
  readonly renamed: readonly HierarchyMethod[]
  /** Such methods that keep the old name, and why (outside the workspace, the server would not rename it). */
  readonly notRenamed: readonly (HierarchyMethod & { readonly why: string })[]
  /** Why the hierarchy found may not be all of it, one line. */
  readonly note: string | undefined
  /**
   * The class or interface declaring the renamed method, where its name is: a file that uses it
   * without naming the method (`const m: Named = new Impl()`, `Impl` matching by shape) breaks when
   * the method is renamed there only, so its references are checked too (`EditDescription.referencedAt`).
   */
  readonly container?: { readonly absolutePath: string; readonly position: LspPosition; readonly name: string }
}

/** Same-named methods elsewhere whose classes are followed upwards; the rest are counted in `note`. */
const MAX_CANDIDATES = 32

const METHOD_KINDS: ReadonlySet<string> = new Set(['Method', 'Property', 'Function', 'Field'])

/**
 * A rename of a method carried to the methods it overrides and that override it. pyright renames
 * the one method asked (tsserver, clangd and gopls rename the hierarchy themselves): renaming
 * `Base.total` left `Sub.total` overriding nothing, and `report(Sub())` silently called the base
 * method; no diagnostic says so. The family is found with the servers' questions: the declaration
 * (`goToDefinition` at the cursor), its class's bases (see {@link ClassHierarchy}), and the
 * same-named methods `workspaceSymbol` lists whose classes share a base that declares the method.
 * Each family method the edit does not rename is renamed at its name and the edits merged; one
 * outside the workspace, or that the server will not rename, is named in `notRenamed`.
 */
export async function renameThroughOverrides(context: EditFlowContext, edit: LspWorkspaceEdit, cursor: Cursor, oldName: string, newName: string): Promise<OverrideRename> {
  const none: OverrideRename = { edit, renamed: [], notRenamed: [], note: undefined }
  const hierarchy = new ClassHierarchy(context)
  const declared = await declarationOf(context, hierarchy, cursor, oldName)
  if (declared === undefined) return none
  const container = { absolutePath: URI.parse(declared.klass.uri).fsPath, position: declared.klass.symbol.selectionRange.start, name: declared.klass.symbol.name }
  const ancestors = await hierarchy.ancestorsOf(declared.klass)
  // Python's `object` declares only `__dunder__` methods: for any other name it holds no base method.
  const rootOnly = /^__\w+__$/.test(oldName) ? [] : ['object']
  const unexamined = [declared.klass, ...ancestors].flatMap((klass) => {
    const bases = hierarchy.basesOutside(klass).filter((base) => !rootOnly.includes(base))
    return bases.length === 0 ? [] : [`${klass.symbol.name}'s ${bases.join(', ')} (outside the workspace) ${bases.length === 1 ? 'was' : 'were'} not checked for a method ${oldName}`]
  })
  const family = new Map<string, HierarchyMethod & { readonly inside: boolean }>()
  const join = (klass: ClassSymbol, method: LspSymbol): void => {
    const inside = relativeInside(context.workspaceRoot, URI.parse(klass.uri).fsPath) !== undefined
    family.set(symbolKey(klass.uri, method), { name: `${klass.symbol.name}.${oldName}`, uri: klass.uri, position: method.selectionRange.start, inside })
  }
  const declaring = new Set<string>()
  for (const ancestor of ancestors) {
    const method = ownMethod(ancestor, oldName)
    if (method === undefined) continue
    declaring.add(classKey(ancestor))
    join(ancestor, method)
  }
  const listed = await sameNamed(context, oldName)
  const candidates = listed.symbols.filter((symbol) => !(symbol.uri === declared.klass.uri && rangeHolds(declared.method.range, symbol.range.start)) && !changedBy(edit, symbol))
  for (const symbol of candidates.slice(0, MAX_CANDIDATES)) {
    const klass = await hierarchy.classAt(symbol.uri, symbol.range.start)
    const method = klass === undefined ? undefined : ownMethod(klass, oldName)
    if (klass === undefined || method === undefined || family.has(symbolKey(klass.uri, method))) continue
    const above = (await hierarchy.ancestorsOf(klass)).map(classKey)
    if (above.includes(classKey(declared.klass)) || above.some((key) => declaring.has(key))) join(klass, method)
  }
  let changes = [...edit.changes]
  const renamed: HierarchyMethod[] = []
  const notRenamed: (HierarchyMethod & { why: string })[] = []
  for (const { inside, ...method } of family.values()) {
    if (changedBy({ changes }, { uri: method.uri, range: { start: method.position, end: method.position } })) continue
    if (!inside) {
      notRenamed.push({ ...method, why: 'outside the workspace' })
      continue
    }
    const steps = await renameAt(context, method, newName)
    if (typeof steps === 'string') notRenamed.push({ ...method, why: steps })
    else {
      changes = mergeTextEdits(changes, steps)
      renamed.push(method)
    }
  }
  const unchecked = candidates.length - Math.min(candidates.length, MAX_CANDIDATES)
  const notes = [
    ...unexamined,
    ...(listed.note === undefined ? [] : [listed.note]),
    ...(unchecked > 0 ? [`${unchecked} more methods named ${oldName} were not checked for overriding it`] : []),
  ]
  return { edit: renamed.length > 0 ? { changes } : edit, renamed, notRenamed, note: notes.length > 0 ? notes.join('; ') : undefined, container }
}

/** The method the cursor's name is declared as, in its class: `goToDefinition`'s first such answer. */
async function declarationOf(context: EditFlowContext, hierarchy: ClassHierarchy, cursor: Cursor, name: string): Promise<{ klass: ClassSymbol; method: LspSymbol } | undefined> {
  const { ctx, workspaceRoot, signal } = context
  const answer = await untilAborted(ctx.lsp.query({ operation: 'goToDefinition', filePath: cursor.absolutePath, position: cursor.position, workspaceRoot }, signal), signal).catch((error: unknown) => {
    if (signal.aborted) throw error
    return undefined
  })
  for (const location of answer?.locations ?? []) {
    const klass = await hierarchy.classAt(location.uri, location.range.start)
    const method = klass === undefined ? undefined : ownMethod(klass, name)
    if (klass !== undefined && method !== undefined && rangeHolds(method.range, location.range.start)) return { klass, method }
  }
  return undefined
}

/** The method named `name` that `klass` declares itself. */
function ownMethod(klass: ClassSymbol, name: string): LspSymbol | undefined {
  return klass.symbol.children.find((child) => child.name === name && METHOD_KINDS.has(child.kind))
}

/** The workspace symbols named exactly `name` inside a container, and a note when the list may be partial. */
async function sameNamed(context: EditFlowContext, name: string): Promise<{ symbols: LspLocation[]; note: string | undefined }> {
  const { ctx, workspaceRoot, signal } = context
  try {
    const result = await untilAborted(ctx.lsp.query({ operation: 'workspaceSymbol', query: name, filePath: null, workspaceRoot }, signal), signal)
    const symbols = result.symbols.filter((symbol) => symbol.name === name && METHOD_KINDS.has(symbol.kind) && symbol.containerName !== undefined).map(({ uri, range }) => ({ uri, range }))
    const note = result.completeness.state === 'partial' ? `the methods named ${name} may not all have been found (${result.completeness.reason}): ${oneLine(result.completeness.message)}` : undefined
    return { symbols, note }
  } catch (error) {
    if (signal.aborted) throw error
    return { symbols: [], note: `the methods named ${name} could not be listed: ${oneLine(error instanceof Error ? error.message : String(error))}` }
  }
}

/** The server's rename of `method`, or why there is none. */
async function renameAt(context: EditFlowContext, method: HierarchyMethod, newName: string): Promise<readonly TextEditStep[] | string> {
  const { ctx, workspaceRoot, signal } = context
  try {
    const result = await untilAborted(ctx.lsp.query({ operation: 'rename', filePath: URI.parse(method.uri).fsPath, position: method.position, newName, workspaceRoot }, signal), signal)
    const steps = result.edit?.changes ?? []
    if (steps.length === 0) return 'the server renames nothing there'
    return steps.every((step): step is TextEditStep => step.kind === 'edit') ? steps : 'the server would move or create files for it'
  } catch (error) {
    if (signal.aborted) throw error
    return `the server would not rename it: ${oneLine(error instanceof Error ? error.message : String(error))}`
  }
}

/**
 * What a rename's preview and apply say of its class hierarchy: the methods renamed with it, those
 * that keep the old name (a row each: `path:line:col  code`), and why the hierarchy may be more.
 * @param roots - the answer's and the requested workspace root, as rows are shown.
 */
export async function overrideLines(result: OverrideRename, oldName: string, roots: readonly [string, string]): Promise<string[]> {
  const readLines = createLineReader(roots[1])
  const rows = (methods: readonly (HierarchyMethod & { why?: string })[]) =>
    Promise.all(methods.map(async (method) => {
      const [target] = toLocationTargets([{ uri: method.uri, range: { start: method.position, end: method.position } }], roots)
      return `  ${await renderRow(target!, readLines)}${method.why === undefined ? '' : `  (${method.name}: ${method.why})`}`
    }))
  const lines: string[] = []
  if (result.renamed.length > 0) lines.push(`Also renamed: ${counted(result.renamed.length)} of the class hierarchy of ${oldName} (${result.renamed.map((method) => method.name).join(', ')}), so that overriding still holds:`, ...(await rows(result.renamed)))
  if (result.notRenamed.length > 0) lines.push(`Not renamed: ${counted(result.notRenamed.length)} of the class hierarchy of ${oldName} ${result.notRenamed.length === 1 ? 'keeps' : 'keep'} the old name, and would no longer override or be overridden:`, ...(await rows(result.notRenamed)))
  if (result.note !== undefined) lines.push(`The class hierarchy of ${oldName} may be incomplete: ${result.note}.`)
  return lines
}

/**
 * Why `apply` must not write the rename (a hierarchy method keeps the old name), or `undefined`.
 * @param force - how the answer names the field that writes anyway.
 */
export function overrideRefusal(result: OverrideRename, oldName: string, force: string): string | undefined {
  if (result.notRenamed.length === 0) return undefined
  const names = result.notRenamed.map((method) => `${method.name} (${method.why})`).join(', ')
  return `${names} would keep the name ${oldName} and no longer override or be overridden; nothing was written. Rename ${result.notRenamed.length === 1 ? 'it' : 'them'} by hand, or apply with ${force} to write it anyway`
}

const counted = (count: number): string => `${count} ${count === 1 ? 'method' : 'methods'}`
