import { createRequire } from 'node:module'

/** The package version (its package.json's, which changesets bump), printed by `--version`. */
export const version: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version
