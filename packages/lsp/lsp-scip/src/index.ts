export { createScipLspProvider, defaultScipExtensions, scipOperations, type ScipDeclarationSite, type ScipElsewhere, type ScipLspProvider, type ScipLspProviderOptions } from './provider.js'
export { DEFAULT_INDEX_PATH } from './indexes.js'
export { contentRevision, manifestPathOf, readManifest, sha256, type ScipManifest } from './staleness/manifest.js'
export { writeScipIndex, type WriteScipIndexOptions, type WrittenScipIndex } from './write/write-index.js'
