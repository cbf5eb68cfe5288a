import type { LocalServerConfig } from '../config.js'
import type { WatchedFiles } from '../sync/watched-files.js'
import { GoBuildExcluded } from './go-build-excluded.js'
import { MadeProjects } from './made-projects.js'
import { packagesSeen } from './packages-changed.js'
import type { Session } from './session.js'
import { UnseenChanges } from './unseen-changes.js'

/** What a new session keeps of its watched files' looks: project markers made, packages changed, changes its server cannot tell, files its build leaves out. */
export function lookListeners(watchedFiles: WatchedFiles, config: LocalServerConfig): Pick<Session, 'madeProjects' | 'packagesSeen' | 'unseenChanges' | 'buildExcluded'> {
  return {
    madeProjects: config.projectMarkers?.length ? new MadeProjects(watchedFiles, config.projectMarkers) : undefined,
    packagesSeen: packagesSeen(watchedFiles, config),
    unseenChanges: config.unopenedChangesBy === 'size-mtime' ? new UnseenChanges(watchedFiles) : undefined,
    buildExcluded: config.buildConstraints === 'go' ? new GoBuildExcluded(watchedFiles, config) : undefined,
  }
}
