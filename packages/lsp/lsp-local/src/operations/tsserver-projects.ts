import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { languageOf } from '@agent-lsp/lsp'
import type { LocalServerConfig } from '../config.js'
import { syncedUnlessNotText, type OpenDocuments } from '../sync/documents.js'
import { findProjects, type ProjectSample } from '../sync/projects.js'

/** Projects tsserver is asked about, one request each, per query; past them the answer says what it did not ask. */
export const MAX_TSSERVER_PROJECTS = 16

/**
 * The config files of the TypeScript projects under `root` (a `projectMarkers` file of each
 * project folder holding files of the server's languages: `tsconfig.json`, else `jsconfig.json`),
 * in walk order: what tsserver's `projectFileName` names.
 */
export function projectConfigs(root: string, config: LocalServerConfig, samples: readonly ProjectSample[] = findProjects(root, config.projectMarkers ?? [], new Set(Object.keys(config.extensionToLanguage)))): string[] {
  const markers = config.projectMarkers ?? []
  return samples.map(({ directory }) => markers.map((marker) => join(directory, marker)).find((path) => existsSync(path))).filter((path): path is string => path !== undefined)
}

/** The projects found under each server root and their config files, while no file was made or deleted there since (the watched files' generation). */
export type ProjectsCache = Map<string, { readonly generation: number; readonly samples: readonly ProjectSample[]; readonly configs: readonly string[] }>

/**
 * The config files of the projects under `root` (see {@link projectConfigs}; walked again only
 * once a file was made or deleted), with one file of each of the first {@link MAX_TSSERVER_PROJECTS}
 * open now, so that tsserver holds those projects loaded when asked about them by
 * `projectFileName` (it drops a project none of whose files is open, and answers a request naming
 * a project it does not hold from the file's default project). None opened for a single project.
 */
export async function openEveryProject(root: string, config: LocalServerConfig, documents: OpenDocuments, cache: ProjectsCache, generation: number): Promise<readonly string[]> {
  let cached = cache.get(root)
  if (cached?.generation !== generation) {
    const samples = findProjects(root, config.projectMarkers ?? [], new Set(Object.keys(config.extensionToLanguage)))
    cached = { generation, samples, configs: projectConfigs(root, config, samples) }
    cache.set(root, cached)
  }
  const { samples, configs } = cached
  if (samples.length > 1) {
    for (const { file } of samples.slice(0, MAX_TSSERVER_PROJECTS)) await syncedUnlessNotText(documents, file, languageOf(config, file) ?? 'plaintext')
  }
  return configs
}
