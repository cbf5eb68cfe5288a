// The `tsgo` part once on a large codebase, by hand (not in `pnpm bench`: it needs a download):
//
//   cd $(mktemp -d) && npm pack effect@4.1.0 && tar xzf effect-4.1.0.tgz
//   node bench/src/tsgo-effect.mjs $PWD/package [--out FILE]
//
// effect 4.1.0's sources (572 files, 523k lines) with a tsconfig over `src` written beside them:
// cold start to the first findReferences of `Effect.succeed`, warm findReferences of
// `Option.isSome`, and the two servers' answers to five questions compared exactly.
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { captureClientCapabilities } from './capture.mjs'
import { useClientCapabilities } from './raw-client.mjs'
import { measureTsgo } from './tsgo.mjs'
import { renderTsgo } from './tsgo-render.mjs'
import { questionAt, tsgoVersion, typescriptServers } from './tsgo-targets.mjs'

const [dir, flag, out] = process.argv.slice(2)
if (!dir || !existsSync(path.join(dir, 'src', 'Effect.ts'))) throw new Error('usage: node bench/src/tsgo-effect.mjs DIR [--out FILE] (DIR: effect 4.1.0 unpacked, with src/Effect.ts)')
const root = path.resolve(dir)
const tsconfig = { compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', allowImportingTsExtensions: true, noEmit: true, skipLibCheck: true, lib: ['ES2022', 'DOM'] }, include: ['src'] }
writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify(tsconfig))

const questions = [
  { operation: 'findReferences', at: 'src/Effect.ts:1650', name: 'succeed' },
  { operation: 'findReferences', at: 'src/Option.ts:385', name: 'isSome' },
  { operation: 'findReferences', at: 'src/Layer.ts:2053', name: 'provide' },
  { operation: 'goToDefinition', at: 'src/Array.ts:3882', name: 'isSome' },
  { operation: 'hover', at: 'src/Array.ts:3882', name: 'isSome' },
].map((q) => questionAt(root, q))

const log = (text) => process.stderr.write(`[tsgo-effect] ${text}\n`)
useClientCapabilities(await captureClientCapabilities())
const result = { version: tsgoVersion, ...(await measureTsgo(
  { codebase: 'effect 4.1.0 src', root, configs: typescriptServers(), coldQuery: questions[0], warmQueries: [questions[1]], questions },
  { coldRuns: 3, iterations: 20, warmup: 3, log },
)) }
const table = (headers, rows) => [headers, ...rows].map((row) => row.join('  ')).join('\n')
process.stdout.write(`${renderTsgo(result, table)}\n`)
if (flag === '--out' && out) writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`)
process.exit(0)
