#!/usr/bin/env node
// Checks that every ```ts type-equiv``` code block in docs/ declares types identical to the
// exported types of the same name from @agent-lsp/lsp.
//
// For each doc file, its type-equiv blocks become one in-memory module (placed, virtually, inside
// packages/lsp/lsp so `@agent-lsp/lsp` resolves to its source through the `@agent-lsp/source` condition);
// names a doc uses but does not declare are imported from the seam. A second in-memory module
// asks, for every declared name the seam exports, whether
//   Equals<Doc.Name, Seam.Name>, Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false
// which holds only for identical types (readonly and optional modifiers included). Nothing is
// written to disk. A drifted block fails with `file:line: Name ...` and what differs.
//
// Usage: node scripts/check-docs.mjs [doc.md ...]   (default: every *.md under docs/)
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const seamModule = '@agent-lsp/lsp'
/** Where the virtual modules live: inside the seam's package, so its name resolves to its source. */
const virtualDir = join(repoRoot, 'packages/lsp/lsp/.type-equiv')

/**
 * The ```ts type-equiv``` blocks of a markdown text.
 * @param {string} text
 * @returns {{ line: number, code: string }[]} `line`: 1-based line of the block's first code line.
 */
export function typeEquivBlocks(text) {
  const lines = text.split(/\r?\n/)
  const blocks = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^ {0,3}(`{3,}|~{3,})\s*(.*)$/.exec(lines[i])
    if (!open) continue
    const fence = open[1]
    const info = open[2].trim().split(/\s+/)
    let end = i + 1
    while (end < lines.length && !new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(lines[end])) end++
    if (info[0] === 'ts' && info.includes('type-equiv')) blocks.push({ line: i + 2, code: lines.slice(i + 1, end).join('\n') })
    i = end
  }
  return blocks
}

/** @returns {ts.CompilerOptions} the repository's base options, without emit. */
function compilerOptions() {
  const configPath = join(repoRoot, 'tsconfig.base.json')
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile)
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'))
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, repoRoot, undefined, configPath)
  return { ...parsed.options, noEmit: true, declaration: false }
}

/** A program over real files plus `virtual` (absolute path → text). */
function program(virtual, options) {
  const host = ts.createCompilerHost(options, true)
  const { fileExists, readFile, getSourceFile, directoryExists } = host
  host.fileExists = (path) => virtual.has(path) || fileExists.call(host, path)
  host.directoryExists = (path) => path === virtualDir || (directoryExists?.call(host, path) ?? ts.sys.directoryExists(path))
  host.readFile = (path) => virtual.get(path) ?? readFile.call(host, path)
  host.getSourceFile = (path, language, onError, fresh) =>
    virtual.has(path) ? ts.createSourceFile(path, virtual.get(path), language, true) : getSourceFile.call(host, path, language, onError, fresh)
  return ts.createProgram({ rootNames: [...virtual.keys()], options, host })
}

/** The names `@agent-lsp/lsp` exports. */
function seamExports(options) {
  const probe = join(virtualDir, 'probe.ts')
  const built = program(new Map([[probe, `export * as Seam from '${seamModule}'\n`]]), options)
  const checker = built.getTypeChecker()
  const file = built.getSourceFile(probe)
  const problems = built.getSemanticDiagnostics(file)
  if (problems.length > 0) throw new Error(`cannot load ${seamModule}: ${ts.flattenDiagnosticMessageText(problems[0].messageText, '\n')}`)
  const declaration = file.statements[0]
  const moduleSymbol = checker.getSymbolAtLocation(declaration.moduleSpecifier)
  return new Set(checker.getExportsOfModule(moduleSymbol).map((symbol) => symbol.name))
}

/**
 * Check the type-equiv blocks of `docs` against the seam.
 * @param {{ path: string, text: string }[]} docs - `path` as it should appear in messages.
 * @returns {{ checked: { path: string, line: number, name: string }[], problems: string[] }}
 */
export function checkDocs(docs) {
  const options = compilerOptions()
  const exported = seamExports(options)
  const problems = []
  const virtual = new Map()
  /** Per virtual doc module: its doc path and, per module line (0-based), the doc line. */
  const sources = new Map()
  /** Per checked name: where the doc declares it. */
  const declared = []

  docs.forEach(({ path, text }, index) => {
    const blocks = typeEquivBlocks(text)
    if (blocks.length === 0) return
    /** name → where and how the doc declares it. */
    const names = new Map()
    const imports = []
    const imported = new Set()
    const body = []
    const lineMap = [null] // line 0: the import of undeclared seam names
    for (const block of blocks) {
      const parsed = ts.createSourceFile('block.ts', block.code, ts.ScriptTarget.Latest, true)
      for (const statement of parsed.statements) {
        const line = block.line + parsed.getLineAndCharacterOfPosition(statement.getStart(parsed)).line
        if (ts.isImportDeclaration(statement)) {
          imports.push(statement.getText(parsed))
          statement.importClause?.namedBindings?.elements?.forEach((element) => imported.add(element.name.text))
          continue
        }
        if (!ts.isInterfaceDeclaration(statement) && !ts.isTypeAliasDeclaration(statement)) {
          problems.push(`${path}:${line}: only interfaces, type aliases and \`import type\` belong in a type-equiv block`)
          continue
        }
        const name = statement.name.text
        const selfExported = statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false
        if (names.has(name)) problems.push(`${path}:${line}: ${name} is declared twice (also at line ${names.get(name).line})`)
        else names.set(name, { line, selfExported, text: statement.getFullText(parsed), generic: (statement.typeParameters?.length ?? 0) > 0 })
      }
      block.code.split('\n').forEach((_, offset) => lineMap.push(block.line + offset))
      body.push(block.code)
    }
    const exportList = (list) => {
      const plain = list.filter((name) => !names.get(name).selfExported)
      return plain.length > 0 ? `export type { ${plain.join(', ')} }` : ''
    }
    const fromSeam = (excluded) => `import type { ${[...exported].filter((name) => !excluded.has(name) && !imported.has(name)).join(', ')} } from '${seamModule}'`
    // The whole doc as one module, for its own errors (syntax, unknown names), reported by line.
    const wholePath = join(virtualDir, `doc-${index}.ts`)
    virtual.set(wholePath, [fromSeam(new Set(names.keys())), ...body, exportList([...names.keys()])].join('\n'))
    sources.set(wholePath, { path, lineMap })
    // Per declaration, a module where it is the doc's and every other seam name is the seam's, so a
    // drifted type is reported once, not again by each type that mentions it. Helpers the seam does
    // not export (a base interface) stay the doc's, and are checked through their users.
    const helpers = [...names.keys()].filter((name) => !exported.has(name))
    for (const [name, { line, generic, text: declaration }] of names) {
      if (!exported.has(name)) continue
      if (generic) {
        problems.push(`${path}:${line}: ${name} is generic; type-equiv blocks check non-generic types only (show it in a plain ts block)`)
        continue
      }
      const module = `doc-${index}-${declared.length}`
      const own = new Set([name, ...helpers])
      virtual.set(
        join(virtualDir, `${module}.ts`),
        [fromSeam(own), ...imports, ...helpers.map((helper) => names.get(helper).text), declaration, exportList([...own])].join('\n'),
      )
      declared.push({ path, line, name, module: `./${module}.js` })
    }
  })

  const checkPath = join(virtualDir, 'check.ts')
  const modules = [...new Set(declared.map((entry) => entry.module))]
  const alias = (entry) => `Doc${modules.indexOf(entry.module)}`
  virtual.set(
    checkPath,
    [
      `import type * as Seam from '${seamModule}'`,
      ...modules.map((module, i) => `import type * as Doc${i} from '${module}'`),
      'type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false',
      ...declared.map((entry, i) => `export type Check${i} = Equals<${alias(entry)}.${entry.name}, Seam.${entry.name}>`),
    ].join('\n'),
  )
  if (virtual.size === 1) return { checked: [], problems }

  const built = program(virtual, options)
  const checker = built.getTypeChecker()
  /** Docs whose blocks do not compile: their errors are reported, not their comparisons. */
  const broken = new Set()
  for (const [modulePath, { path, lineMap }] of sources) {
    const file = built.getSourceFile(modulePath)
    for (const diagnostic of [...built.getSyntacticDiagnostics(file), ...built.getSemanticDiagnostics(file)]) {
      const line = diagnostic.start === undefined ? 0 : file.getLineAndCharacterOfPosition(diagnostic.start).line
      problems.push(`${path}:${lineMap[line] ?? '?'}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`)
      broken.add(path)
    }
  }
  const checkFile = built.getSourceFile(checkPath)
  const checkProblems = built.getSemanticDiagnostics(checkFile)
  for (const diagnostic of checkProblems) problems.push(`(type-equiv check) ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`)
  const typeOfAlias = (statement) => checker.getTypeAtLocation(statement.name)
  const checks = checkFile.statements.filter((statement) => ts.isTypeAliasDeclaration(statement) && statement.name.text.startsWith('Check'))
  declared.forEach((entry, i) => {
    if (broken.has(entry.path)) return
    const verdict = checker.typeToString(typeOfAlias(checks[i]))
    if (verdict === 'true') return
    const [doc, seam] = checks[i].type.typeArguments.map((argument) => checker.getTypeFromTypeNode(argument))
    problems.push(`${entry.path}:${entry.line}: ${entry.name} differs from ${seamModule}'s ${entry.name}: ${difference(checker, doc, seam)}`)
  })
  return { checked: declared.map(({ path, line, name }) => ({ path, line, name })), problems }
}

/** What differs between the doc's type and the seam's, as precisely as cheaply possible. */
function difference(checker, doc, seam) {
  const show = (type) => checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation)
  const details = []
  const props = (type) => new Map(checker.getPropertiesOfType(type).map((symbol) => [symbol.name, symbol]))
  const docProps = props(doc)
  const seamProps = props(seam)
  const isObject = (type) => (type.flags & ts.TypeFlags.Object) !== 0 && !type.isUnion()
  if (isObject(doc) && isObject(seam)) {
    for (const name of seamProps.keys()) if (!docProps.has(name)) details.push(`\`${name}\` is missing`)
    for (const name of docProps.keys()) if (!seamProps.has(name)) details.push(`\`${name}\` is not in the seam`)
    const readonly = (symbol) => (symbol.declarations ?? []).some((d) => (ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Readonly) !== 0)
    const optional = (symbol) => (symbol.flags & ts.SymbolFlags.Optional) !== 0
    for (const [name, docProp] of docProps) {
      const seamProp = seamProps.get(name)
      if (!seamProp) continue
      const a = checker.getTypeOfSymbol(docProp)
      const b = checker.getTypeOfSymbol(seamProp)
      const mutual = (x, y) => checker.isTypeAssignableTo(x, y) && checker.isTypeAssignableTo(y, x)
      // An optional property's type includes `undefined`: leave that to the optionality detail.
      const same = mutual(a, b) || (optional(docProp) !== optional(seamProp) && mutual(checker.getNonNullableType(a), checker.getNonNullableType(b)))
      // A recursive type shows itself in both (`children: readonly LspSymbol[]`): not a detail.
      if (!same && show(a) !== show(b)) details.push(`\`${name}\` is ${show(a)}, the seam's is ${show(b)}`)
      if (optional(docProp) !== optional(seamProp)) details.push(`\`${name}\` is ${optional(docProp) ? 'optional' : 'required'}, the seam's is ${optional(seamProp) ? 'optional' : 'required'}`)
      if (readonly(docProp) !== readonly(seamProp)) details.push(`\`${name}\` is ${readonly(docProp) ? '' : 'not '}readonly, the seam's is ${readonly(seamProp) ? '' : 'not '}readonly`)
    }
  }
  if (doc.isUnion() || seam.isUnion()) {
    const members = (type) => new Set((type.isUnion() ? type.types : [type]).map(show))
    const docMembers = members(doc)
    const seamMembers = members(seam)
    for (const member of seamMembers) if (!docMembers.has(member)) details.push(`${member} is missing`)
    for (const member of docMembers) if (!seamMembers.has(member)) details.push(`${member} is not in the seam`)
  }
  if (details.length > 0) return details.join('; ')
  const forward = checker.isTypeAssignableTo(doc, seam)
  const backward = checker.isTypeAssignableTo(seam, doc)
  if (forward && backward) return `mutually assignable but not identical (a nested readonly or optional modifier differs): doc ${show(doc)}, seam ${show(seam)}`
  return `doc ${show(doc)}${forward ? ' is assignable to' : backward ? ' is wider than' : ' and'} seam ${show(seam)}${forward || backward ? '' : ' are unrelated'}`
}

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? markdownFiles(join(dir, entry.name)) : entry.name.endsWith('.md') ? [join(dir, entry.name)] : [],
  )
}

function main(args) {
  const files = args.length > 0 ? args.map((file) => resolve(file)) : markdownFiles(join(repoRoot, 'docs'))
  const docs = files.map((file) => ({ path: relative(process.cwd(), file), text: readFileSync(file, 'utf8') }))
  const { checked, problems } = checkDocs(docs)
  for (const problem of problems) console.error(problem)
  if (problems.length > 0) {
    console.error(`docs: ${problems.length} problem(s) in ${files.length} file(s)`)
    process.exitCode = 1
  } else {
    console.log(`docs: ${checked.length} type-equiv declarations in ${files.length} file(s) match ${seamModule}`)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2))
