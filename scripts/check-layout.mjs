#!/usr/bin/env node
// Checks the layout `pnpm test` promises: no source file (tests, test support and declarations of
// tests excluded) over MAX_LINES lines, none formatting by locale (ICU), and the import rules of
// .dependency-cruiser.cjs (no circles, arrows only downwards). Prints one line per problem and exits 1 if there is any.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
/** Longest source file, in lines: past it a file holds more than one job. */
export const MAX_LINES = 300

/** Whether a repository path is a source file the limit applies to. */
export function isLimitedSource(path) {
  return /\.(ts|mts|mjs)$/.test(path) && !/\.test(-d|-support)?\.m?ts$|\.test\.mjs$|\.d\.ts$/.test(path)
}

/** `path: N lines (at most MAX_LINES)` for each file of `files` (path → text) over the limit. */
export function longFiles(files) {
  const problems = []
  for (const [path, text] of files) {
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
    if (lines > MAX_LINES) problems.push(`${path}: ${lines} lines (at most ${MAX_LINES}; split it by responsibility)`)
  }
  return problems
}

/**
 * `path:line: …` for each use of locale formatting (`toLocaleString`, `toLocaleDateString`, `Intl.`)
 * or collation (`localeCompare`) in `files`: the first one makes Node load its ICU data, 7 MB of
 * the process's RSS for formatting, 3 MB for collation (one at module load cost every process that
 * imported the package, 2026-12-07); answers read and sort the same on every machine without it.
 */
export function localeFormatting(files) {
  const problems = []
  for (const [path, text] of files) {
    text.split('\n').forEach((line, index) => {
      if (/\.toLocale(?:Date|Time)?String\(|\bIntl\./.test(line)) problems.push(`${path}:${index + 1}: locale formatting loads ICU data (7 MB RSS); format by hand`)
      else if (/\.localeCompare\(/.test(line)) problems.push(`${path}:${index + 1}: localeCompare loads ICU collation (3 MB RSS); compare code units (a < b)`)
    })
  }
  return problems
}

function sources(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path)
    return isLimitedSource(path) ? [path] : []
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = sources(join(repoRoot, 'packages')).map((path) => [relative(repoRoot, path), readFileSync(path, 'utf8')])
  const problems = [...longFiles(files), ...localeFormatting(files)]
  for (const problem of problems) console.error(problem)
  try {
    const bin = join(repoRoot, 'node_modules/.bin/depcruise')
    execFileSync(bin, ['packages', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    problems.push('imports')
    console.error(String(error.stdout ?? '').trim() || String(error.message))
  }
  if (problems.length > 0) process.exit(1)
  console.log(`layout: ${files.length} source files of at most ${MAX_LINES} lines; imports follow .dependency-cruiser.cjs`)
}
