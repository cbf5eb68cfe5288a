import { untilAborted } from '@agent-lsp/abort'
import type { LspLocation, LspPosition, LspWorkspaceEdit } from '@agent-lsp/lsp'
import { URI } from 'vscode-uri'
import type { Cursor } from '../input/cursor.js'
import { createLineReader } from '../input/file-lines.js'
import { renderRow } from '../render/location-row.js'
import { toLocationTargets } from '../render/location-targets.js'
import { oneLine } from '../text/one-line.js'
import { ClassHierarchy } from '../hierarchy/class-hierarchy.js'
import { implementationFamilyAt } from '../hierarchy/implementation-family.js'
import { byImplementation, definitionsAt, familyOf, methodAtDefinitions, sideways, type HierarchyMethod } from '../hierarchy/method-family.js'
import type { EditFlowContext } from './edit-context.js'
import { mergeTextEdits, type TextEditStep } from './merge-edits.js'
import { changedBy } from './rename-check.js'

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
  /**
   * Methods of the new name in the renamed method's class hierarchy that the edit leaves: once
   * written, the renamed method overrides them (`base`) or they override it (`override`), and calls
   * run another method than before (no type error says so).
   */
  readonly meets?: readonly HierarchyMethod[]
}

/**
 * A rename of a method carried to the methods it overrides and that override it. pyright renames
 * the one method asked (tsserver, clangd and gopls rename the hierarchy themselves): renaming
 * `Base.total` left `Sub.total` overriding nothing, and `report(Sub())` silently called the base
 * method; no diagnostic says so. The family is {@link familyOf}'s. Each family method the edit does not rename is renamed at its name and the edits merged; one
 * outside the workspace, or that the server will not rename, is named in `notRenamed`.
 */
export async function renameThroughOverrides(context: EditFlowContext, edit: LspWorkspaceEdit, cursor: Cursor, oldName: string, newName: string): Promise<OverrideRename> {
  const hierarchy = new ClassHierarchy(context)
  const definitions = await definitionsAt(context, cursor)
  const at = await methodAtDefinitions(hierarchy, definitions, oldName)
  const known = (symbol: LspLocation): boolean => changedBy(edit, symbol)
  // A method no class declares (Go's) has only the methods related to it by implementation.
  const byShape = at === undefined ? await implementationFamilyAt(context, hierarchy, definitions, oldName, known) : undefined
  const family = byShape !== undefined ? { members: byShape.members, unexamined: [], notes: byShape.unfollowed, container: undefined } : await familyOf(context, at!, oldName, known)
  const meets = at === undefined ? [] : (await familyOf(context, at, newName, known)).members.filter((method) => !sideways(method.relation))
  let changes = [...edit.changes]
  const renamed: HierarchyMethod[] = []
  const notRenamed: (HierarchyMethod & { why: string })[] = []
  for (const { inside, ...method } of family.members) {
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
  const notes = [...family.unexamined, ...family.notes.map((note) => note.message)]
  const { container } = family
  return { edit: renamed.length > 0 ? { changes } : edit, renamed, notRenamed, note: notes.length > 0 ? notes.join('; ') : undefined, ...(container === undefined ? {} : { container }), meets }
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
 * that keep the old name (a row each: `path:line:col  code`), and why the hierarchy may be more;
 * apart, the warning of methods of the new name it would meet (see `OverrideRename.meets`).
 * @param roots - the answer's and the requested workspace root, as rows are shown.
 */
export async function overrideLines(result: OverrideRename, oldName: string, roots: readonly [string, string]): Promise<{ warning: string[]; lines: string[] }> {
  const readLines = createLineReader(roots[1])
  const rows = (methods: readonly (HierarchyMethod & { why?: string })[]) =>
    Promise.all(methods.map(async (method) => {
      const [target] = toLocationTargets([{ uri: method.uri, range: { start: method.position, end: method.position } }], roots)
      return `  ${await renderRow(target!, readLines)}${method.why === undefined ? '' : `  (${method.name}: ${method.why})`}`
    }))
  const lines: string[] = []
  const words = familyWords([...result.renamed, ...result.notRenamed], oldName)
  if (result.renamed.length > 0) lines.push(`Also renamed: ${counted(result.renamed.length)} ${words.family} (${result.renamed.map((method) => method.name).join(', ')}), so that ${words.holds}:`, ...(await rows(result.renamed)))
  if (result.notRenamed.length > 0) lines.push(`Not renamed: ${counted(result.notRenamed.length)} ${words.family} ${result.notRenamed.length === 1 ? 'keeps' : 'keep'} the old name, ${words.breaks}:`, ...(await rows(result.notRenamed)))
  if (result.note !== undefined) lines.push(`${words.whole} may be incomplete: ${result.note}.`)
  const meets = result.meets ?? []
  // A warning: said first, before the preview's other lines.
  return { warning: meets.length === 0 ? [] : [`Warning: if applied, ${meetsSentence(meets, oldName)}:`, ...(await rows(meets))], lines }
}

/**
 * How a rename's lines name the family of `oldName`'s methods: by class hierarchy (overriding), or,
 * when every member is related by implementation (Go's interfaces), by implementation.
 */
function familyWords(members: readonly HierarchyMethod[], oldName: string): { family: string; whole: string; holds: string; breaks: string; kept: string } {
  return members.length > 0 && members.every((method) => byImplementation(method.relation))
    ? {
        family: `related to ${oldName} by implementation`,
        whole: `The methods related to ${oldName} by implementation`,
        holds: 'each type still implements the same interfaces',
        breaks: 'so the types would no longer implement the same interfaces',
        kept: ', so the types would no longer implement the same interfaces',
      }
    : {
        family: `of the class hierarchy of ${oldName}`,
        whole: `The class hierarchy of ${oldName}`,
        holds: 'overriding still holds',
        breaks: 'and would no longer override or be overridden',
        kept: ' and no longer override or be overridden',
      }
}

/** `Derived.hello would override the renamed greet, so calls of it on a Derived would run Derived.hello`, one clause per method. */
function meetsSentence(meets: readonly HierarchyMethod[], oldName: string): string {
  return meets
    .map((method) => {
      if (method.relation === 'override') return `${method.name} would override the renamed ${oldName}, so its calls on a ${method.name.slice(0, method.name.lastIndexOf('.'))} would run ${method.name}`
      if (method.relation === 'implementation') return `${method.name} would implement the renamed ${oldName}, so its calls through the interface would run ${method.name}`
      const verb = method.relation === 'implemented' ? 'implement' : 'override'
      return `the renamed ${oldName} would ${verb} ${method.name}, so its calls would run the renamed method`
    })
    .join('; ')
}

/**
 * Why `apply` must not write the rename: methods of the new name in the hierarchy it would
 * override or be overridden by (see `OverrideRename.meets`), or `undefined`.
 */
export function overrideConflict(result: OverrideRename, oldName: string): string | undefined {
  const meets = result.meets ?? []
  return meets.length === 0 ? undefined : meetsSentence(meets, oldName)
}

/**
 * Why `apply` must not write the rename (a hierarchy method keeps the old name), or `undefined`.
 * @param force - how the answer names the field that writes anyway.
 */
export function overrideRefusal(result: OverrideRename, oldName: string, force: string): string | undefined {
  if (result.notRenamed.length === 0) return undefined
  const names = result.notRenamed.map((method) => `${method.name} (${method.why})`).join(', ')
  // One outside the workspace (Go's fmt.Stringer.String) cannot be renamed: the renamed method would stop implementing it.
  const one = result.notRenamed.length === 1
  const action = result.notRenamed.every((method) => method.why === 'outside the workspace') ? 'Keep the name' : `Rename ${one ? 'it' : 'them'} by hand`
  return `${names} would keep the name ${oldName}${familyWords(result.notRenamed, oldName).kept}; nothing was written. ${action}, or apply with ${force} to write it anyway`
}

const counted = (count: number): string => `${count} ${count === 1 ? 'method' : 'methods'}`
