// Part 3, answer size and exactness against grep, on @tanstack/query-core's sources: for each
// question, the bytes of our tool's answer against the bytes of `grep -rnw NAME src`, which grep
// lines are not among the places the server reports, and whether every place the server reports
// is in our answer.
import { execFile } from 'node:child_process'
import { appendFileSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { runLspQuery, utf16ToCodePointColumn } from '@agent-lsp/tool-lsp'
import { round } from './stats.mjs'

const run = promisify(execFile)

/**
 * Questions of the kinds agents ask, as `file:line` (1-based) and the name asked about (the
 * cursor goes on its first whole-word occurrence on that line): widely used methods
 * (`batch`, `subscribe`, `isServer`), names also in comments and strings (`fetch`, `reset`),
 * names shared by unrelated classes (`notify`, `setOptions`, `build`, `destroy`).
 */
export const questions = [
  { operation: 'findReferences', at: 'src/notifyManager.ts:48', name: 'batch', kind: 'widely used method' },
  { operation: 'findReferences', at: 'src/subscribable.ts:8', name: 'subscribe', kind: 'widely used method, inherited' },
  { operation: 'findReferences', at: 'src/utils.ts:69', name: 'isServer', kind: 'widely used constant' },
  { operation: 'findReferences', at: 'src/utils.ts:205', name: 'hashKey', kind: 'widely used function' },
  { operation: 'findReferences', at: 'src/query.ts:345', name: 'fetch', kind: 'name in comments, strings and other classes' },
  { operation: 'findReferences', at: 'src/query.ts:247', name: 'reset', kind: 'name in comments, a type, other classes' },
  { operation: 'findReferences', at: 'src/queryCache.ts:200', name: 'notify', kind: 'name shared by unrelated classes' },
  { operation: 'findReferences', at: 'src/mutationCache.ts:186', name: 'notify', kind: 'name shared by unrelated classes' },
  { operation: 'findReferences', at: 'src/query.ts:197', name: 'setOptions', kind: 'name shared by unrelated classes' },
  { operation: 'findReferences', at: 'src/queryCache.ts:100', name: 'build', kind: 'name shared by unrelated classes' },
  { operation: 'findReferences', at: 'src/query.ts:241', name: 'destroy', kind: 'override of a base method' },
  { operation: 'findReferences', at: 'src/subscribable.ts:23', name: 'onSubscribe', kind: 'hook overridden by subclasses' },
  { operation: 'goToDefinition', at: 'src/queryClient.ts:313', name: 'fetch', kind: 'which fetch is this' },
  { operation: 'goToDefinition', at: 'src/queryObserver.ts:240', name: 'build', kind: 'which build is this' },
  { operation: 'goToDefinition', at: 'src/queryObserver.ts:749', name: 'notify', kind: 'which notify is this' },
  { operation: 'goToDefinition', at: 'src/queriesObserver.ts:98', name: 'setOptions', kind: 'which setOptions is this' },
  { operation: 'goToDefinition', at: 'src/queryClient.ts:259', name: 'reset', kind: 'which reset is this' },
  { operation: 'goToDefinition', at: 'src/queryCache.ts:148', name: 'destroy', kind: 'which destroy is this' },
]

const wordRe = (name) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g')

/**
 * Ask every question through `tool` (the text a model reads) and `runLspQuery` (the places the
 * server reported), and run grep beside it.
 * @param {{ root: string, host: { ctx: import('@agent-lsp/lsp').LspContext }, tool: import('@agent-lsp/tool-lsp').LspTool }} target
 * @param {{ sample?: boolean }} options
 */
export async function measureGrep({ root, host, tool }, { sample = false } = {}) {
  // The smoke run asks one question of each operation.
  const asked = sample ? ['findReferences', 'goToDefinition'].map((op) => questions.find((q) => q.operation === op)) : questions
  const rows = []
  for (const question of asked) rows.push(await ask(question, { root, host, tool }))
  const sum = (key, filter = () => true) => rows.filter(filter).reduce((total, row) => total + row[key], 0)
  const refs = (row) => row.operation === 'findReferences'
  const defs = (row) => row.operation === 'goToDefinition'
  const totals = (filter) => ({
    questions: rows.filter(filter).length,
    answerBytes: sum('answerBytes', filter),
    grepBytes: sum('grepBytes', filter),
    ratio: round(sum('answerBytes', filter) / sum('grepBytes', filter)),
    grepSubstringBytes: sum('grepSubstringBytes', filter),
    ratioVsGrepSubstring: round(sum('answerBytes', filter) / sum('grepSubstringBytes', filter)),
    grepLines: sum('grepLines', filter),
    grepLinesNotReferences: sum('grepNoise', filter),
    serverLocations: sum('serverLocations', filter),
    serverLocationsMissingFromAnswer: sum('missingFromAnswer', filter),
  })
  return {
    codebase: '@tanstack/query-core src (tests excluded)',
    grep: 'grep -rnw NAME src',
    questions: rows,
    all: totals(() => true),
    references: totals(refs),
    definitions: totals(defs),
    everyServerLocationInAnswer: rows.every((row) => row.missingFromAnswer === 0),
  }
}

async function ask(question, { root, host, tool }) {
  const [file, lineText] = question.at.split(':')
  const line = Number(lineText)
  const source = readFileSync(path.join(root, file), 'utf8').split(/\r\n|\r|\n/)
  const match = wordRe(question.name).exec(source[line - 1] ?? '')
  if (!match) throw new Error(`${question.name} is not on ${question.at}`)
  const character = utf16ToCodePointColumn(source[line - 1], match.index) // 1-based code points
  const input = { operation: question.operation, filePath: file, line, character }
  const answer = await tool.execute(input)
  // BENCH_ANSWERS=FILE: every answer as the model reads it, appended (to compare formats).
  if (process.env.BENCH_ANSWERS) appendFileSync(process.env.BENCH_ANSWERS, `=== ${question.operation} ${question.name} at ${question.at}\n${answer}\n`)
  // No row cap: every place the server reported, to check that the answer shows them all.
  const result = await runLspQuery(host.ctx, input, { workspaceRoot: root })
  const locations = result.locations.map((location) => {
    const absolute = fileURLToPath(location.uri)
    const relative = path.relative(result.resolvedWorkspaceRoot, absolute)
    const text = readFileSync(absolute, 'utf8').split(/\r\n|\r|\n/)[location.range.start.line] ?? ''
    return { file: relative, line: location.range.start.line + 1, column: utf16ToCodePointColumn(text, location.range.start.character) }
  })
  const answerRows = placesInAnswer(answer)
  const missingFromAnswer = locations.filter((l) => !answerRows.has(`${l.file}:${l.line}:${l.column}`)).length

  const grep = await grepWords(question.name, root)
  const grepFlat = await grepSubstring(question.name, root)
  const grepLines = grep.split('\n').filter((row) => row !== '')
  const locationLines = new Set(locations.map((l) => `${l.file}:${l.line}`))
  const noise = grepLines.filter((row) => !locationLines.has(row.split(':').slice(0, 2).join(':')))
  const grepLineKeys = new Set(grepLines.map((row) => row.split(':').slice(0, 2).join(':')))
  const answerBytes = Buffer.byteLength(answer)
  const grepBytes = Buffer.byteLength(grep)
  return {
    operation: question.operation,
    question: `${question.operation} ${question.name} at ${file}:${line}:${character}`,
    name: question.name,
    kind: question.kind,
    answerHeader: answer.split('\n')[0],
    answerBytes,
    grepBytes,
    ratio: round(answerBytes / grepBytes),
    grepLines: grepLines.length,
    grepNoise: noise.length,
    grepNoiseByKind: classify(noise, question.name),
    grepNoiseSample: noise.slice(0, 3),
    serverLocations: locations.length,
    serverLocationLines: locationLines.size,
    serverLocationsNotInGrep: locations.filter((l) => !grepLineKeys.has(`${l.file}:${l.line}`)).length,
    missingFromAnswer,
    grepSubstringBytes: Buffer.byteLength(grepFlat),
    ratioVsGrepSubstring: round(answerBytes / Buffer.byteLength(grepFlat)),
  }
}

/**
 * Every `file:line:col` an answer shows, in its grouped form: `path:line:col  code` for a file
 * with one place (after `name → ` for the one definition of a name), else the path on a line of
 * its own and `line:col line:col  code` lines under it. (The bench's paths have no spaces.)
 */
export function placesInAnswer(answer) {
  const places = new Set()
  let file
  for (const row of answer.split('\n')) {
    const inline = /^(?:\S+ → )?(\S+):(\d+):(\d+)(?:\s|$)/.exec(row)
    if (inline) places.add(`${inline[1]}:${inline[2]}:${inline[3]}`)
    else if (/^\d+:\d+(?:\s|$)/.test(row) && file !== undefined) for (const position of row.split('  ')[0].split(' ')) places.add(`${file}:${position}`)
    else if (/^[^\s:]+$/.test(row) && !/^\d/.test(row)) file = row
  }
  return places
}

/** `grep -rnw NAME src` in `root`, its stdout (grep exits 1 when nothing matches). */
async function grepWords(name, root) {
  return grepOut(['-rnw', name, 'src'], root)
}

/** `grep -rn NAME src`: what an agent often runs first, without `-w`. */
async function grepSubstring(name, root) {
  return grepOut(['-rn', name, 'src'], root)
}

async function grepOut(args, cwd) {
  try {
    return (await run('grep', args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LC_ALL: 'C' } })).stdout
  } catch (error) {
    if (error.code === 1) return ''
    throw error
  }
}

/**
 * A heuristic label for each grep line that is not a reported place: `comment` when every
 * occurrence of the name is in a comment, `string` when in a string literal (and comments), else
 * `other symbol` (a same-named member of another class, a type's property, …). Spot-checked by
 * hand; see BENCHMARKS.md.
 */
function classify(lines, name) {
  const counts = { comment: 0, string: 0, 'other symbol': 0 }
  for (const row of lines) {
    const code = row.split(':').slice(2).join(':')
    const kinds = [...code.matchAll(wordRe(name))].map((m) => kindAt(code, m.index))
    const kind = kinds.includes('code') ? 'other symbol' : kinds.includes('string') ? 'string' : 'comment'
    counts[kind] += 1
  }
  return counts
}

function kindAt(code, index) {
  const trimmed = code.trimStart()
  if (trimmed.startsWith('*') || trimmed.startsWith('/*') || trimmed.startsWith('//')) return 'comment'
  const before = code.slice(0, index)
  if (before.includes('//')) return 'comment'
  const quotes = (q) => before.split(q).length - 1
  if (quotes("'") % 2 === 1 || quotes('"') % 2 === 1 || quotes('`') % 2 === 1) return 'string'
  return 'code'
}
