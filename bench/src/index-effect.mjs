// The `index` part once on a large codebase, by hand (not in `pnpm bench`: it needs a download):
//
//   cd $(mktemp -d) && npm pack effect@4.1.0 && tar xzf effect-4.1.0.tgz
//   node bench/src/index-effect.mjs $PWD/package [--reuse-index] [--runs N] [--out FILE]
//
// effect 4.1.0's sources (572 files under `src`, 523k lines) with the tsconfig over `src` that
// tsgo-effect.mjs writes: `agent-lsp index` (unless --reuse-index), then a fresh command's first
// `findReferences` of `Duration.toMillis` from the index (with and without the cross-check, and
// through a shared host the command starts) against the same command live, alternated.
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { measureIndexAnswers, renderIndexAnswers } from './index-answers.mjs'

const args = process.argv.slice(2)
const dir = args[0]
if (!dir || !existsSync(path.join(dir, 'src', 'Duration.ts'))) throw new Error('usage: node bench/src/index-effect.mjs DIR [--reuse-index] [--runs N] [--out FILE] (DIR: effect 4.1.0 unpacked, with src/Duration.ts)')
const flag = (name) => args.indexOf(name)
const root = path.resolve(dir)
const tsconfig = { compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true, skipLibCheck: true, lib: ['ES2022', 'DOM'] }, include: ['src'] }
writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify(tsconfig))

// `export const toMillis = (self: Input): number =>`, the name's first character (zero-based).
const query = { operation: 'findReferences', file: 'src/Duration.ts', line: 890, character: 13, languageId: 'typescript' }
const runs = flag('--runs') >= 0 ? Number(args[flag('--runs') + 1]) : 3
const result = await measureIndexAnswers({ root, query }, { runs, iterations: 20, reuseIndex: flag('--reuse-index') >= 0 })
const ms = (value) => (Number.isNaN(value) ? '–' : Math.round(value).toString())
process.stdout.write(`${renderIndexAnswers(result, ms).join('\n')}\n`)
if (flag('--out') >= 0) writeFileSync(args[flag('--out') + 1], `${JSON.stringify(result, null, 2)}\n`)
process.exit(0)
