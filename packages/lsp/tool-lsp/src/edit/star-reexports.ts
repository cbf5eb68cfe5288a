import path from 'node:path'
import { providerOf } from '@agent-lsp/lsp'
import { splitLines } from '@agent-lsp/text-lines'
import { grouped } from '@agent-lsp/wording'
import { JS_MODULE_EXTENSIONS, MAX_SEARCHED_FILES, starReexporters } from '../move/old-imports.js'
import type { EditFlowContext } from './edit-context.js'
import type { EditPlan } from './edit-plan.js'

/**
 * The files re-exporting all of a module whose exports the edit changes (its lines that start with
 * `export`, added, removed or changed), every such module looked for in one walk: a rename into, or
 * a new export of, a name another star-exported module already exports clashes there (TS2308:
 * `export * from './x'; export * from './y'`), and the re-exporter names neither. `note` says when
 * the walk stopped at its bound, so a clash past it is not checked.
 */
export async function reexportersOf(plan: EditPlan, root: string, context: EditFlowContext): Promise<{ files: string[]; note?: string }> {
  const exporting = plan.files
    .filter((file) => file.before !== null && file.after !== null && JS_MODULE_EXTENSIONS.has(path.extname(file.path).toLowerCase()))
    .filter((file) => {
      const exports = (text: string) => splitLines(text).filter((line) => /^\s*export\b/.test(line))
      const [before, after] = [exports(file.before!), exports(file.after!)]
      return before.length !== after.length || before.some((line, index) => line !== after[index])
    })
  if (exporting.length === 0) return { files: [] }
  const providers = context.ctx.lsp.providers()
  const extensions = new Set(exporting.flatMap((file) => (providerOf(providers, file.path)?.extensions ?? [path.extname(file.path)]).filter((extension) => JS_MODULE_EXTENSIONS.has(extension))))
  const { files, complete } = await starReexporters(exporting.map((file) => file.path), root, extensions)
  if (complete) return { files }
  return { files, note: `The search for files re-exporting all of ${exporting.length === 1 ? 'the module' : 'the modules'} whose exports change (\`export *\`) stopped at ${grouped(MAX_SEARCHED_FILES)} files: a name clash past it (TS2308) is not checked.` }
}
