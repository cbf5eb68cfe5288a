import { describe, expect, it } from 'vitest'
import { lspToolInputJsonSchema } from './input/input-json-schema.js'
import type { LspContext } from '@agent-lsp/lsp'
import { createLspTool } from './tool.js'
import { stubTool } from './workspace.test-support.js'

describe('the lsp tool definition', () => {
  it('tells the model the operations, the fields each takes, the units and the answer format', () => {
    const { tool } = stubTool(() => Promise.reject(new Error('unused')), { workspaceRoot: '/work/app', maxResults: 50 })
    expect(tool.name).toBe('lsp')
    expect(tool.inputSchema).toBe(lspToolInputJsonSchema)
    expect(tool.description).toBe(
      [
        'Navigate code with a language server: compiler-accurate answers, unlike text search.',
        'Ask it before grep about a symbol (definition, uses, implementations, type); grep is for text in comments, strings and docs.',
        'Operations:',
        '- goToDefinition: where the symbol is defined.',
        '- goToTypeDefinition: where the type of the symbol is defined.',
        '- findReferences: every reference to the symbol, its declaration included.',
        '- goToImplementation: the implementations of the interface, abstract class or method.',
        '- hover: the type signature and documentation of the symbol.',
        '- signatureHelp: the signatures of the call around the cursor, the active parameter marked.',
        '- incomingCalls: the functions that call the function or method, with where they call it.',
        '- outgoingCalls: the functions the function or method calls.',
        "- documentSymbol: an outline of filePath's symbols: kinds, names, line ranges.",
        '- workspaceSymbol: symbols anywhere in the workspace whose name matches query.',
        "- diagnostics: filePath's current errors and warnings from the compiler.",
        '- completion: what can be typed at the cursor (after obj. : its members), with kinds and types.',
        '- rename: rename the symbol to newName everywhere the compiler sees it.',
        '- codeActions: the quick fixes, refactorings and source actions (organize imports) at the cursor; only narrows by kind.',
        '- format: format filePath as its language server does (tabSize, insertSpaces).',
        '- prepareCallHierarchy: the function or method at the cursor as a call hierarchy item: kind, name, detail, place, lines.',
        '- supertypes: the direct base classes and interfaces of the type.',
        '- subtypes: the direct subclasses and implementations of the type.',
        "- workspaceDiagnostics: every file's errors and warnings, from the server or a project check (tsc, pyright); filePath: only its server.",
        "- symbolSource: the symbol's doc comment and declaration, numbered. replaceSymbol (the declaration), insertBefore, insertAfter: write text.",
        '- impact: symbols a git diff changes (diff: staged, REV..REV; default working tree) and their users, tests apart, depth 2.',
        '- moveFile: move filePath to newPath, its imports updated.',
        '- edit: text replaces filePath from line, character up to endLine, endCharacter.',
        "Unless said otherwise an operation takes filePath, line and character on the symbol's name; or instead symbol, a name or name path (addItem, Cart.addItem) " +
          'looked up in filePath when given, else in the whole workspace, line then picking among matches.',
        "documentSymbol, diagnostics take filePath. workspaceSymbol takes query, and filePath to ask only that file's language server.",
        'rename and the symbol edits take a cursor or symbol, and newName or text; codeActions a cursor (endLine and endCharacter make it a selection), ' +
          'then action (a number or title from its list); format takes filePath (line and endLine for some lines). These and edit answer a unified diff and the errors it would add (moveFile: the diff), writing nothing; the same call with apply: true writes it ' +
          'atomically (refused if a file changed since the preview) and verifies it. ' +
          'A rename leaving references or places the server could not resolve, or adding errors, is refused unless force: true.',
        'filePath is relative to the workspace root (/work/app) or absolute. line and character are 1-based; ' +
          'character counts Unicode code points as the line reads (a tab or a CJK character is 1, 👍🏽 2).',
        'Answers are compact text: path:line:col in the same units, relative to the workspace root; several places in a file: its path, then line:col lines. ' +
          'Lists longer than 50 rows come in pages: the header says which rows are shown, ask page 2, 3, … for the rest; ' +
          'fileFilter (a file or folder) keeps only the rows under it.',
        'Several questions at once: queries, a list of up to 20 queries, each answered under its own header.',
        'Files: .ts.',
      ].join('\n'),
    )
  })

  // Measured 2026-12-01 with 30 extensions: 3,005 bytes before prepareCallHierarchy, supertypes,
  // subtypes, workspaceDiagnostics and queries, 3,649 (.ts, .tsx, .js, .py) after; schema 3,261 → 3,615.
  // With these 30 extensions, symbolSource, replaceSymbol, insertBefore, insertAfter and text:
  // description 3,987 → 4,052 (the queries line shortened: the schema's queries field says the rest), schema → 3,838.
  // With impact (its line, diff and depth) and moveFile (its line, newPath): other lines and fields tightened to make room.
  // With the web servers' 4 extensions and the 13 file names (2026-12-02): measured below.
  it('keeps the description and the schema within what a model reads at every call: 4 KiB each', () => {
    const extensions = ['.bash', '.c', '.cc', '.cjs', '.cpp', '.css', '.cts', '.cxx', '.dockerfile', '.go', '.h', '.hpp', '.htm', '.html', '.js']
    const more = ['.json', '.jsonc', '.jsx', '.less', '.mjs', '.mts', '.py', '.pyi', '.rs', '.scss', '.sh', '.ts', '.tsx', '.yaml', '.yml', '.vue', '.svelte', '.php', '.toml']
    // The catalogue's file names (2026-12-02): Dockerfile's and the shell's.
    const fileNames = ['.bash_aliases', '.bash_login', '.bash_logout', '.bash_profile', '.bashrc', '.envrc', '.profile', 'APKBUILD', 'Containerfile', 'Containerfile.*', 'Dockerfile', 'Dockerfile.*', 'PKGBUILD']
    const ctx = { lsp: { providers: () => [{ id: 'all', extensions: [...extensions, ...more], fileNames }] } } as unknown as LspContext
    const tool = createLspTool(ctx, { workspaceRoot: '/work/app', maxResults: 100 })!
    // A name beside its `name.*` is said once.
    expect(tool.description.split('\n').at(-1)).toBe(
      'Files: .bash .c .cc .cjs .cpp .css .cts .cxx .dockerfile .go .h .hpp .htm .html .js .json .jsonc .jsx .less .mjs .mts .php .py .pyi .rs .scss .sh .svelte .toml .ts .tsx .vue .yaml .yml; ' +
        'by name: .bash_aliases .bash_login .bash_logout .bash_profile .bashrc .envrc .profile APKBUILD Containerfile(.*) Dockerfile(.*) PKGBUILD.',
    )
    // 3,946 bytes on 2026-12-02 (the cursor operations no longer listed by name: "unless said otherwise"); 3,981 with previews naming the errors an edit would add;
    // 4,090 with edit (its line, "These and edit"), the schema 3,941 → 3,998 (edit in the enum, text, endLine, endCharacter, apply).
    expect(Buffer.byteLength(tool.description)).toBeLessThanOrEqual(4096)
    expect(Buffer.byteLength(JSON.stringify(tool.inputSchema))).toBeLessThanOrEqual(4096)
  })
})
