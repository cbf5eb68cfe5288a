/**
 * Where a server finds the compile commands of its files (a JSON compilation database,
 * https://clang.llvm.org/docs/JSONCompilationDatabase.html: an array of `{ directory, file, … }`),
 * as data. clangd 14 looks in the folder of each file and in every folder above it, in each for
 * `compile_commands.json`, then `build/compile_commands.json`, then `compile_flags.txt`, and takes
 * the first it finds (or only in the folder `--compile-commands-dir` names). It indexes the files
 * that database lists and searches those and the files it has opened; a file the database does not
 * list is never searched until opened. With `compile_flags.txt` (flags for every file, no list) or
 * no database at all it searches only the files it has opened, and parses a header on its own as
 * C++, so even the header's declaration of a C function is not among the function's references.
 *
 * So, for such a server, workspace-wide answers (`findReferences`, `goToImplementation`,
 * `incomingCalls`, `workspaceSymbol`, `rename`) are `partial / unconfigured` when no database
 * lists files for the server root (definitions too: `goToDefinition` of a call then lands on the
 * header's declaration), or when source files under the server root (dependency, build and dot
 * folders left out; bounded) are neither listed nor open, naming the nearest and counting them.
 */
export interface LocalCompileDatabase {
  /** Databases that list files, relative to a folder, in the order the server looks in each: `compile_commands.json`, `build/compile_commands.json`. */
  readonly files: readonly string[]
  /** Files that give every file the same flags and list none, looked for after `files` in each folder: `compile_flags.txt`. */
  readonly flagFiles?: readonly string[]
  /** Extensions (lowercase, leading dot) of the files a database must list: sources (`.c .cc .cpp .cxx`), not headers, which take a source's command. */
  readonly sourceExtensions: readonly string[]
  /** The server argument naming the one folder it reads `files[0]` from instead (`--compile-commands-dir`, as `--x=DIR` or `--x DIR`). */
  readonly directoryArgument?: string
  /**
   * The title (a regular expression, source text) of the progress by which the server indexes the
   * files a database lists once the first file under it opens (clangd 14: `^indexing$`, announced
   * at times only after that file's diagnostics and a first answer from a partial index). The
   * session's first query waits for that work to begin, bounded by `indexStartTimeoutMs` (past it
   * answers are `partial / indexing` until it begins), and then to end, as for any progress.
   */
  readonly indexProgressTitle?: string
  /** How to generate a database, quoted in the answers' messages: `cmake -DCMAKE_EXPORT_COMPILE_COMMANDS=ON, or bear -- make`. */
  readonly howToGenerate: string
}
