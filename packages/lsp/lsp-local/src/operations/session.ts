import type { LanguageServerClient } from '../process/client.js'
import type { OpenDocuments } from '../sync/documents.js'
import type { CompileDatabases } from '../sync/compile-database.js'
import type { SourceFiles } from '../sync/source-files.js'
import type { CoverageCache } from './coverage.js'
import type { GoBuildExcluded } from './go-build-excluded.js'
import type { PackagesSeen } from './packages-changed.js'
import type { MadeProjects } from './made-projects.js'
import type { UnseenChanges } from './unseen-changes.js'
import type { ProjectsCache } from './tsserver-projects.js'
import type { ViewGate } from '../sync/view-gate.js'

/** One running server of a provider and what the provider keeps beside it. */
export interface Session {
  readonly client: LanguageServerClient
  readonly documents: OpenDocuments
  /** Workspace roots whose projects were opened, once each (see `projectMarkers`). */
  readonly projectsLoaded: Map<string, Promise<void>>
  /** Where project markers were made or removed since the last query (see `actOnMadeProjects`). */
  readonly madeProjects: MadeProjects | undefined
  /** What is known of files the server leaves out, per scan root (see `excludedFolders`). */
  readonly excluded: CoverageCache
  /** The files the server's build leaves out by their build constraints (see `buildConstraints`). */
  readonly buildExcluded: GoBuildExcluded | undefined
  /** The projects under each server root, for a tsserver diagnostics pull (see `openEveryProject`). */
  readonly projects: ProjectsCache
  /** Which reports of installed, updated or removed packages were acted on (see `onPackagesChanged`). */
  readonly packagesSeen: PackagesSeen
  /** Files changed as the server cannot tell, held open (see `unopenedChangesBy`). */
  readonly unseenChanges: UnseenChanges | undefined
  /** The source files under the root and what the server has of each (see `openChangedFiles`, `compileDatabase`). */
  readonly sources: SourceFiles | undefined
  /** The compile databases of the root's files (see `compileDatabase`). */
  readonly databases: CompileDatabases | undefined
  /** Whether the server started without a virtualenv (see `LocalServerConfig.virtualenv`): one made in the root restarts it. */
  readonly awaitsVirtualenv: boolean
  /** Changed files being sent to the server (see `sendChangedFiles`). */
  sendingChanges: Promise<unknown> | undefined
  /** Turns at the server's view: the queries reading the disk (see `readingDisk`), or one overlay (see `answerOverlayDiagnostics`). */
  readonly view: ViewGate
}
