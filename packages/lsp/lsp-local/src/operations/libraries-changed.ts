import type { LanguageServerClient } from '../process/client.js'
import { isRecord } from '../normalize/shapes.js'
import { stampOf } from '../sync/disk-text.js'
import { protocol } from '../protocol.js'
import type { Ask } from './context.js'
import { askTsserver } from './tsserver-request.js'

const { ExecuteCommandRequest } = protocol

/** Per server: the files under a `node_modules` folder its project of an asked file loaded, each with its stamp (`stampOf`: size, times, inode) when last looked at. */
const loaded = new WeakMap<LanguageServerClient, Map<string, string>>()

/**
 * Before tsserver is asked for the diagnostics of `uri`: the files its project loaded from under a
 * `node_modules` folder (tsserver's `projectInfo` with `needFileNameList`, TypeScript's own
 * `lib.*.d.ts` left out), each `stat`ed, and when one changed since the last look (a declaration
 * rewritten in place, as `prisma generate` does, `package.json` unchanged) the server's
 * `onPackagesChanged` command (tsserver's `reloadProjects`) is sent and answered first. The watched
 * files follow only `node_modules`' `package.json` files; tsserver, told of no other change there,
 * kept the old declarations. A file first seen is taken as tsserver read it. A no-op for a server
 * without `onPackagesChanged`, and where tsserver gives no file list (the file in no project).
 * @throws LspError request errors (`LSP_CANCELLED` when `signal` aborts), `LSP_SERVER_CRASHED`.
 */
export async function reloadChangedLibraries(uri: string, client: LanguageServerClient, ask: Ask, signal: AbortSignal): Promise<void> {
  const action = client.config.onPackagesChanged
  if (action === undefined) return
  const raw = await askTsserver(client, ask, 'projectInfo', { file: uri, needFileNameList: true }, signal)
  const names = isRecord(raw) && raw.success === true && isRecord(raw.body) && Array.isArray(raw.body.fileNames) ? raw.body.fileNames : []
  const libraries = names.filter((name): name is string => typeof name === 'string' && name.includes('/node_modules/') && !name.includes('/node_modules/typescript/lib/'))
  const seen = loaded.get(client) ?? new Map<string, string>()
  loaded.set(client, seen)
  let changed = false
  for (const file of libraries) {
    const stamp = stampOf(file) ?? 'gone'
    const before = seen.get(file)
    if (before !== undefined && before !== stamp) changed = true
    seen.set(file, stamp)
  }
  if (changed) await client.request(ExecuteCommandRequest.type, { command: action.command, arguments: [...(action.arguments ?? [])] }, signal)
}
