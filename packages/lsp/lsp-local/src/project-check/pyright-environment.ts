import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { LocalServerConfig } from '../config.js'
import { settingAt } from '../sync/virtualenv.js'

/** The Python environment pyright's language server was given: its interpreter and extra search paths (both optional). */
export interface PythonEnvironment {
  /** The `python.pythonPath` setting (pyright asks this interpreter for its search paths). */
  readonly interpreter: string | undefined
  /** The `python.analysis.extraPaths` setting (a workspace virtualenv's site-packages, say). */
  readonly searchPaths: readonly string[]
}

/**
 * The environment the server of `config` resolves imports in, from the settings it runs with (a
 * virtualenv added by `settingsWithVirtualenv`, or the user's own), under the setting names of
 * `config.virtualenv`; `undefined` without those names or when the settings give neither.
 */
export function pythonEnvironmentOf(config: LocalServerConfig): PythonEnvironment | undefined {
  if (config.virtualenv === undefined) return undefined
  const interpreter = settingAt(config.settings, config.virtualenv.interpreterSetting)
  const paths = settingAt(config.settings, config.virtualenv.searchPathsSetting)
  const searchPaths = Array.isArray(paths) ? paths.filter((entry): entry is string => typeof entry === 'string') : []
  if (typeof interpreter !== 'string' && searchPaths.length === 0) return undefined
  return { interpreter: typeof interpreter === 'string' ? interpreter : undefined, searchPaths }
}

/**
 * The `pyright` CLI arguments that make it resolve imports as its language server does in
 * `environment`: `--pythonpath <interpreter>`; with search paths, `--pythonpath` of a small
 * script written into `scratch` that runs the interpreter pyright would run (the given one, else
 * `python3`, else `python`, as pyright picks) and puts the search paths first in the `sys.path` it
 * prints, each followed by the folders its `.pth` files name (see {@link withPathFiles}). The CLI
 * takes no extra paths but from a config file, and the interpreter of a virtualenv
 * found in the workspace is not run (see `settingsWithVirtualenv`): nor is it here.
 */
export function pyrightEnvironmentArgs(environment: PythonEnvironment | undefined, scratch: string): string[] {
  if (environment === undefined) return []
  if (environment.searchPaths.length === 0 || process.platform === 'win32') return environment.interpreter === undefined ? [] : ['--pythonpath', environment.interpreter]
  const script = join(scratch, 'python.cjs')
  const interpreters = environment.interpreter === undefined ? ['python3', 'python'] : [environment.interpreter]
  writeFileSync(
    script,
    [
      "const { spawnSync } = require('node:child_process')",
      `const searchPaths = ${JSON.stringify(withPathFiles(environment.searchPaths))}`,
      `let ran`,
      `for (const interpreter of ${JSON.stringify(interpreters)}) { ran = spawnSync(interpreter, process.argv.slice(2), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }); if (ran.error === undefined) break }`,
      'if (ran.error !== undefined) { process.stderr.write(String(ran.error)); process.exit(1) }',
      'let out = ran.stdout',
      // pyright's search-path query prints {"path": [...], "prefix": ...}; its version query, a list.
      'try { const printed = JSON.parse(out); if (printed !== null && Array.isArray(printed.path)) out = JSON.stringify({ ...printed, path: [...searchPaths, ...printed.path] }) } catch {}',
      'process.stdout.write(out); process.stderr.write(ran.stderr); process.exit(ran.status ?? 1)',
    ].join('\n'),
  )
  const shim = join(scratch, 'python')
  const quoted = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`
  writeFileSync(shim, `#!/bin/sh\nexec ${quoted(process.execPath)} ${quoted(script)} "$@"\n`)
  chmodSync(shim, 0o755)
  return ['--pythonpath', shim]
}

/**
 * `paths`, each followed by the folders its `.pth` files name, as Python's `site.addsitedir` adds
 * them (the `site` module's documentation): files in name order, a line each, `#` lines and
 * `import` lines skipped, relative lines taken from the folder, folders that do not exist left
 * out. An editable install (`pip install -e ./uri`) is such a line: pyright's language server
 * follows it in a site-packages given as an extra path, its CLI given the same path did not (the
 * twenty-eighth trial: `Import "lazr.uri" could not be resolved` from workspaceDiagnostics alone).
 */
export function withPathFiles(paths: readonly string[]): string[] {
  const added = new Set<string>()
  for (const folder of paths) {
    added.add(folder)
    const files = orNone(() => readdirSync(folder)).filter((name) => name.endsWith('.pth') && !name.startsWith('.')).sort()
    for (const file of files) {
      for (const line of orNone(() => readFileSync(join(folder, file), 'utf8').split(/\r?\n/))) {
        const entry = line.trimEnd()
        if (entry === '' || entry.startsWith('#') || /^import[ \t]/.test(entry)) continue
        const path = resolve(folder, entry)
        if (existsSync(path)) added.add(path)
      }
    }
  }
  return [...added]
}

/** `read()`, or nothing when the folder or file cannot be read. */
function orNone(read: () => string[]): string[] {
  try {
    return read()
  } catch {
    return []
  }
}
