// TypeScript 7's native preview (`tsgo --lsp --stdio`, @typescript/native-preview, a devDependency
// of bench) beside typescript-language-server: both configs, the questions asked of both, and the
// exact comparison of their answers.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { catalogueEntry, catalogueServerConfig } from 'agent-lsp'
import { questions as grepQuestions } from './grep.mjs'
import { serverConfig, warmQueries } from './targets.mjs'

const require = createRequire(import.meta.url)

/** The pinned @typescript/native-preview's version. */
export const tsgoVersion = require('@typescript/native-preview/package.json').version

/**
 * The native `tsgo` executable of the platform package, run directly: the package's `bin/tsgo` is a
 * Node script that, on Node 20 (no `process.execve`), keeps a Node process in front of it.
 */
export function tsgoExecutable() {
  const wrapper = require.resolve('@typescript/native-preview/package.json')
  const platform = createRequire(wrapper).resolve(`@typescript/native-preview-${process.platform}-${process.arch}/package.json`)
  return path.join(path.dirname(platform), 'lib', process.platform === 'win32' ? 'tsgo.exe' : 'tsgo')
}

/** The two servers compared, as `agent-lsp` runs them: the default `typescript`, and the catalogue's `tsgo` on the pinned binary. */
export function typescriptServers() {
  const entry = catalogueEntry('tsgo')
  if (!entry) throw new Error('no tsgo in the catalogue')
  return { typescript: serverConfig('typescript'), tsgo: { ...catalogueServerConfig(entry, true), command: tsgoExecutable() } }
}

const wordRe = (name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`)

/**
 * A question at the first whole-word `name` of a 1-based line, as a warm query (zero-based UTF-16;
 * the bench's sources are ASCII on those lines). @returns {import('./targets.mjs').Query & { label: string }}
 */
export function questionAt(root, { operation, at, name }) {
  const [file, lineText] = at.split(':')
  const line = Number(lineText) - 1
  const text = readFileSync(path.join(root, file), 'utf8').split(/\r\n|\r|\n/)[line] ?? ''
  const match = wordRe(name).exec(text)
  if (!match) throw new Error(`${name} is not on ${at}`)
  return { operation, file, line, character: match.index, languageId: 'typescript', label: `${operation} ${name} at ${file}:${line + 1}:${match.index + 1}` }
}

/** Every question of the bench on query-core: the warm queries, then the grep part's. */
export function benchQuestions(root) {
  const warm = warmQueries.typescript.map((q) => ({ ...q, label: `${q.operation} at ${q.file}:${q.line + 1}:${q.character + 1} (warm)` }))
  return [...warm, ...grepQuestions.map((q) => questionAt(root, q))]
}

/** `file:line:col-line:col` (1-based, relative to `root`) of a seam location. */
const place = (root, { uri, range }) => `${path.relative(root, fileURLToPath(uri))}:${range.start.line + 1}:${range.start.character + 1}-${range.end.line + 1}:${range.end.character + 1}`

/**
 * Whether two seam answers agree exactly: the same set of locations (file and whole range), or for
 * a hover the same text. @returns {{ question: string, same: boolean, typescript: number | string, tsgo: number | string, onlyTypescript?: string[], onlyTsgo?: string[] }}
 */
export function compareAnswers(question, root, answers) {
  if (question.operation === 'hover') {
    const [a, b] = [answers.typescript.hover?.contents ?? null, answers.tsgo.hover?.contents ?? null]
    return { question: question.label, same: a === b, typescript: a, tsgo: b }
  }
  const [a, b] = [answers.typescript, answers.tsgo].map((result) => new Set(result.locations.map((l) => place(root, l))))
  const onlyTypescript = [...a].filter((p) => !b.has(p)).sort()
  const onlyTsgo = [...b].filter((p) => !a.has(p)).sort()
  return { question: question.label, same: onlyTypescript.length === 0 && onlyTsgo.length === 0, typescript: a.size, tsgo: b.size, onlyTypescript, onlyTsgo }
}
