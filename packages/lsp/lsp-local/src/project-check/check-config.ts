/**
 * A compiler's own check of a whole project, run by this Node (`process.execPath`) in the server
 * root, its output parsed: `tsc` runs `tsc --noEmit --pretty false -p <tsconfig.json or
 * jsconfig.json at the root>` with the workspace's `node_modules/typescript` when it has one,
 * else `script`; `pyright` runs `pyright --outputjson` from `script`.
 */
export interface LocalProjectCheck {
  readonly compiler: 'tsc' | 'pyright'
  /** The compiler's command-line script: an absolute path (`…/typescript/bin/tsc`, `…/pyright/index.js`). */
  readonly script: string
}
