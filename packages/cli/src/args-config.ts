import { UsageError, shown } from './usage-error.js'
import { answerSources, type AnswerSource } from './sources/source-names.js'

/** `--config FILE` (as given) and `--trust-workspace-config`, present only when given. */
export interface ConfigFlags {
  readonly configFile?: string
  readonly trustWorkspaceConfig?: true
  /** `--no-cross-check`: answers as the servers give them (queries and `mcp`). */
  readonly noCrossCheck?: true
  /** `--no-daemon`: start the servers in this process and stop them on exit (queries and `mcp`). */
  readonly noDaemon?: true
  /** `--log FILE` (as given): append a line per seam query to FILE (queries and `mcp`; see `oplog/`). */
  readonly log?: string
  /** `--source index|live|auto` (queries and `mcp`; absent: `auto`): where answers come from (see `sources/`). */
  readonly source?: AnswerSource
}

/** `--config FILE` and `--trust-workspace-config`, only when given. */
export function configFlags(values: { readonly config?: string; readonly log?: string; readonly source?: string; readonly 'trust-workspace-config': boolean }, tokens: readonly { kind: string; name?: string }[]): ConfigFlags {
  for (const name of ['config', 'log', 'source'] as const) {
    if (tokens.filter((token) => token.kind === 'option' && token.name === name).length > 1) throw new UsageError(`--${name} given more than once`)
    if (values[name] === '') throw new UsageError(`--${name} needs a value`)
  }
  return {
    ...(values.config === undefined ? {} : { configFile: values.config }),
    ...(values.log === undefined ? {} : { log: values.log }),
    ...(values.source === undefined ? {} : { source: answerSource(values.source) }),
    ...(values['trust-workspace-config'] ? { trustWorkspaceConfig: true as const } : {}),
    ...((values as { readonly 'no-cross-check'?: boolean })['no-cross-check'] ? { noCrossCheck: true as const } : {}),
    ...((values as { readonly 'no-daemon'?: boolean })['no-daemon'] ? { noDaemon: true as const } : {}),
  }
}

function answerSource(value: string): AnswerSource {
  if ((answerSources as readonly string[]).includes(value)) return value as AnswerSource
  throw new UsageError(`--source must be ${answerSources.join(', ')} (got ${shown(value)})`)
}
