import { basename, dirname } from 'node:path'
import type { OpenDocuments } from '../sync/documents.js'
import { isInside } from '../sync/paths.js'
import type { WatchedFiles } from '../sync/watched-files.js'

/**
 * The folders where a file named as a project marker (`tsconfig.json`) was created or deleted,
 * as the server's watched files report them, until {@link actOnMadeProjects} takes them.
 */
export class MadeProjects {
  readonly #folders = new Set<string>()

  constructor(watchedFiles: Pick<WatchedFiles, 'onLook'>, markers: readonly string[]) {
    watchedFiles.onLook((changes) => {
      for (const { path, before, after } of changes) {
        if ((before === undefined) !== (after === undefined) && markers.includes(basename(path))) this.#folders.add(dirname(path))
      }
    })
  }

  /** The folders noted since the last take. */
  take(): string[] {
    const folders = [...this.#folders]
    this.#folders.clear()
    return folders
  }
}

/**
 * After a project marker was made or removed in a folder: close the open documents under it, and
 * open one file of each project again before the next workspace-wide query (`loadProjects`).
 * tsserver caches that a config file does not exist for as long as a file that looked for it stays
 * open, and watches that place only for files in no project: a `tsconfig.json` made beside open
 * files governed none of them until the server stopped. Closed, a file looks again as it is opened.
 */
export async function actOnMadeProjects(session: {
  readonly madeProjects: MadeProjects | undefined
  readonly documents: OpenDocuments
  readonly projectsLoaded: Map<string, Promise<void>>
}): Promise<void> {
  const folders = session.madeProjects?.take() ?? []
  if (folders.length === 0) return
  session.projectsLoaded.clear()
  await session.documents.close(session.documents.paths.filter((path) => folders.some((folder) => isInside(path, folder))))
}
