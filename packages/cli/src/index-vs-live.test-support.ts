// Test support (not exported): one real codebase indexed by `agent-lsp index` and served live by
// its language server, and a question asked of both, answered as `path:line:char-line:char` rows
// (zero-based, UTF-16; relative to the root) so a test states both sets exactly.
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LspCursorOperation, LspQueryResult } from '@agent-lsp/lsp'
import { createScipLspProvider, type ScipLspProvider } from '@agent-lsp/lsp-scip'
import { afterAll, beforeAll } from 'vitest'
import { createLspHost, type LspHost } from './host.js'
import { runIndexCommand } from './index-command.js'

/**
 * How long copying and indexing a codebase may take: 10-25 s alone here (scip-python on gyp's ten
 * modules is the slowest), several times that while the whole suite loads both cores.
 */
const INDEX_TIMEOUT_MS = 240_000

/** A question: an operation at the first occurrence of `at` in `file`, `offset` code units in. */
export interface Question {
  readonly operation: Extract<LspCursorOperation, 'goToDefinition' | 'findReferences' | 'goToImplementation'>
  readonly file: string
  readonly at: string
  readonly offset?: number
}

/** Both answers to a question, as rows, with whether each was complete. */
export interface Answers {
  readonly index: readonly string[]
  readonly live: readonly string[]
  readonly complete: { readonly index: boolean; readonly live: boolean }
}

function rows(result: LspQueryResult, root: string): string[] {
  if (result.kind !== 'locations') throw new Error(`expected locations, got ${result.kind}`)
  return result.locations.map(({ uri, range: { start, end } }) => `${relative(root, fileURLToPath(uri))}:${start.line}:${start.character}-${end.line}:${end.character}`)
}

/**
 * In the calling `describe`: copy a codebase, index it with `agent-lsp index`, and serve it live
 * (the default servers, no cross-check, so each side answers as it is); the function returned puts
 * one question to both.
 */
export function indexAndLive(copy: () => Promise<string>): (question: Question) => Promise<Answers> {
  let root = ''
  let host: LspHost | undefined
  let index: ScipLspProvider | undefined
  beforeAll(async () => {
    root = await copy()
    const lines: string[] = []
    const code = await runIndexCommand(['--root', root], { cwd: root, stdout: (text) => lines.push(text), stderr: (text) => lines.push(text) })
    if (code !== 0) throw new Error(`agent-lsp index failed: ${lines.join('')}`)
    index = createScipLspProvider()
    host = createLspHost(undefined, { crossCheck: false })
  }, INDEX_TIMEOUT_MS)
  afterAll(async () => {
    index?.dispose()
    await host?.dispose()
    if (root !== '') await rm(root, { recursive: true, force: true })
  })
  const ask = async (question: Question): Promise<Answers> => {
    if (!host || !index) throw new Error('ask inside the describe')
    const text = await readFile(join(root, question.file), 'utf8')
    const found = text.indexOf(question.at)
    if (found < 0) throw new Error(`${question.at} is not in ${question.file}`)
    const before = text.slice(0, found + (question.offset ?? 0)).split('\n')
    const request = { operation: question.operation, filePath: question.file, position: { line: before.length - 1, character: before.at(-1)?.length ?? 0 }, workspaceRoot: root }
    const fromIndex = await index.query({ ...request, languageId: 'any' })
    const fromLive = await host.ctx.lsp.query(request)
    return { index: rows(fromIndex, root), live: rows(fromLive, root), complete: { index: fromIndex.completeness.state === 'complete', live: fromLive.completeness.state === 'complete' } }
  }
  return ask
}

/** node-gyp's gyp package cut to the modules that import one another (2.3k lines), as `<root>/gyp`. */
export async function gypSubset(copyGyp: () => Promise<string>): Promise<string> {
  const whole = await copyGyp()
  const root = `${whole}-subset`
  const keep = ['common.py', 'common_test.py', 'easy_xml.py', 'easy_xml_test.py', 'MSVSNew.py', 'MSVSProject.py', 'MSVSToolFile.py', 'MSVSUserFile.py', 'MSVSUtil.py', 'xml_fix.py']
  await mkdir(join(root, 'gyp'), { recursive: true })
  for (const file of keep) await cp(join(whole, 'gyp', file), join(root, 'gyp', file))
  // Its __init__.py imports the whole package (input, generators): left empty, gyp stays a package.
  await writeFile(join(root, 'gyp', '__init__.py'), '')
  await rm(whole, { recursive: true, force: true })
  return root
}
