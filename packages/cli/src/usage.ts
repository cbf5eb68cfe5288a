import { lspOperations, lspRequestShapes } from '@agent-lsp/lsp'

const byShape = (shape: 'cursor' | 'file' | 'workspace' | 'rename' | 'codeActions' | 'format'): string =>
  lspOperations.filter((operation) => lspRequestShapes[operation] === shape).join(' | ')

/** The `--help` text. */
export const usage = `Usage: agent-lsp <operation> <file>:<line>:<col> | --symbol NAME | <file> | --query NAME [options]

Ask a language server about code, as the lsp tool does.
  agent-lsp <cursor operation> <file>:<line>:<col>
  agent-lsp <cursor operation> --symbol NAME [--file FILE] [--line N]
      ${byShape('cursor')}
  agent-lsp <file operation> <file>
      ${byShape('file')}
  agent-lsp workspaceSymbol --query NAME [--file FILE]
  agent-lsp workspaceDiagnostics [--file FILE]
      every file's errors and warnings: the server's workspace diagnostics, else the compiler's
      project check (tsc --noEmit -p tsconfig.json, pyright --outputjson); --file asks only its server
  agent-lsp rename <file>:<line>:<col> NEWNAME [--apply [--force]]    (or --symbol NAME NEWNAME)
  agent-lsp codeActions <file>:<line>:<col> [--end LINE:COL] [--only KIND] [--action N|TITLE [--apply]]
  agent-lsp format <file> [--lines A-B] [--apply]
      rename, a chosen action, format and the edits below print, without --apply, the
      diff and the errors the edit would add (the edit in the servers' view only; nothing written)
  agent-lsp symbolSource <file>:<line>:<col>    (or --symbol NAME [--file FILE])
      the symbol's doc comment and whole declaration, with 1-based line numbers
  agent-lsp replaceSymbol|insertBefore|insertAfter <file>:<line>:<col> --text TEXT [--apply]
      write TEXT in place of the whole declaration, above it (and its doc comment), or below it;
      re-indented to the symbol's indentation; previewed as a diff, verified as rename is
  agent-lsp edit <file>:<line>:<col> --end L:C --text TEXT [--apply]
      write TEXT in place of the range from <line>:<col> up to L:C (exclusive; --text '' deletes
      it), its line breaks the file's; previewed with the errors it would add, verified as rename is
  agent-lsp impact [--staged | REV..REV] [--depth N]
      the symbols a git diff changes (default: the working tree) and their references, tests
      apart, and the references of the symbols holding those, to depth N (default 2)
  agent-lsp moveFile FROM TO [--apply]
      move or rename a file with its imports rewritten by the server (workspace/willRenameFiles:
      typescript-language-server has it, pyright does not); previewed as a diff, verified as rename
      is, and no import of the old path may be left
  agent-lsp mcp [--root DIR]
      serve the lsp tool over MCP on stdin/stdout until stdin closes; a config edited meanwhile
      is read before the next call, and only the servers it changes restart
  agent-lsp status [--json]
      the shared host's language servers: workspace, state, pid, memory, uptime, open documents,
      restarts, last error
  agent-lsp stop
      stop the shared host and every language server it holds (it bounds its servers: each
      server's maxMemoryMB, AGENT_LSP_HOST_MAX_MEMORY_MB and AGENT_LSP_HOST_MAX_SERVERS in all)
  agent-lsp doctor [--root DIR]
      which language servers are ready, where each is, and how to install the missing ones (a
      fallback serving in place of a missing one says so), the operations each answers and those
      a config's disabledOperations turned off; exit status 0 when at least one is ready
  agent-lsp index [--root DIR] [--out FILE]
      build a SCIP index of the workspace (<root>/.agent-lsp/index.scip); see agent-lsp index --help
  agent-lsp setup claude-code|codex|cursor|vscode|zed|gemini [--root DIR]
      add the MCP server to an agent host's config (and Claude Code's grep hook); see setup --help
  agent-lsp hook claude-code [--mode instead|beside]
      Claude Code's PreToolUse hook: a grep for an identifier answered with its references

  file           inside the workspace: absolute, or relative to the current directory (else to --root)
  line, col      1-based; col counts Unicode code points of the line (a CJK character is 1)
  --symbol NAME  a name or name path (addItem, Cart.addItem) in place of <file>:<line>:<col>: looked up
                 in --file when given, else in the whole workspace; --line N picks among matches
  --query NAME   the symbol name, or its start, to search for; --file FILE asks only that file's server
  --page N       page N of a long list answer (100 rows a page)
  --filter PATH  only the rows in this file or folder (location operations, calls, workspaceSymbol,
                 workspaceDiagnostics)
  --text TEXT    replaceSymbol, insertBefore, insertAfter, edit: the code to write; --text - reads it from stdin
  --apply        rename, format, codeActions --action, the symbol edits, edit, moveFile: write the edit (all files or none) and verify it;
                 without it they print a unified diff and write nothing
  --no-cross-check  answer references as the server gives them (no search for what it missed)
  --no-daemon    start the language servers in this process and stop them on exit, instead of asking
                 the shared host (started on first use, kept warm for every command and mcp session)
  --source S     where answers come from: auto (the default: with an index at .agent-lsp/index.scip,
                 what it answers while the live server is not ready yet, its first line "From index
                 …"; the live server once ready), live (the language server only), index (the index
                 only: goToDefinition, findReferences, goToImplementation, hover, documentSymbol,
                 workspaceSymbol; see agent-lsp index)
  --log FILE     append a JSON line per query (time, client, operation, file, server, duration,
                 outcome code, completeness; no source text) to FILE (else $AGENT_LSP_LOG); through
                 the shared host, the host writes it
  --force        rename --apply: write although places that may be the symbol stay unrenamed
  --action N     the code action to preview or apply: its number in the list, or its title
  --only KIND    codeActions of this kind only (quickfix, refactor, source: organize imports)
  --end L:C      codeActions on the selection from <line>:<col> to L:C (extracting needs one); edit's range end
  --lines A-B    format lines A to B only
  --root DIR     the workspace (default: the current directory); answers show paths relative to it
  --config FILE  read this config (agent-lsp.toml format) in place of ~/.config/agent-lsp/config.toml
  --trust-workspace-config  let <root>/agent-lsp.toml choose commands, args, env, settings and
                 initializationOptions (else only extensions, rootMarkers, enabled, fallbacks and
                 disabledOperations)
  --json         print the seam's result (zero-based UTF-16 positions) instead of text; a --symbol
                 that matches several symbols or none is then an error (LSP_SYMBOL_AMBIGUOUS,
                 LSP_SYMBOL_NOT_FOUND)
  -h, --help     this text;  -v, --version  the version

An edit's preview and refusal name the flags that write (--apply, --force); other answers speak
the lsp tool's field names: filePath is --file, line --line, page --page, fileFilter --filter,
action --action, only --only, endLine and endCharacter --end, text --text, apply: true --apply.

Config (agent-lsp.toml, [[servers]] tables by id): command, args, extensions, rootMarkers, env,
settings, initializationOptions, enabled, fallbacks = ["pylsp"] (tried in order when the server is
not installed or fails to start; the answer then starts "Answered by pylsp in place of python"),
disabledOperations = ["findReferences"] (answered LSP_UNSUPPORTED_OPERATION). See README.md.

Exit status: 0 with an answer (an empty answer, or symbols to choose from, is one), 1 on error
(an --apply whose --symbol names none or several is one), 2 on bad usage.`
