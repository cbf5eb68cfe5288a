import path from 'node:path'
import { providerOf } from '@agent-lsp/lsp'
import { splitLines } from '@agent-lsp/text-lines'
import { JS_MODULE_EXTENSIONS, starReexporters } from '../move/old-imports.js'
import type { EditFlowContext } from './edit-context.js'
import type { EditPlan } from './edit-plan.js'

/** Modules whose star re-exporters are looked for; a rename changes one exported declaration. */
const MAX_MODULES = 2

/**
 * The files re-exporting all of a module whose exported declaration the edit changes (a changed
 * line that starts with `export`), for at most {@link MAX_MODULES} such modules: a rename into a
 * name another star-exported module already exports clashes there (TS2308: `export * from './x';
 * export * from './y'`), and the re-exporter never names the old one.
 */
export async function reexportersOf(plan: EditPlan, root: string, context: EditFlowContext): Promise<string[]> {
  const exporting = plan.files
    .filter((file) => file.before !== null && file.after !== null && JS_MODULE_EXTENSIONS.has(path.extname(file.path).toLowerCase()))
    .filter((file) => {
      const before = splitLines(file.before!)
      const after = splitLines(file.after!)
      return before.some((line, index) => line !== after[index] && /^\s*export\b/.test(line))
    })
    .slice(0, MAX_MODULES)
  const providers = context.ctx.lsp.providers()
  const found = await Promise.all(
    exporting.map((file) => starReexporters(file.path, root, new Set((providerOf(providers, file.path)?.extensions ?? [path.extname(file.path)]).filter((extension) => JS_MODULE_EXTENSIONS.has(extension))))),
  )
  return [...new Set(found.flat())]
}
