import { dirname } from 'node:path'
import type { LocalProviderLimits, LocalServerConfig } from '../config.js'
import type { Readiness } from '../readiness/readiness.js'
import type { CompileDatabases } from '../sync/compile-database.js'

/**
 * Before the first file of a session opens (`file`): a server that indexes the compile database
 * that file loads (`LocalCompileDatabase.indexProgressTitle`: clangd) counts as busy until that
 * work begins (see `Readiness.expect`), when the database lists files. clangd 14 announces it after
 * the file's diagnostics at times, and meanwhile answers references from the opened file alone.
 */
export function expectIndexing(
  { databases, readiness }: { readonly databases: CompileDatabases | undefined; readonly readiness: Readiness },
  config: LocalServerConfig,
  limits: LocalProviderLimits,
  file: string,
): void {
  const title = config.compileDatabase?.indexProgressTitle
  if (title === undefined || databases === undefined) return
  const { database } = databases.find(dirname(file))
  if (database.kind !== 'listing' || database.listed.size === 0) return
  readiness.expect(new RegExp(title), `indexing ${database.file}`, limits.indexStartTimeoutMs)
}
