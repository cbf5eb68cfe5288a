import { lspRequestShapes, type LspProviderInfo } from '@agent-lsp/lsp'
import { MAX_QUERIES } from './input/call-schema.js'
import { toolSeamOperations, type ToolSeamOperation } from './input/tool-request.js'

// Total over the operations: a new one does not compile until the model is told what it does.
const purposes: Record<ToolSeamOperation, string> = {
  goToDefinition: 'where the symbol is defined',
  goToTypeDefinition: 'where the type of the symbol is defined',
  findReferences: 'every reference to the symbol, its declaration included',
  goToImplementation: 'the implementations of the interface, abstract class or method',
  hover: 'the type signature and documentation of the symbol',
  signatureHelp: 'the signatures of the call around the cursor, the active parameter marked',
  incomingCalls: 'the functions that call the function or method, with where they call it',
  outgoingCalls: 'the functions the function or method calls',
  documentSymbol: "an outline of filePath's symbols: kinds, names, line ranges",
  workspaceSymbol: 'symbols anywhere in the workspace whose name matches query',
  diagnostics: "filePath's current errors and warnings from the compiler",
  completion: 'what can be typed at the cursor (after obj. : its members), with kinds and types',
  rename: 'rename the symbol to newName everywhere the compiler sees it',
  codeActions: 'the quick fixes, refactorings and source actions (organize imports) at the cursor; only narrows by kind',
  format: "format filePath as its language server does (tabSize, insertSpaces)",
  prepareCallHierarchy: 'the function or method at the cursor as a call hierarchy item: kind, name, detail, place, lines',
  supertypes: 'the direct base classes and interfaces of the type',
  subtypes: 'the direct subclasses and implementations of the type',
  workspaceDiagnostics: "every file's errors and warnings, from the server or a project check (tsc, pyright); filePath: only its server",
}

const byShape = (shape: 'cursor' | 'file' | 'workspace'): string =>
  toolSeamOperations.filter((operation) => lspRequestShapes[operation] === shape).join(', ')

/** The tool description a model reads: operations and their fields, units of the cursor, paths, answer format. */
export function describeLspTool(workspaceRoot: string, providers: readonly LspProviderInfo[], pageSize: number): string {
  const extensions = [...new Set(providers.flatMap((provider) => provider.extensions))].sort()
  const fileNames = [...new Set(providers.flatMap((provider) => provider.fileNames ?? []))].sort()
  return [
    'Navigate code with a language server: compiler-accurate answers, unlike text search.',
    'Ask it before grep about a symbol (definition, uses, implementations, type); grep is for text in comments, strings and docs.',
    'Operations:',
    ...toolSeamOperations.map((operation) => `- ${operation}: ${purposes[operation]}.`),
    "- symbolSource: the symbol's doc comment and declaration, numbered. replaceSymbol (the declaration), insertBefore, insertAfter: write text.",
    '- impact: symbols a git diff changes (diff: staged, REV..REV; default working tree) and their users, tests apart, depth 2.',
    '- moveFile: move filePath to newPath, its imports updated.',
    '- edit: text replaces filePath from line, character up to endLine, endCharacter.',
    "Unless said otherwise an operation takes filePath, line and character on the symbol's name; or instead symbol, a name or name path " +
      '(addItem, Cart.addItem) looked up in filePath when given, else in the whole workspace, line then picking among matches.',
    `${byShape('file')} take filePath. ${byShape('workspace')} takes query, and filePath to ask only that file's language server.`,
    'rename and the symbol edits take a cursor or symbol, and newName or text; codeActions a cursor (endLine and endCharacter make it a selection), ' +
      'then action (a number or title from its list); format takes filePath (line and endLine for some lines). These and edit answer a unified diff and the errors it would add (moveFile: the diff), writing nothing; the same call with apply: true writes it ' +
      'atomically (refused if a file changed since the preview) and verifies it. ' +
      'A rename leaving references or places the server could not resolve, or adding errors, is refused unless force: true.',
    `filePath is relative to the workspace root (${workspaceRoot}) or absolute. line and character are 1-based; ` +
      'character counts Unicode code points as the line reads (a tab or a CJK character is 1, 👍🏽 2).',
    `Answers are compact text: path:line:col in the same units, relative to the workspace root; several places in a file: its path, then line:col lines. ` +
      `Lists longer than ${pageSize} rows come in pages: the header says which rows are shown, ask page 2, 3, … for the rest; ` +
      'fileFilter (a file or folder) keeps only the rows under it.',
    `Several questions at once: queries, a list of up to ${MAX_QUERIES} queries, each answered under its own header.`,
    `Files: ${extensions.join(' ')}${fileNames.length > 0 ? `; by name: ${foldStems(fileNames).join(' ')}` : ''}.`,
  ].join('\n')
}

/** File names with a `name.*` beside `name` folded into `name(.*)`: the description's budget is bytes. */
function foldStems(names: readonly string[]): string[] {
  const all = new Set(names)
  return names.filter((name) => !(name.endsWith('.*') && all.has(name.slice(0, -2)))).map((name) => (all.has(`${name}.*`) ? `${name}(.*)` : name))
}
