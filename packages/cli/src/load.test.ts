// Load (issue 4): 100 concurrent queries over TypeScript and Python, and 10 workspace roots served
// at once by one host (also under a bound of live servers small enough that servers are stopped
// and restarted while other queries are in flight), against the real typescript-language-server
// and pyright. Every answer is exact and complete (a partial answer starts with a warning line, so
// it cannot equal the expected text), none is an error, and no language-server process, nor any
// process one started, is left after dispose().
//
// The workspaces are generated, and so are the expected answers: the rows of a references answer
// are every whole-word occurrence of the name in the generated sources; the definition row is the
// declaring line; the hover and outline follow from the declarations by each server's measured
// conventions (tsserver shows `const x: 10`, pyright `(constant) X: Literal[10]`).
import { readFileSync } from 'node:fs'
import type { LocalProviderLimits } from '@agent-lsp/lsp-local'
import { descendantPids, isAlive, PROCESS_POLL_INTERVAL_MS, waitUntilGone } from '@agent-lsp/lsp-testing'
import { createLspTool, type LspTool } from '@agent-lsp/tool-lsp'
import { describe, expect, it } from 'vitest'
import { createLspHost } from './host.js'
import { defaultServers } from './servers.js'
import { tempWorkspace } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

/** The issue's bound: a stopped server's processes are gone within 5 s of dispose(). */
const GONE_WITHIN_MS = 5_000
/**
 * How long servers above the live bound may take to be stopped once they are idle: each stop's
 * shutdown, several at once beside 10 roots' servers on 2 cores (15 s was once too short in a CI
 * run on a loaded machine, the same test taking 39 s against 16 s alone).
 */
const EVICTED_WITHIN_MS = 30_000

/** Each test's bound; the three take about 2-4, 7-10 and 13-23 s here on a loaded two-core machine. A hang still fails. */
const LOAD_TEST_TIMEOUT_MS = 180_000

type Files = Record<string, string>
type Language = 'typescript' | 'python'

/** One generated module: a function calling the previous module's, and a constant. */
interface Module {
  readonly fn: string
  readonly constant: string
  readonly result: string
}

/** `count` modules with names starting `tag` (so that each workspace root has its own). */
function modules(language: Language, count: number, tag = ''): Module[] {
  return Array.from({ length: count }, (_, i) =>
    language === 'typescript'
      ? { fn: `${tag}compute${i}`, constant: `${tag}limit${i}`, result: `${tag}result${i}` }
      : { fn: `${tag}compute_${i}`, constant: `${tag.toUpperCase()}LIMIT_${i}`, result: `${tag}result_${i}` },
  )
}

/** Comment lines before module `i`'s code, so that modules differ in line numbers. */
const preamble = (comment: string, i: number): string => `${comment} generated for the load test\n`.repeat(i % 3)

/** A TypeScript project: `src/mod<i>.ts` for each module, and `src/main.ts` using them all. */
function typescriptFiles(mods: readonly Module[]): Files {
  const files: Files = { 'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] }) }
  mods.forEach(({ fn, constant }, i) => {
    const previous = mods[i - 1]
    files[`src/mod${i}.ts`] =
      preamble('//', i) +
      (previous ? `import { ${previous.fn} } from "./mod${i - 1}";\n\n` : '') +
      `export function ${fn}(value: number): number {\n  return ${previous ? `${previous.fn}(value)` : 'value'} * ${i + 2};\n}\n\n` +
      `export const ${constant} = ${10 + i};\n`
  })
  files['src/main.ts'] =
    mods.map(({ fn, constant }, i) => `import { ${fn}, ${constant} } from "./mod${i}";\n`).join('') +
    '\n' +
    mods.map(({ fn, constant, result }) => `export const ${result} = ${fn}(${constant});\n`).join('')
  return files
}

/** A Python project: `pkg/mod<i>.py` for each module, and `main.py` using them all. */
function pythonFiles(mods: readonly Module[]): Files {
  const files: Files = { 'pkg/__init__.py': '' }
  mods.forEach(({ fn, constant }, i) => {
    const previous = mods[i - 1]
    files[`pkg/mod${i}.py`] =
      preamble('#', i) +
      (previous ? `from pkg.mod${i - 1} import ${previous.fn}\n\n\n` : '') +
      `def ${fn}(value: int) -> int:\n    return ${previous ? `${previous.fn}(value)` : 'value'} * ${i + 2}\n\n\n` +
      `${constant} = ${10 + i}\n`
  })
  files['main.py'] =
    mods.map(({ fn, constant }, i) => `from pkg.mod${i} import ${constant}, ${fn}\n`).join('') +
    '\n' +
    mods.map(({ fn, constant, result }) => `${result} = ${fn}(${constant})\n`).join('')
  return files
}

const extensionOf: Record<Language, string> = { typescript: '.ts', python: '.py' }

/** An occurrence of a name, as a row of a locations answer shows it. */
interface Row {
  readonly path: string
  /** 1-based line and code-point column (the sources are ASCII). */
  readonly line: number
  readonly column: number
  /** The whole line, trimmed. */
  readonly code: string
}

const rowText = (row: Row): string => `${row.path}:${row.line}:${row.column}  ${row.code}`
const cursorOf = (row: Row): string => `${row.path}:${row.line}:${row.column}`

/** Every whole-word occurrence of `name` in the `language` files of `files`, in path, line, column order. */
function occurrences(files: Files, language: Language, name: string): Row[] {
  const rows: Row[] = []
  for (const [path, content] of Object.entries(files)) {
    if (!path.endsWith(extensionOf[language])) continue
    content.split('\n').forEach((text, index) => {
      for (const match of text.matchAll(new RegExp(`\\b${name}\\b`, 'g'))) {
        rows.push({ path, line: index + 1, column: match.index + 1, code: text.trim() })
      }
    })
  }
  return rows.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || a.column - b.column))
}

/** The occurrence of `name` on the line that declares it (`function f`, `const c =`, `def f`, `C =`). */
function declaration(files: Files, language: Language, name: string): Row {
  const declares = new RegExp(`^(export function ${name}\\(|export const ${name} =|def ${name}\\(|${name} = \\d)`)
  const rows = occurrences(files, language, name).filter((row) => declares.test(row.code))
  if (rows.length !== 1) throw new Error(`expected one declaration of ${name}, found ${rows.length}`)
  return rows[0]!
}

/** The occurrence of `name` in `path` (the first, or the `nth`). */
function occurrenceIn(files: Files, language: Language, name: string, path: string, nth = 0): Row {
  const row = occurrences(files, language, name).filter((r) => r.path === path)[nth]
  if (!row) throw new Error(`no occurrence ${nth} of ${name} in ${path}`)
  return row
}

function referencesAnswer(files: Files, language: Language, name: string): string {
  const rows = occurrences(files, language, name)
  const fileCount = new Set(rows.map((row) => row.path)).size
  const header = `${rows.length} ${rows.length === 1 ? 'reference' : 'references'} to ${name}${fileCount > 1 ? ` in ${fileCount} files` : ''}`
  return grouped([header, ...rows.map(rowText)])
}

function definitionAnswer(files: Files, language: Language, name: string): string {
  return `${name} → ${rowText(declaration(files, language, name))}`
}

/** The hover of a declaration: its signature or type, as tsserver and pyright print it. */
function hoverAnswer(files: Files, language: Language, name: string): string {
  const { code } = declaration(files, language, name)
  const constant = /^(?:export const )?(\w+) = (\d+);?$/.exec(code)
  if (language === 'typescript') {
    const shown = constant ? `const ${constant[1]}: ${constant[2]}` : code.replace(/^export /, '').replace(/ \{$/, '')
    return `\`\`\`typescript\n${shown}\n\`\`\``
  }
  const shown = constant ? `(constant) ${constant[1]}: Literal[${constant[2]}]` : `(function) ${code.replace(/:$/, '')}`
  return `\`\`\`python\n${shown}\n\`\`\``
}

/**
 * The outline of a generated file: functions (their lines, to the closing brace or the last
 * indented line) and top-level constants and variables; a Python function's parameters are its
 * locals, counted in the header. Imports are not symbols to either server.
 */
function outlineAnswer(files: Files, language: Language, path: string): string {
  const lines = (files[path] ?? '').split('\n')
  const rows: string[] = []
  let locals = 0
  lines.forEach((text, index) => {
    const fn = /^(?:export function|def) (\w+)\(([^)]*)\)/.exec(text)
    if (fn) {
      const ends = lines.findIndex((line, at) => at > index && (language === 'typescript' ? line === '}' : !line.startsWith('    ')))
      const last = language === 'typescript' ? ends + 1 : ends
      rows.push(`Function ${fn[1]}  ${index + 1}-${last}`)
      if (language === 'python') locals += fn[2]!.split(',').filter((parameter) => parameter.trim() !== '').length
      return
    }
    const value = /^(?:export const )?(\w+) = /.exec(text)
    if (value) {
      const kind = language === 'typescript' || /^[A-Z0-9_]+$/.test(value[1]!) ? 'Constant' : 'Variable'
      rows.push(`${kind} ${value[1]}  ${index + 1}`)
    }
  })
  const hidden = locals > 0 ? ` (not shown: ${locals} ${locals === 1 ? 'local' : 'locals'} of functions)` : ''
  return [`${path}: ${rows.length} ${rows.length === 1 ? 'symbol' : 'symbols'}${hidden}`, ...rows].join('\n')
}

/** One tool query and the exact answer it must give. */
interface Query {
  readonly input: { readonly operation: string; readonly filePath: string; readonly line?: number; readonly character?: number }
  readonly expected: string
}

function at(operation: string, row: Row): Query['input'] {
  return { operation, filePath: row.path, line: row.line, character: row.column }
}

/**
 * 50 queries over the `language` project `files` of `mods` (10 or more modules): references to
 * each function (from its declaration or its call in main), definitions (from main), hovers on
 * declarations, outlines of modules and main, references to each constant.
 */
function queriesOver(files: Files, language: Language, mods: readonly Module[]): Query[] {
  const ext = extensionOf[language]
  const main = language === 'typescript' ? 'src/main.ts' : 'main.py'
  const modulePath = (i: number) => (language === 'typescript' ? `src/mod${i}${ext}` : `pkg/mod${i}${ext}`)
  const queries: Query[] = []
  for (let i = 0; i < 50; i++) {
    const m = mods[i % 10]!
    const even = i % 2 === 0
    // In main, a name's second occurrence is its use (the first is its import).
    const useInMain = (name: string) => occurrenceIn(files, language, name, main, 1)
    switch (Math.floor(i / 10)) {
      case 0:
        queries.push({ input: at('findReferences', even ? declaration(files, language, m.fn) : useInMain(m.fn)), expected: referencesAnswer(files, language, m.fn) })
        break
      case 1: {
        const name = even ? m.fn : m.constant
        queries.push({ input: at('goToDefinition', useInMain(name)), expected: definitionAnswer(files, language, name) })
        break
      }
      case 2: {
        const name = even ? m.fn : m.constant
        queries.push({ input: at('hover', declaration(files, language, name)), expected: hoverAnswer(files, language, name) })
        break
      }
      case 3: {
        const path = i % 10 === 8 ? main : modulePath(i % 10)
        queries.push({ input: { operation: 'documentSymbol', filePath: path }, expected: outlineAnswer(files, language, path) })
        break
      }
      default:
        queries.push({ input: at('findReferences', even ? declaration(files, language, m.constant) : useInMain(m.constant)), expected: referencesAnswer(files, language, m.constant) })
    }
  }
  return queries
}

/** The script each language server runs as (`node <script>`), to tell them apart in the process table. */
const serverScripts: Record<Language, string> = (() => {
  const script = (id: string) => defaultServers().find((server) => server.id === id)?.args?.[0]
  const typescript = script('typescript')
  const python = script('python')
  if (!typescript || !python) throw new Error('typescript-language-server or pyright is not bundled')
  return { typescript, python }
})()

/**
 * The processes this test starts below this one (language servers and what they start), sampled
 * whenever an answer arrives: a server that answered is seen, even one stopped (evicted) later.
 */
function processWatch() {
  const before = new Set(descendantPids(process.pid))
  const seen = new Map<number, string>() // pid → command line, read when first seen
  const sample = (): void => {
    for (const pid of descendantPids(process.pid)) {
      if (before.has(pid) || seen.has(pid)) continue
      let command = ''
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
      } catch {
        // gone meanwhile: still one of ours to check
      }
      seen.set(pid, command)
    }
  }
  /** The language servers seen (not their children), of `language`. */
  const servers = (language: Language): number[] => [...seen].filter(([, command]) => command.includes(serverScripts[language])).map(([pid]) => pid)
  return { sample, servers, all: () => [...seen.keys()] }
}

type ProcessWatch = ReturnType<typeof processWatch>

/** How many of the `language` servers `watch` saw are running now. */
const liveServers = (watch: ProcessWatch, language: Language): number => watch.servers(language).filter(isAlive).length

/** Run every query at once (through its root's tool); each settles as its answer or `error <code>: <message>`. */
async function runAll(queries: readonly (Query & { readonly tool: LspTool })[], sample: () => void): Promise<string[]> {
  return Promise.all(
    queries.map(({ tool, input }) =>
      tool.execute(input).then(
        (answer) => (sample(), answer),
        (error: { code?: string; message?: string }) => (sample(), `error ${error.code}: ${error.message}`),
      ),
    ),
  )
}

/**
 * Serve `rootCount` workspace roots (alternately a TypeScript and a Python project of 3 modules,
 * names tagged by root) from one host with `limits`: `rounds` times, 5 queries per root, every
 * query of every root at once. Checks every answer of a round, then runs `afterRound`; disposes
 * the host; returns the processes seen.
 */
async function serveRoots(
  rootCount: number,
  rounds: number,
  limits: Partial<LocalProviderLimits>,
  afterRound: (watch: ProcessWatch) => Promise<void>,
): Promise<ProcessWatch> {
  const watch = processWatch()
  // Without the cross-check: a server stopped by the bound between an answer and the cross-check's
  // definition query starts again inside its 10 s, and under CI load that ran out (an honest
  // "partial (unchecked)"); this test is about the bound, cross-check.test.ts about the cross-check.
  const host = createLspHost(defaultServers(), { limits, crossCheck: false })
  try {
    const queries = (
      await Promise.all(
        Array.from({ length: rootCount }, async (_, k) => {
          const language: Language = k % 2 === 0 ? 'typescript' : 'python'
          const mods = modules(language, 3, `r${k}_`)
          const files = language === 'typescript' ? typescriptFiles(mods) : pythonFiles(mods)
          const tool = createLspTool(host.ctx, { workspaceRoot: await tempWorkspace(files) })
          if (!tool) throw new Error('no tool: no provider registered')
          const main = language === 'typescript' ? 'src/main.ts' : 'main.py'
          const outlined = language === 'typescript' ? 'src/mod2.ts' : 'pkg/mod2.py'
          const [m0, m1, m2] = mods as [Module, Module, Module]
          const queries: Query[] = [
            { input: at('findReferences', declaration(files, language, m0.fn)), expected: referencesAnswer(files, language, m0.fn) },
            { input: at('goToDefinition', occurrenceIn(files, language, m1.constant, main, 1)), expected: definitionAnswer(files, language, m1.constant) },
            { input: at('hover', declaration(files, language, m1.fn)), expected: hoverAnswer(files, language, m1.fn) },
            { input: { operation: 'documentSymbol', filePath: outlined }, expected: outlineAnswer(files, language, outlined) },
            { input: at('findReferences', occurrenceIn(files, language, m2.constant, main, 1)), expected: referencesAnswer(files, language, m2.constant) },
          ]
          return queries.map((query) => ({ ...query, tool }))
        }),
      )
    ).flat()
    for (let round = 0; round < rounds; round++) {
      expect(await runAll(queries, watch.sample)).toEqual(queries.map((query) => query.expected))
      await afterRound(watch)
    }
    return watch
  } finally {
    await host.dispose()
  }
}

/** Whether `check()` holds within `boundMs`, looking every few ms: only for process facts, which nothing announces. */
async function within(boundMs: number, check: () => boolean): Promise<boolean> {
  const deadline = Date.now() + boundMs
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, PROCESS_POLL_INTERVAL_MS))
  return check()
}

describe('load', () => {
  it(
    'answers 100 concurrent queries over TypeScript and Python exactly, then leaves no process',
    async () => {
      const tsModules = modules('typescript', 10)
      const pyModules = modules('python', 10)
      const tsFiles = typescriptFiles(tsModules)
      const pyFiles = pythonFiles(pyModules)
      const root = await tempWorkspace({ ...tsFiles, ...pyFiles })
      const ts = queriesOver(tsFiles, 'typescript', tsModules)
      const py = queriesOver(pyFiles, 'python', pyModules)
      // Interleaved: TypeScript and Python queries arrive mixed, as an agent's would.
      const queries = ts.flatMap((query, i) => [query, py[i]!])
      expect(queries).toHaveLength(100)
      expect(new Set(queries.map(({ input }) => input.operation))).toEqual(new Set(['findReferences', 'goToDefinition', 'hover', 'documentSymbol']))

      // A sample of the expected answers, spelled out, so that the generator is checked too.
      expect(queries[0]).toEqual({
        input: { operation: 'findReferences', filePath: 'src/mod0.ts', line: 1, character: 17 },
        expected: grouped([
          '5 references to compute0 in 3 files',
          'src/main.ts:1:10  import { compute0, limit0 } from "./mod0";',
          'src/main.ts:12:24  export const result0 = compute0(limit0);',
          'src/mod0.ts:1:17  export function compute0(value: number): number {',
          'src/mod1.ts:2:10  import { compute0 } from "./mod0";',
          'src/mod1.ts:5:10  return compute0(value) * 3;',
        ]),
      })
      expect(queries[61]!.expected).toBe('pkg/mod0.py: 2 symbols (not shown: 1 local of functions)\nFunction compute_0  1-2\nConstant LIMIT_0  5')
      expect(queries[22]!.expected).toBe('limit1 → src/mod1.ts:8:14  export const limit1 = 11;')
      expect(queries[40]!.expected).toBe('```typescript\nfunction compute0(value: number): number\n```')
      expect(queries[43]!.expected).toBe('```python\n(constant) LIMIT_1: Literal[11]\n```')

      const watch = processWatch()
      const host = createLspHost()
      let answers: string[]
      try {
        const tool = createLspTool(host.ctx, { workspaceRoot: root })
        if (!tool) throw new Error('no tool: no provider registered')
        answers = await runAll(queries.map((query) => ({ ...query, tool })), watch.sample)
      } finally {
        await host.dispose()
      }
      expect(answers).toEqual(queries.map((query) => query.expected))
      expect(watch.servers('typescript')).toHaveLength(1)
      expect(watch.servers('python')).toHaveLength(1)
      expect(await waitUntilGone(watch.all(), GONE_WITHIN_MS)).toEqual([])
    },
    LOAD_TEST_TIMEOUT_MS,
  )

  it(
    'serves 10 workspace roots at once from one host, every answer exact, then leaves no process',
    async () => {
      const watch = await serveRoots(10, 1, {}, async (watch) => {
        // One server per root, 5 TypeScript and 5 Python, under the default bound of 16 each: all running.
        expect([liveServers(watch, 'typescript'), liveServers(watch, 'python')]).toEqual([5, 5])
      })
      expect([watch.servers('typescript').length, watch.servers('python').length]).toEqual([5, 5])
      expect(await waitUntilGone(watch.all(), GONE_WITHIN_MS)).toEqual([])
    },
    LOAD_TEST_TIMEOUT_MS,
  )

  it(
    'stays exact when a bound of 3 live servers per language stops and restarts servers under load',
    async () => {
      const maxLiveServers = 3
      const watch = await serveRoots(10, 2, { maxLiveServers }, async (watch) => {
        // 5 roots per language: while all were busy the bound was exceeded; once every query has
        // ended the least recently used are stopped, down to the bound (their stop takes a moment).
        const restored = () => liveServers(watch, 'typescript') <= maxLiveServers && liveServers(watch, 'python') <= maxLiveServers
        // Each stop may take its shutdown bound (2 s) before the kill, several at once on a loaded
        // machine: the bound here is the pool's promise of getting back under it, not a timing.
        expect(await within(EVICTED_WITHIN_MS, restored)).toBe(true)
        expect([liveServers(watch, 'typescript'), liveServers(watch, 'python')]).toEqual([maxLiveServers, maxLiveServers])
      })
      // The second round started again at least the 2 servers per language stopped after the
      // first, each start stopping an idle server while other roots' queries were in flight; no
      // answer suffered for it (checked per round).
      expect(watch.servers('typescript').length).toBeGreaterThanOrEqual(7)
      expect(watch.servers('python').length).toBeGreaterThanOrEqual(7)
      expect(await waitUntilGone(watch.all(), GONE_WITHIN_MS)).toEqual([])
    },
    LOAD_TEST_TIMEOUT_MS,
  )
})
