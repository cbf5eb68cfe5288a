import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { ConfigFlags } from './args.js'
import { userConfigDir } from './trust.js'

/**
 * What the config of a workspace is made of now: each file a setup may read (`--config FILE`, else
 * the user config's `config.toml` and `config.json`; the workspace's `agent-lsp.toml` and
 * `agent-lsp.json`) with its whole content, or that it is absent. Two equal stamps load the same
 * setup (trust too: `trustedWorkspaces` is in the user config), so a long-lived session re-reads the
 * config only when the stamp changed. Measured (`.agents/notes/2026-12-01-config-while-running.md`):
 * ~34 µs a stamp; stat fields alone ~13 µs, but exact only where mtimes are finer than two writes;
 * a file watcher's event came 0.3-5 ms after the write, so a call just after an edit would miss it.
 */
export function configStamp(flags: ConfigFlags, cwd: string, workspaceRoot: string, env: NodeJS.ProcessEnv): string {
  const user = flags.configFile === undefined ? ['config.toml', 'config.json'].map((name) => path.join(userConfigDir(env), name)) : [path.resolve(cwd, flags.configFile)]
  const workspace = ['agent-lsp.toml', 'agent-lsp.json'].map((name) => path.join(workspaceRoot, name))
  return [...user, ...workspace].map((file) => `${file}\u0000${contentOf(file)}`).join('\u0000\u0000')
}

function contentOf(file: string): string {
  // Asked first: a missing file's exception costs more than the stat.
  if (!statSync(file, { throwIfNoEntry: false })) return '!absent'
  try {
    return `=${readFileSync(file, 'utf8')}`
  } catch (error) {
    return `!${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`
  }
}
