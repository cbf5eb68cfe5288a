#!/usr/bin/env node
// Package hygiene of every publishable workspace package, on the tarball `pnpm pack` makes (so
// `publishConfig` applies, as on publish): publint (strict), @arethetypeswrong/cli with the
// esm-only profile (the packages are ESM only: "type": "module", tsup --format esm, Node >= 20.11;
// CommonJS consumers use `import()`), and what neither checks here:
//   - no test files (`*.test.*`, `*.test-d.*`, `*.test-support.*`) and no sources in the tarball;
//   - every path the published `exports`/`bin` name is in the tarball (an `@agent-lsp/source` condition
//     pointing at src/ must not be published: consumers with the same custom condition would
//     resolve to a missing file);
//   - `sideEffects: false`, `types` before `import` in every export.
// Build first (`pnpm build`; `pnpm check:packages` does). Prints one line per package and the time.
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const bin = (name) => join(repoRoot, 'node_modules/.bin', name)

/** Directories of the workspace packages that are not private. */
async function publishablePackages() {
  const found = []
  const visit = async (dir, depth) => {
    const entries = await readdir(dir, { withFileTypes: true })
    if (entries.some((entry) => entry.name === 'package.json')) {
      const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))
      if (!manifest.private) found.push(dir)
      return
    }
    if (depth === 0) return
    for (const entry of entries) if (entry.isDirectory() && entry.name !== 'node_modules') await visit(join(dir, entry.name), depth - 1)
  }
  await visit(join(repoRoot, 'packages'), 2)
  return found.sort()
}

/** Every string target of an exports/bin value. */
function targets(value) {
  if (typeof value === 'string') return [value]
  if (value && typeof value === 'object') return Object.values(value).flatMap(targets)
  return []
}

/** Our own checks of the packed manifest and file list. */
export function hygiene(manifest, files) {
  const problems = []
  const testFile = /\.(test|test-d|test-support)\./
  for (const file of files) {
    if (testFile.test(file)) problems.push(`ships a test file: ${file}`)
    if (file.startsWith('src/')) problems.push(`ships a source file: ${file}`)
  }
  if (manifest.sideEffects !== false) problems.push('sideEffects is not false')
  const have = new Set(files)
  for (const target of [...targets(manifest.exports), ...targets(manifest.bin)]) {
    if (!have.has(target.replace(/^\.\//, ''))) problems.push(`publishes ${target}, which is not in the tarball`)
  }
  for (const [subpath, conditions] of Object.entries(manifest.exports ?? {})) {
    const keys = typeof conditions === 'object' && conditions ? Object.keys(conditions) : []
    if (!keys.includes('types') || !keys.includes('import') || keys.indexOf('types') > keys.indexOf('import')) {
      problems.push(`exports["${subpath}"] needs "types" before "import" (has ${keys.join(', ')})`)
    }
  }
  return problems
}

async function check(dir, scratch) {
  const started = performance.now()
  const name = relative(repoRoot, dir)
  const destination = await mkdtemp(join(scratch, 'pack-'))
  await run('pnpm', ['pack', '--pack-destination', destination], { cwd: dir })
  const [tarball] = (await readdir(destination)).filter((file) => file.endsWith('.tgz'))
  if (!tarball) throw new Error(`${name}: pnpm pack made no tarball`)
  const path = join(destination, tarball)
  const listing = (await run('tar', ['-tzf', path])).stdout.split('\n').filter(Boolean).map((file) => file.replace(/^package\//, ''))
  const manifest = JSON.parse((await run('tar', ['-xzOf', path, 'package/package.json'])).stdout)
  const problems = hygiene(manifest, listing)
  const outcome = async (command, args) => {
    try {
      await run(command, args, { cwd: dir, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } })
      return null
    } catch (error) {
      return `${error.stdout ?? ''}${error.stderr ?? ''}`.trim() || String(error)
    }
  }
  const publint = await outcome(bin('publint'), ['run', path, '--strict'])
  if (publint) problems.push(`publint:\n${publint}`)
  const attw = await outcome(bin('attw'), [path, '--profile', 'esm-only', '--format', 'ascii', '--no-emoji', '--no-color'])
  if (attw) problems.push(`attw:\n${attw}`)
  return { name: manifest.name, files: listing.length, problems, ms: performance.now() - started }
}

/** Run `task` over `items`, `limit` at a time, results in order. */
async function pool(items, limit, task) {
  const results = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index])
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

async function main() {
  const started = performance.now()
  const scratch = await mkdtemp(join(tmpdir(), 'agent-lsp-check-packages-'))
  try {
    const results = await pool(await publishablePackages(), 2, (dir) => check(dir, scratch))
    for (const { name, files, problems, ms } of results) {
      const verdict = problems.length === 0 ? 'ok' : `${problems.length} problem(s)`
      console.log(`${name}: ${verdict} (${files} files; publint, attw --profile esm-only; ${(ms / 1000).toFixed(1)} s)`)
      for (const problem of problems) console.log(`  ${problem.replaceAll('\n', '\n    ')}`)
    }
    const failed = results.filter((result) => result.problems.length > 0).length
    console.log(`packages: ${results.length - failed}/${results.length} clean in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    if (failed > 0) process.exitCode = 1
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
