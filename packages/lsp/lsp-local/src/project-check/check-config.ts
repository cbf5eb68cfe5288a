/**
 * A compiler's own check of a whole project, run by this Node (`process.execPath`) in the server
 * root, its output parsed: `tsc` runs `tsc --noEmit --pretty false --listFiles -p <config>` for the
 * root's tsconfig.json (or jsconfig.json), the projects it references and those below the root
 * (8 at most), with the workspace's `node_modules/typescript` when it has one, else `script`; the
 * TypeScript files none of them lists make the answer partial. `pyright` runs `pyright --outputjson` from `script`.
 */
export interface LocalProjectCheck {
  readonly compiler: 'tsc' | 'pyright'
  /** The compiler's command-line script: an absolute path (`…/typescript/bin/tsc`, `…/pyright/index.js`). */
  readonly script: string
}
