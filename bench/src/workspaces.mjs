// Workspaces the benchmark runs on, each a fresh directory under the system temp directory.
import { cp, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

const require = createRequire(import.meta.url)

/** Every directory made here, removed by {@link removeWorkspaces}. */
const made = new Set()

/** An empty directory under the system temp directory, realpath'd. */
async function emptyWorkspace(tag) {
  const root = await realpath(await mkdtemp(path.join(os.tmpdir(), `agent-lsp-bench-${tag}-`)))
  made.add(root)
  return root
}

export async function removeWorkspaces() {
  await Promise.all([...made].map((root) => rm(root, { recursive: true, force: true })))
  made.clear()
}

/** @param {string} root @param {Record<string, string>} files */
async function writeFiles(root, files) {
  for (const [relative, content] of Object.entries(files)) {
    const file = path.join(root, relative)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, content)
  }
}

const strictTsconfig = (include) =>
  JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'] }, include })

/** The pinned @tanstack/query-core sources this benchmark runs on (a devDependency of bench). */
export const queryCoreVersion = require('@tanstack/query-core/package.json').version

/**
 * @tanstack/query-core's TypeScript sources (tests left out) as `<root>/src`, with a strict
 * tsconfig: the same copy as packages/cli/src/real-codebases.test-support.ts makes.
 */
export async function copyQueryCore() {
  const root = await emptyWorkspace('query-core')
  const src = path.join(path.dirname(require.resolve('@tanstack/query-core/package.json')), 'src')
  const tests = path.join(src, '__tests__')
  await cp(src, path.join(root, 'src'), { recursive: true, filter: (from) => from !== tests && !from.startsWith(tests + path.sep) })
  await writeFile(path.join(root, 'tsconfig.json'), strictTsconfig(['src']))
  return root
}

/** The pinned rxjs sources the MCP part runs on (a devDependency of bench): 251 TypeScript files. */
export const rxjsVersion = require('rxjs/package.json').version

/** rxjs's `src/` as `<root>/src`, with a strict tsconfig over it (the 250-file codebase). */
export async function copyRxjs() {
  const root = await emptyWorkspace('rxjs')
  await cp(path.join(path.dirname(require.resolve('rxjs/package.json')), 'src'), path.join(root, 'src'), { recursive: true })
  await writeFile(path.join(root, 'tsconfig.json'), strictTsconfig(['src']))
  return root
}

/**
 * A small Python package (pyright): `shapes.area` defined once and called from four modules,
 * with a class per module so hover and definition have something to resolve.
 */
export async function pythonWorkspace() {
  const root = await emptyWorkspace('python')
  const files = {
    'app/__init__.py': '',
    'app/shapes.py': [
      'from dataclasses import dataclass',
      '',
      '',
      '@dataclass',
      'class Rect:',
      '    width: float',
      '    height: float',
      '',
      '',
      'def area(rect: Rect) -> float:',
      '    """The area of a rectangle."""',
      '    return rect.width * rect.height',
      '',
    ].join('\n'),
  }
  for (const name of ['tiles', 'rooms', 'walls', 'floors']) {
    files[`app/${name}.py`] = [
      'from app.shapes import Rect, area',
      '',
      '',
      `def total_${name}(items: list[Rect]) -> float:`,
      '    return sum(area(item) for item in items)',
      '',
      '',
      `def largest_${name}(items: list[Rect]) -> float:`,
      '    return max(area(item) for item in items)',
      '',
    ].join('\n')
  }
  await writeFiles(root, files)
  return root
}

/**
 * `count` small TypeScript files in one tsconfig project, `src/f<i>.ts`, each importing the one
 * before it, so a query on any of them resolves across files.
 */
export async function manyFilesWorkspace(count) {
  const root = await emptyWorkspace('many')
  const files = { 'tsconfig.json': strictTsconfig(['src']) }
  for (let i = 0; i < count; i++) {
    files[`src/f${i}.ts`] =
      i === 0
        ? 'export function f0(x: number): number {\n  return x + 1\n}\n'
        : `import { f${i - 1} } from './f${i - 1}'\n\nexport function f${i}(x: number): number {\n  return f${i - 1}(x) + ${i}\n}\n`
  }
  await writeFiles(root, files)
  return root
}

/**
 * One TypeScript file of at least `bytes` bytes (`src/big.ts`: a helper, then numbered functions
 * calling it), and where to ask about it: the helper's last call, near the end of the file.
 * @returns {Promise<{ root: string, file: string, bytes: number, lines: number, at: { line: number, character: number } }>}
 */
export async function bigFileWorkspace(bytes) {
  const root = await emptyWorkspace('big')
  const lines = ['export function helper(value: number): number {', '  return value * 2', '}', '']
  let size = lines.join('\n').length
  for (let i = 0; size < bytes; i++) {
    const chunk = [`export function generated${i}(input: number): number {`, `  const doubled = helper(input + ${i})`, '  return doubled - 1', '}', '']
    lines.push(...chunk)
    size += chunk.join('\n').length + 1
  }
  const text = lines.join('\n')
  const file = path.join(root, 'src', 'big.ts')
  await writeFiles(root, { 'tsconfig.json': strictTsconfig(['src']), 'src/big.ts': text })
  // The last `helper(` call: four lines from the end of the last chunk.
  const line = lines.length - 4
  const character = lines[line].indexOf('helper(')
  return { root, file, bytes: Buffer.byteLength(text), lines: lines.length, at: { line, character } }
}
