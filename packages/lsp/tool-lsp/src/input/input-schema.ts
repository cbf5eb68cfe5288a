import { toolOperations, type ToolOperation } from './tool-request.js'
import * as z from 'zod'

/**
 * The `lsp` tool's input, as a zod 4 schema: one flat object (models fill flat objects best),
 * `operation` required, every other field optional, no other property. Which fields each
 * operation takes is checked by {@link parseToolRequest} (see the tool description):
 * - cursor operations: `filePath`, `line`, `character`; or `symbol` (with optional `filePath` to
 *   resolve it in that file, and optional `line` to pick among matches);
 * - `documentSymbol`, `diagnostics`: `filePath`;
 * - `workspaceSymbol`: `query`, optional `filePath` (that file's language server only);
 * - `moveFile`: `filePath` and `newPath`;
 * - `rename`: a cursor or `symbol`, and `newName`; `codeActions`: a cursor (`filePath`, `line`,
 *   `character`), optional `only` and `action`; `format`: `filePath`, optional `tabSize` and
 *   `insertSpaces`. These three preview a diff, and write it only with `apply: true`.
 * `page` and `fileFilter` shape list answers. `line` and `character` are 1-based; `character`
 * counts Unicode code points of the line (see the design doc, "The tool"). Its JSON Schema form is
 * {@link lspToolInputJsonSchema}; `execute()` validates with {@link parseLspToolInput}.
 */
export const lspToolInputSchema = z.strictObject({
  operation: z.enum(toolOperations as [ToolOperation, ...ToolOperation[]]).describe('What to look up; see the tool description for the fields each operation takes.'),
  filePath: z
    .string()
    .min(1)
    .describe(
      "The cursor's file, the file to outline, check or format, or where symbol is looked up; relative to the workspace root, or absolute.",
    )
    .optional(),
  line: z
    .int()
    .min(1)
    .describe('1-based line of the cursor. With symbol: a hint that picks the match on (or nearest to) this line.')
    .optional(),
  character: z
    .int()
    .min(1)
    .describe(
      "1-based column in Unicode code points (😀 counts 1, 👍🏽 2); at most one past the line's end. Not with symbol.",
    )
    .optional(),
  symbol: z
    .string()
    .min(1)
    .describe(
      'Instead of line and character: a name or name path (addItem, Cart.addItem), looked up in filePath if given, else the workspace.',
    )
    .optional(),
  query: z.string().describe('workspaceSymbol only: the name, or the start of it, to search for.').optional(),
  page: z.int().min(1).describe('1-based page of a long list answer (default 1); the answer says how many pages there are.').optional(),
  fileFilter: z
    .string()
    .min(1)
    .describe(
      'Keep only rows in this file or under this folder (relative to the workspace root): for the location ' +
        'operations, incomingCalls, outgoingCalls and workspaceSymbol.',
    )
    .optional(),
  newName: z.string().min(1).describe('rename only: the new name of the symbol.').optional(),
  newPath: z.string().min(1).describe('moveFile only: where filePath goes (relative to the workspace root, or absolute).').optional(),
  // A number given as a JSON number is taken too; the schema says string (no unions for harnesses).
  action: z
    .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().min(1))
    .describe('codeActions only: which listed action to preview or apply: its number in the list ("2") or its exact title.')
    .optional(),
  only: z
    .string()
    .min(1)
    .describe('codeActions only: list only this kind of action and its sub-kinds (quickfix, refactor, source.organizeImports).')
    .optional(),
  text: z.string().describe('replaceSymbol, insertBefore, insertAfter: the code to write, re-indented to the symbol\'s; edit: the range\'s new text, as given ("" deletes).').optional(),
  apply: z
    .boolean()
    .describe(
      'rename, format, moveFile, edit, symbol edits, codeActions with action: true writes the edit; default false previews a diff.',
    )
    .optional(),
  force: z
    .boolean()
    .describe(
      'rename or moveFile with apply: true writes although the check found places it leaves (references, imports of the old path), or errors it adds; default false refuses.',
    )
    .optional(),
  endLine: z
    .int()
    .min(1)
    .describe('codeActions, edit: with endCharacter, the end of the range (refactor.extract needs one); format: the last line of the range to format (from line).')
    .optional(),
  endCharacter: z.int().min(1).describe('codeActions, edit: 1-based column (code points) where the range ends, exclusive.').optional(),
  tabSize: z.int().min(1).describe('format only: spaces per indentation level (default 4).').optional(),
  insertSpaces: z.boolean().describe('format only: indent with spaces (default true) or tabs (false).').optional(),
  diff: z.string().min(1).describe('impact only: staged, or REV..REV; default the working tree.').optional(),
  depth: z.int().min(1).describe('impact only: levels of callers (default 2).').optional(),
})

/** A valid input of the `lsp` tool (see {@link lspToolInputSchema}). */
export type LspToolInput = z.infer<typeof lspToolInputSchema>

/** A field of the input. */
export type Field = keyof LspToolInput

export const fields = Object.keys(lspToolInputSchema.shape) as Field[]

/** What each field must be, in the words of the error messages. */
export const expected: Record<Field, string> = {
  operation: `one of ${toolOperations.join(', ')}`,
  filePath: 'a non-empty string',
  line: 'an integer >= 1',
  character: 'an integer >= 1',
  symbol: 'a non-empty string',
  query: 'a string',
  page: 'an integer >= 1',
  fileFilter: 'a non-empty string',
  newName: 'a non-empty string',
  newPath: 'a non-empty string',
  action: 'the number or title of a listed action',
  only: 'a non-empty code action kind',
  text: 'a string',
  apply: 'a boolean',
  force: 'a boolean',
  tabSize: 'an integer >= 1',
  insertSpaces: 'a boolean',
  diff: 'staged or REV..REV',
  depth: 'an integer >= 1',
  endLine: 'an integer >= 1',
  endCharacter: 'an integer >= 1',
}
