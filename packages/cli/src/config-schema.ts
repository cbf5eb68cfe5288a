import { lspOperations, type LspOperation } from '@agent-lsp/lsp'
import { z } from 'zod'

/**
 * The schema of `agent-lsp.toml` / `agent-lsp.json` (in a workspace) and of the user-level
 * `config.toml` / `config.json`. Published as `agent-lsp.schema.json` ({@link configJsonSchema});
 * `config-schema.test.ts` fails when the committed file differs from what this generates.
 */
const serverSchema = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected letters, digits, ".", "_" or "-"')
      .describe('The server id: a catalogue id (typescript, python, bash, c, go, rust, json, css, html, yaml, dockerfile, vue, svelte, php, toml, pylsp, ccls, tsgo) overrides that server field by field; any other id adds a server.'),
    command: z
      .string()
      .min(1)
      .describe('The executable: an absolute path, a path relative to this file, or a name looked up on PATH (then node_modules/.bin). Run without a shell.')
      .optional(),
    args: z.array(z.string()).optional().describe('Its arguments. Setting command or args replaces the catalogue process; the one left out is the catalogue\'s own (e.g. ["--stdio"]).'),
    extensions: z
      .record(z.string().regex(/^\.[a-z0-9_+-]+$/, 'expected a lowercase extension with a leading dot, like ".py"'), z.string().min(1))
      .optional()
      .describe('Extension → LSP language id, e.g. { ".py" = "python" }. An extension given here is taken from any other server.'),
    fileNames: z
      .record(z.string().regex(/^[^/\\\s*]+(\.\*)?$/, 'expected one file name, like "Dockerfile", or a stem then .*, like "Dockerfile.*"'), z.string().min(1))
      .optional()
      .describe('File name → LSP language id for files no extension tells, e.g. { Dockerfile = "dockerfile", "Dockerfile.*" = "dockerfile" } (case-insensitive; an exact name wins over an extension). A name given here is taken from any other server.'),
    rootMarkers: z.array(z.string().min(1)).optional().describe('File names marking a project root: a file\'s server runs at the nearest directory holding one, inside the workspace.'),
    initializationOptions: z.unknown().optional().describe('Sent verbatim as InitializeParams.initializationOptions.'),
    settings: z.record(z.string(), z.unknown()).optional().describe('What the server reads through workspace/configuration, by section (e.g. { python = { analysis = { ... } } }).'),
    env: z.record(z.string(), z.string()).optional().describe('Extra environment variables for the server process.'),
    maxMemoryMB: z
      .number()
      .positive()
      .optional()
      .describe('Memory cap in MB: the resident memory of the server and what it started (tsserver: also its heap limit). Over it, the server is restarted once idle and the next answer says so; the third time in 10 min it is stopped (LSP_SERVER_OVER_MEMORY). Default 4096.'),
    enabled: z
      .boolean()
      .optional()
      .describe('true turns on a catalogue alternative (pylsp, ccls), which takes its files from the default server (pyright, clangd); false turns a server off.'),
    disabledOperations: z
      .array(z.enum(lspOperations as [LspOperation, ...LspOperation[]]))
      .optional()
      .describe('Operations this server\'s files never ask it (e.g. ["findReferences"]): they answer LSP_UNSUPPORTED_OPERATION naming this setting.'),
    fallbacks: z
      .array(z.string().min(1))
      .optional()
      .describe('Server ids tried in order, with this server\'s files, when it is not installed or fails to start (python: ["pylsp"]). [] tries none.'),
  })
  .strict()

const indexSchema = z
  .object({
    name: z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected letters, digits, ".", "_" or "-"')
      .describe('The repository\'s name: its rows print as name:path:line:col.'),
    root: z.string().min(1).describe('The repository\'s root: absolute, or relative to this file. In an untrusted workspace config, a folder beside the workspace or inside it.'),
    path: z.string().min(1).optional().describe('Its SCIP index (agent-lsp index): absolute, or relative to this file; default <root>/.agent-lsp/index.scip. In an untrusted workspace config, a .scip file inside root.'),
  })
  .strict()

export const configSchema = z
  .object({
    $schema: z.string().describe('The JSON Schema of this file, for editors.'),
    servers: z.array(serverSchema).describe('Servers added to, or overriding, the catalogue.'),
    indexes: z
      .array(indexSchema)
      .describe('Other repositories\' SCIP indexes (a library, its consumers): findReferences and goToImplementation span them, matched by SCIP symbol. A workspace config\'s list replaces the user config\'s.'),
    source: z
      .enum(['auto', 'index', 'live'])
      .describe('Where answers come from, as --source (which overrides it): auto (default: the workspace index .agent-lsp/index.scip while the live server is not ready), live, or index. A workspace config overrides the user config.'),
    trustedWorkspaces: z
      .array(z.string().regex(/^(\/|~\/|[A-Za-z]:[\\/])/, 'expected an absolute path or ~/…'))
      .describe('User-level config only: workspace directories (absolute, or ~/…) whose agent-lsp.toml may set command, args, env, settings and initializationOptions.'),
  })
  .partial()
  .strict()
  .describe('agent-lsp configuration: the language servers of the agent-lsp command.')

/** A config file's content, as validated. */
export type AgentLspConfig = z.infer<typeof configSchema>
/** One `[[servers]]` entry. */
export type ServerEntryConfig = z.infer<typeof serverSchema>

/** One `[[indexes]]` entry. */
export type IndexEntryConfig = z.infer<typeof indexSchema>

/** The field names of an index entry, in the schema's order. */
export const indexFields = Object.keys(indexSchema.shape) as (keyof IndexEntryConfig)[]

/** The field names of a server entry, in the schema's order. */
export const serverFields = Object.keys(serverSchema.shape) as (keyof ServerEntryConfig)[]

/** The published JSON Schema (draft 2020-12) of {@link configSchema}. */
export function configJsonSchema(): Record<string, unknown> {
  return { ...z.toJSONSchema(configSchema), title: 'agent-lsp configuration' }
}
