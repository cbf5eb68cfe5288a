import { realpathSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ConfigError, type ConfigFile } from './config-file.js'

/** Another repository's index, from a config's `[[indexes]]`: paths absolute. */
export interface ConfiguredIndex {
  readonly name: string
  readonly root: string
  readonly indexPath: string
}

/** Where `agent-lsp index` writes, relative to a root (lsp-scip's `DEFAULT_INDEX_PATH`). */
const DEFAULT_INDEX = '.agent-lsp/index.scip'

/**
 * The `[[indexes]]` of `file`: `root` and `path` relative to the file's folder, `path` by default
 * `<root>/.agent-lsp/index.scip`. A path there is data, never run, but its files are read and their
 * lines shown to a model: so an untrusted workspace config may name only a root beside the
 * workspace (inside its parent folder) or inside it — never the workspace's parent or an ancestor,
 * nor the home folder or a dot folder (`~/.ssh` beside a workspace in the home folder) — and an index file ending in
 * `.scip` inside that root, both judged by real path where they exist. A trusted one (the user
 * config, `--config`, a trusted workspace) may name any.
 * @throws ConfigError `CONFIG_INVALID` (a name given twice), `CONFIG_UNTRUSTED` (outside those bounds).
 */
export function planIndexes(file: ConfigFile, trusted: boolean, workspaceRoot: string, trustHow: string): ConfiguredIndex[] {
  const names = new Map<string, number>()
  return (file.config.indexes ?? []).map((entry, at) => {
    const earlier = names.get(entry.name)
    if (earlier !== undefined) throw new ConfigError('CONFIG_INVALID', file.problem(['indexes', at, 'name'], `index "${entry.name}" is already listed at line ${file.lineOf(['indexes', earlier])}`))
    names.set(entry.name, at)
    const base = path.dirname(file.path)
    const root = path.resolve(base, entry.root)
    const indexPath = entry.path === undefined ? path.join(root, DEFAULT_INDEX) : path.resolve(base, entry.path)
    if (!trusted) {
      const refuse = (field: 'root' | 'path', why: string) => new ConfigError('CONFIG_UNTRUSTED', `${file.path}:${file.lineOf(['indexes', at, field])}: index "${entry.name}" ${why}, but an untrusted workspace config may name only a repository beside the workspace or inside it, and a .scip file inside that ${trustHow}`)
      const realRoot = realOr(root)
      const workspace = realOr(workspaceRoot)
      const parent = path.dirname(workspace)
      const home = realOr(os.homedir())
      if (!inside(realRoot, parent) || inside(workspace, realRoot) || realRoot === home || path.basename(realRoot).startsWith('.')) throw refuse('root', `has root ${realRoot}`)
      if (!indexPath.endsWith('.scip') || !inside(realOr(indexPath), realRoot)) throw refuse(entry.path === undefined ? 'root' : 'path', `reads ${realOr(indexPath)}`)
    }
    return { name: entry.name, root, indexPath }
  })
}

/** Whether `child` is `parent` or below it (absolute, resolved). */
function inside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

function realOr(file: string): string {
  try {
    return realpathSync(file)
  } catch {
    return path.resolve(file)
  }
}
