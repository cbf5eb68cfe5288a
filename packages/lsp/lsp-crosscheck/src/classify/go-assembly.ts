import { readFileSync } from 'node:fs'
import { dirname, extname, join, relative } from 'node:path'
import type { LspLocation } from '@agent-lsp/lsp'
import type { Verdict } from './classify.js'

// Go's assembler (`.s` files beside a package's `.go` files) writes the bodies of Go functions
// declared without one (`func archFloor(x float64) float64` in math, crypto, runtime) and data of
// package variables. No language server reads it: gopls leaves it out of every answer, so a
// rename left `TEXT ·archFloor(SB)` behind and the program no longer linked.

/** Whether `path` is Go assembly: `.s` (a `.S` file is C-preprocessed assembly for cgo's C compiler, not Go's). */
export function isGoAssembly(path: string): boolean {
  return extname(path) === '.s'
}

/**
 * A symbol reference of Go assembly at `start..end` (zero-based UTF-16) of `lineText`: the name
 * after `·`, the package separator, with the package's import path before it (`∕` for `/` and `·`
 * for `.`: `example·com∕m∕inner·Add`; empty for the file's own package). `undefined` when the name
 * is not one (a label, a register, a macro, `name(SB)` without `·`: a linker symbol of that name,
 * which no Go declaration defines), or is a file's static symbol (`·name<>`).
 */
export function assemblySymbol(lineText: string, start: number, end: number): { readonly packagePath: string } | undefined {
  if (lineText[start - 1] !== '·' || lineText.startsWith('<>', end)) return undefined
  const before = /[^\s,$(){}*&|^+\-/<>=!~%:;'"\\[\]]*$/.exec(lineText.slice(0, start - 1))?.[0] ?? ''
  return { packagePath: before.replaceAll('∕', '/').replaceAll('·', '.') }
}

/**
 * The target of a `//go:linkname localname importpath.name` directive at `start..end` (zero-based
 * UTF-16) of `lineText`: the import path before the name's last dot. The linker binds the local
 * name to that symbol, as assembly's `path·name` does, so it is a reference of a package-level
 * `func` or `var` `name` there. `undefined` when `start..end` is not the target's name (the
 * local name: another symbol) or the target is not `path.name` (a method's `path.(*T).m`).
 */
export function linknameTarget(lineText: string, start: number, end: number): { readonly packagePath: string } | undefined {
  const directive = /^\s*\/\/go:linkname\s+\S+\s+(\S+)\s*$/.exec(lineText)
  if (directive === null || !lineText.slice(0, end).endsWith(directive[1]!) || lineText.slice(end).trim() !== '') return undefined
  const target = directive[1]!
  const packagePath = target.slice(0, target.length - (end - start) - 1)
  return target[packagePath.length] === '.' && /^[^\s()*]+$/.test(packagePath) ? { packagePath } : undefined
}

/** Instructions that call or jump to a symbol (amd64, 386, arm, arm64, mips, ppc64, riscv64, s390x, wasm). */
const callInstruction = /^\s*(?:[A-Za-z_][\w]*:\s*)?(?:CALL|JMP|B|BL|BR|JAL|BRASL|Call)\b/

/**
 * What a Go assembly occurrence of `name` (`place`), or a `//go:linkname` directive's target (see `linknameTarget`), is to the symbol declared at `definitions`
 * (Go places), without asking any server: `here` when it is the symbol's own `·name` — the symbol a
 * package-level `func` or `var` declared in the folder of the `.s` file, the occurrence written
 * without a package path or with the folder's import path (go.mod's `module` and the folder
 * under it); `unresolved` (a place that may be the symbol) for `·name` with a package path not
 * known to be another's; else `elsewhere`. A `here` that no instruction calls or jumps to (`TEXT`,
 * `DATA`, `MOVQ $·name(SB)`) is marked `declaration`: a reference, never a call.
 */
export function assemblyVerdict(place: LspLocation, name: string, definitions: readonly LspLocation[], linesOf: (uri: string) => readonly string[] | undefined, pathOf: (uri: string) => string): Verdict {
  const line = linesOf(place.uri)?.[place.range.start.line] ?? ''
  const [start, end] = [place.range.start.character, place.range.start.character + name.length]
  const symbol = isGoAssembly(pathOf(place.uri)) ? assemblySymbol(line, start, end) : linknameTarget(line, start, end)
  const declared = definitions.filter((definition) => extname(pathOf(definition.uri)) === '.go' && packageLevel(linesOf(definition.uri), definition.range.start.line, name))
  if (symbol === undefined || declared.length === 0) return { kind: 'elsewhere', targets: [] }
  const folder = dirname(pathOf(place.uri))
  const own = declared.some((definition) => dirname(pathOf(definition.uri)) === folder)
  if (own && symbol.packagePath === '') return here(line)
  if (symbol.packagePath === '') return { kind: 'elsewhere', targets: [] }
  const paths = new Set(declared.map((definition) => importPath(dirname(pathOf(definition.uri)))))
  if (paths.has(symbol.packagePath)) return here(line)
  return paths.has(undefined) ? { kind: 'unresolved' } : { kind: 'elsewhere', targets: [] }
}

const here = (line: string): Verdict => (callInstruction.test(line) ? { kind: 'here' } : { kind: 'here', declaration: true })

/**
 * Whether line `at` of a Go file declares `name` at package level, as gofmt writes it: `func name`
 * (no receiver) or `var name` at the line's start, or `name` first on a line of a top-level
 * `var (` block.
 */
function packageLevel(lines: readonly string[] | undefined, at: number, name: string): boolean {
  const line = lines?.[at]
  if (line === undefined) return false
  if (new RegExp(`^(?:func|var)\\s+${name}\\b`).test(line)) return true
  if (!new RegExp(`^\\t${name}\\b`).test(line)) return false
  for (let above = at - 1; above >= 0; above--) {
    const text = lines![above]!
    if (/^\S/.test(text)) return /^var\s*\(/.test(text)
  }
  return false
}

/** The import path of the Go package in `folder`: the nearest go.mod's `module` and the folder under it; `undefined` without one. */
function importPath(folder: string): string | undefined {
  for (let dir = folder; ; dir = dirname(dir)) {
    let text: string | undefined
    try {
      text = readFileSync(join(dir, 'go.mod'), 'utf8')
    } catch {
      // none here: look further up
    }
    const module = text === undefined ? undefined : /^module\s+"?([^\s"]+)"?/m.exec(text)?.[1]
    if (module !== undefined) return folder === dir ? module : `${module}/${relative(dir, folder).split('\\').join('/')}`
    if (text !== undefined || dirname(dir) === dir) return undefined
  }
}
