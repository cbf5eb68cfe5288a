import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import type { LspPosition } from '@agent-lsp/lsp'
import { splitLines } from '@agent-lsp/text-lines'
import { URI } from 'vscode-uri'
import type { ClassHierarchy, ClassSymbol } from './class-hierarchy.js'

// A Python class deriving from a library's (`class Server(threading.Thread)`, `unittest.TestCase`)
// overrides the library's methods (`run`, `setUp`), which the library calls by name: a rename is a
// change of behaviour no type check sees (the twenty-seventh trial: "Verified", and the thread body
// never ran). The seam answers nothing outside the workspace, so the library's class is read from
// its file, where `goToDefinition` at the base led (pyright's stub or source).

/** Classes above a library class followed in its own file; past it the base is said not checked. */
const MAX_LIBRARY_DEPTH = 8

/** A library's method a method overrides: a family member (see `FamilyMember`) of relation `base`, outside the workspace. */
export interface LibraryMethod {
  /** Its module, class and name: `threading.Thread.run`. */
  readonly name: string
  readonly uri: string
  /** Where its name is, zero-based UTF-16. */
  readonly position: LspPosition
  readonly relation: 'base'
  readonly inside: false
}

/** What the library bases of a method's classes say of a method `name`. */
export interface LibraryBases {
  /** The library methods it overrides (`threading.Thread.run`): outside the workspace, relation `base`. */
  readonly members: readonly LibraryMethod[]
  /** The library bases not read for it, a clause each (`Server's Thread (outside the workspace) was not checked for a method run`). */
  readonly unexamined: readonly string[]
}

/**
 * The methods named `name` that the bases outside the workspace of `classes` (a method's class and
 * its ancestors) declare, each class read with its bases in the same file (to
 * {@link MAX_LIBRARY_DEPTH} levels). A base not in a Python file, or with a base of its own in
 * another module, is named in `unexamined`. `ignored` bases (`object`) are not looked at.
 */
export async function libraryBases(hierarchy: ClassHierarchy, classes: readonly ClassSymbol[], name: string, ignored: readonly string[]): Promise<LibraryBases> {
  const members = new Map<string, LibraryMethod>() // by name
  const unexamined: string[] = []
  for (const klass of classes) {
    const unread: string[] = []
    for (const [base, locations] of hierarchy.basesOutsideAt(klass)) {
      if (ignored.includes(base)) continue
      let read = false
      // pyright leads to its stub and to the source (`threading.pyi`, `threading.py`): one method, the source's named first.
      for (const location of [...locations].sort((a, b) => Number(a.uri.endsWith('.pyi')) - Number(b.uri.endsWith('.pyi')))) {
        const lines = /^\.pyi?$/.test(extname(URI.parse(location.uri).fsPath)) ? await libraryLines(URI.parse(location.uri).fsPath) : undefined
        const found = lines === undefined ? undefined : declaredIn(lines, location.range.start.line, name, ignored)
        if (found === undefined) continue
        read ||= found.unread.length === 0
        if (found.method === undefined) continue
        const position = found.method.position
        const qualified = `${moduleName(URI.parse(location.uri).fsPath)}.${found.method.className}.${name}`
        if (!members.has(qualified)) members.set(qualified, { name: qualified, uri: location.uri, position, relation: 'base', inside: false })
        read = true
      }
      if (!read) unread.push(base)
    }
    if (unread.length > 0) unexamined.push(`${klass.symbol.name}'s ${unread.join(', ')} (outside the workspace) ${unread.length === 1 ? 'was' : 'were'} not checked for a method ${name}`)
  }
  return { members: [...members.values()], unexamined }
}

/** Library files whose lines {@link libraryLines} keeps: a hierarchy's bases lead to a few (`threading.py`, `unittest/case.py`). */
const MAX_LIBRARY_FILES = 64

/** Library files' lines by path, with the stamp (`size:mtimeMs`) they were read at; the oldest read first. */
const libraryFiles = new Map<string, { readonly stamp: string; readonly lines: Promise<readonly string[] | undefined> }>()

/**
 * The lines of the library file at `path` (see `splitLines`), read again only once its size or
 * modification time changed (a package upgraded): every query of a method whose class derives from
 * `threading.Thread` reads `threading.py`, 1,700 lines. `undefined` when it cannot be read.
 */
async function libraryLines(path: string): Promise<readonly string[] | undefined> {
  const stats = await stat(path).catch(() => undefined)
  if (stats === undefined) return undefined
  const stamp = `${stats.size}:${stats.mtimeMs}`
  const known = libraryFiles.get(path)
  if (known?.stamp === stamp) return known.lines
  // Changed between the stat and the read: the next query's stamp differs, and it is read again.
  const lines = readFile(path, 'utf8').then(splitLines, () => undefined)
  libraryFiles.delete(path)
  libraryFiles.set(path, { stamp, lines })
  if (libraryFiles.size > MAX_LIBRARY_FILES) libraryFiles.delete(libraryFiles.keys().next().value!)
  return lines
}

/**
 * Whether the Python class whose header is at line `at` of `lines`, or a class above it in the same
 * file, declares `name` (a `def`, or an assignment, at its body's level): the first found, nearest
 * first; `unread`, the bases of another module on the way. `undefined` when line `at` is no class header.
 */
export function declaredIn(lines: readonly string[], at: number, name: string, ignored: readonly string[]): { method?: { className: string; position: LspPosition }; unread: string[] } | undefined {
  const unread: string[] = []
  const seen = new Set<number>()
  let level = [at]
  for (let depth = 0; depth <= MAX_LIBRARY_DEPTH && level.length > 0; depth++) {
    const next: number[] = []
    for (const line of level) {
      const klass = classHeaderAt(lines, line)
      if (klass === undefined) return undefined
      seen.add(line)
      const method = memberOf(lines, line, klass.bodyStart, klass.indent, name)
      if (method !== undefined) return { method: { className: klass.name, position: method }, unread }
      for (const base of klass.bases.filter((each) => !ignored.includes(each))) {
        const found = /^\w+$/.test(base) ? lines.findIndex((text) => new RegExp(`^class\\s+${base}\\b`).test(text)) : -1
        if (found === -1) unread.push(base)
        else if (!seen.has(found)) next.push(found)
      }
    }
    level = next
  }
  if (level.length > 0) unread.push(`classes past ${MAX_LIBRARY_DEPTH} levels`)
  return { unread }
}

/** The class whose header starts at line `at`: its name, indentation, bases (dotted names, keyword arguments and subscripts left out) and the line after its header. */
export function classHeaderAt(lines: readonly string[], at: number): { name: string; indent: number; bases: string[]; bodyStart: number } | undefined {
  const head = /^(\s*)class\s+(\w+)/.exec(lines[at] ?? '')
  if (head === null) return undefined
  let text = ''
  let line = at
  let depth = 0
  for (; line < lines.length; line++) {
    const rest = (lines[line] ?? '').replace(/#.*$/, '')
    text += `${rest}\n`
    for (const char of rest) depth += char === '(' || char === '[' ? 1 : char === ')' || char === ']' ? -1 : 0
    if (depth <= 0 && /:\s*$/.test(rest)) break
  }
  const inside = /\(([\s\S]*)\)\s*:\s*$/.exec(text.slice(text.indexOf(head[2]!) + head[2]!.length))?.[1] ?? ''
  const bases = inside
    .replace(/\[[^\]]*\]/g, '')
    .split(',')
    .map((each) => each.trim())
    .filter((each) => each !== '' && !each.includes('=') && !each.startsWith('*'))
  return { name: head[2]!, indent: head[1]!.length, bases, bodyStart: line + 1 }
}

/** Where `name` is declared in the body of the class at line `header` (indentation `indent`), from line `from`: `def name(` or `name =` at the body's level; none when absent. */
function memberOf(lines: readonly string[], header: number, from: number, indent: number, name: string): LspPosition | undefined {
  const declares = [new RegExp(`^(\\s*(?:async\\s+)?def\\s+)${name}\\s*\\(`), new RegExp(`^(\\s*)${name}\\s*(?::[^=]*)?=(?!=)`)]
  // A one-line class (`class A: pass`) has no body below.
  if (/:\s*\S/.test((lines[header] ?? '').replace(/#.*$/, ''))) return undefined
  let level: number | undefined
  let quote: string | undefined // inside a triple-quoted string (a docstring's lines may start anywhere)
  for (let line = from; line < lines.length; line++) {
    const text = lines[line] ?? ''
    const started = quote === undefined
    for (const triple of text.match(/"""|'''/g) ?? []) quote = quote === undefined ? triple : quote === triple ? undefined : quote
    if (!started || /^\s*(#.*)?$/.test(text)) continue
    const own = /^\s*/.exec(text)![0].length
    if (own <= indent) return undefined
    level ??= own
    const found = own === level ? declares.map((pattern) => pattern.exec(text)).find((match) => match !== null) : undefined
    if (found != null) return { line, character: found[1]!.length }
  }
  return undefined
}

/** The dotted module name of a Python file: its name, under the folders above it that are packages (an `__init__.py` or `.pyi`). */
function moduleName(path: string): string {
  const parts = [basename(path).replace(/\.pyi?$/, '')].filter((part) => part !== '__init__')
  for (let folder = dirname(path); existsSync(join(folder, '__init__.py')) || existsSync(join(folder, '__init__.pyi')); folder = dirname(folder)) parts.unshift(basename(folder))
  return parts.join('.')
}
