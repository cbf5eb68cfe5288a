import { createRequire } from 'node:module'

/**
 * This package's version, from its package.json: `../package.json` from `src/` (tests run the
 * sources) and from `dist/` (one bundle) alike, which is why this file sits at the source root.
 */
export const packageVersion = (createRequire(import.meta.url)('../package.json') as { version: string }).version
