/** One watched file that changed: its stamp before and after (`undefined`: not there). */
export interface TreeChange {
  readonly path: string
  readonly before: string | undefined
  readonly after: string | undefined
}

/**
 * The changes a view of a tree saw since its last look: path → its stamp at the last look and now,
 * for each file set since, and whether an event named it — a file rewritten within one tick of the
 * kernel's clock keeps its size and mtime, and is still reported changed.
 */
export class TreeChanges {
  readonly #changes = new Map<string, { readonly before: string | undefined; after: string | undefined; touched: boolean }>()

  get size(): number {
    return this.#changes.size
  }

  record(path: string, before: string | undefined, after: string | undefined, touched = false): void {
    const change = this.#changes.get(path)
    if (change === undefined) this.#changes.set(path, { before, after, touched })
    else {
      change.after = after
      change.touched ||= touched
    }
  }

  /** The files created, changed, deleted or touched since the last take; forgets them. */
  take(): TreeChange[] {
    const changes: TreeChange[] = []
    for (const [path, { before, after, touched }] of this.#changes) if (before !== after || (touched && after !== undefined)) changes.push({ path, before, after })
    this.#changes.clear()
    return changes
  }

  clear(): void {
    this.#changes.clear()
  }
}
