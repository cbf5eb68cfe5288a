import type { LspContext } from '@agent-lsp/lsp'
import type { EditFileSystem } from './apply-files.js'

/** What a preview saw: each file's content hash, and the digest of what the edit would write. */
export interface PreviewRecord {
  readonly baseHashes: ReadonlyMap<string, string | null>
  readonly digest: string
}

/** Previews kept per tool instance; the oldest is forgotten beyond it. */
const MAX_PREVIEWS = 32

/**
 * The previews a tool instance showed, by request (without `apply`), so that `apply: true` can
 * refuse when a file changed since (the model passes nothing back but `apply`).
 */
export class PreviewStore {
  readonly #records = new Map<string, PreviewRecord>()

  get(key: string): PreviewRecord | undefined {
    return this.#records.get(key)
  }

  set(key: string, record: PreviewRecord): void {
    this.#records.delete(key)
    this.#records.set(key, record)
    for (const oldest of this.#records.keys()) {
      if (this.#records.size <= MAX_PREVIEWS) break
      this.#records.delete(oldest)
    }
  }

  delete(key: string): void {
    this.#records.delete(key)
  }
}

/** What the edit flow needs besides the answer. */
export interface EditFlowContext {
  readonly ctx: LspContext
  readonly workspaceRoot: string
  readonly previews: PreviewStore
  readonly signal: AbortSignal
  readonly fileSystem?: EditFileSystem
  /** Whether previews report the errors the edit would cause (see `speculativeCheck`); default `true`. */
  readonly checkEdits?: boolean
  /** How answers name the fields that write (see `LspToolOptions.writeFlags`); default the tool's. */
  readonly writeFlags?: 'tool' | 'command'
}

/** The words an answer names the write fields with: `call`, `apply: true`, `force: true` for the tool. */
export function writeFlagWords(flags: 'tool' | 'command' = 'tool'): { readonly call: string; readonly apply: string; readonly force: string } {
  return flags === 'command' ? { call: 'command', apply: '--apply', force: '--force' } : { call: 'call', apply: 'apply: true', force: 'force: true' }
}
