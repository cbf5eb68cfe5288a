export { createLocalLspProvider, type IdleServer, type LocalLspProvider, type LocalLspProviderOptions } from './provider.js'
export {
  defaultLocalProviderLimits,
  validateServerConfig,
  type LocalProviderLimits,
  type LocalServerConfig,
} from './config.js'
export type { LocalProjectCheck } from './project-check/check-config.js'
export { canonicalUri, pathToUri, uriToPath } from './normalize/uri.js'
export { normalizeHover, normalizeLocations } from './normalize/normalize.js'
export { slidingWindowCrashPolicy, slidingWindowMemoryPolicy, type CrashPolicy } from './process/crash-policy.js'
export { groupRssBytes, groupsRssBytes } from './process/process-memory.js'
export type { LocalServerState, LocalServerStatus } from './process/server-status.js'
