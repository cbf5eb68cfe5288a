import path from 'node:path'
import { providerOf } from '@agent-lsp/lsp'
import { splitLines } from '@agent-lsp/text-lines'
import { JS_MODULE_EXTENSIONS, starReexporters } from '../move/old-imports.js'
import type { EditFlowContext } from './edit-context.js'
import type { EditPlan } from './edit-plan.js'

/** Modules whose star re-exporters are looked for; a rename or a symbol edit changes one or two. */
const MAX_MODULES = 2

/**
 * The files re-exporting all of a module whose exports the edit changes (its lines that start with
 * `export`, added, removed or changed), for at most {@link MAX_MODULES} such modules: a rename into,
 * or a new export of, a name another star-exported module already exports clashes there (TS2308:
 * `export * from './x'; export * from './y'`), and the re-exporter names neither.
 */
export async function reexportersOf(plan: EditPlan, root: string, context: EditFlowContext): Promise<string[]> {
  const exporting = plan.files
    .filter((file) => file.before !== null && file.after !== null && JS_MODULE_EXTENSIONS.has(path.extname(file.path).toLowerCase()))
    .filter((file) => {
      const exports = (text: string) => splitLines(text).filter((line) => /^\s*export\b/.test(line))
      const [before, after] = [exports(file.before!), exports(file.after!)]
      return before.length !== after.length || before.some((line, index) => line !== after[index])
    })
    .slice(0, MAX_MODULES)
  const providers = context.ctx.lsp.providers()
  const found = await Promise.all(
    exporting.map((file) => starReexporters(file.path, root, new Set((providerOf(providers, file.path)?.extensions ?? [path.extname(file.path)]).filter((extension) => JS_MODULE_EXTENSIONS.has(extension))))),
  )
  return [...new Set(found.flat())]
}
