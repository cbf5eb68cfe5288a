// Part 5, what the cross-check costs: each findReferences question of the grep part, warm, asked
// through the seam as it is and through the cross-check layer over the same provider, samples
// alternated; and what the cross-check found there (a typed codebase should list almost nothing).
import path from 'node:path'
import { median, round } from './stats.mjs'
import { questions } from './grep.mjs'

/**
 * @param {{ root: string, host: { ctx: import('@agent-lsp/lsp').LspContext }, checked: import('@agent-lsp/lsp').LspContext }} pair
 * @param {{ iterations: number, sample: boolean }} options
 */
export async function measureCrossCheck({ root, host, checked }, { iterations, sample }) {
  const asked = questions.filter((q) => q.operation === 'findReferences').slice(0, sample ? 1 : undefined)
  const rows = []
  for (const question of asked) {
    const [file, line] = question.at.split(':')
    const text = (await import('node:fs')).readFileSync(path.join(root, file), 'utf8').split('\n')[Number(line) - 1]
    const request = { operation: 'findReferences', filePath: path.join(root, file), position: { line: Number(line) - 1, character: text.search(new RegExp(`(?<![\\w$])${question.name}(?![\\w$])`)) }, workspaceRoot: root }
    // Warm both paths once (the cross-check opens the files it asks about).
    await host.ctx.lsp.query(request)
    const first = await checked.lsp.query(request)
    const plain = []
    const crossChecked = []
    let result = first
    for (let i = 0; i < iterations; i++) {
      let t = performance.now()
      await host.ctx.lsp.query(request)
      plain.push(performance.now() - t)
      t = performance.now()
      result = await checked.lsp.query(request)
      crossChecked.push(performance.now() - t)
    }
    const counts = result.crossCheck?.counts
    rows.push({
      question: `${question.name} (${question.at})`,
      plainMs: round(median(plain), 2),
      crossCheckedMs: round(median(crossChecked), 2),
      costMillis: round(median(crossChecked) - median(plain), 2),
      references: result.locations.length,
      occurrences: counts?.occurrences ?? 0,
      asked: counts ? counts.added + counts.elsewhere + counts.candidates : 0,
      added: counts?.added ?? 0,
      candidates: counts?.candidates ?? 0,
      commentsOrStrings: counts?.commentsOrStrings ?? 0,
      unchecked: counts?.unchecked ?? 0,
      completeness: result.completeness.state === 'complete' ? 'complete' : `partial (${result.completeness.reason})`,
    })
  }
  const costMillis = rows.map((row) => row.costMillis)
  return {
    codebase: '@tanstack/query-core src (typescript-language-server)',
    iterations,
    questions: rows,
    medianCostMillis: round(median(costMillis), 2),
    medianRatio: round(median(rows.map((row) => row.crossCheckedMs / row.plainMs)), 2),
    candidates: rows.reduce((sum, row) => sum + row.candidates, 0),
    added: rows.reduce((sum, row) => sum + row.added, 0),
  }
}
