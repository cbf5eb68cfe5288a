// `@agent-lsp/lsp-local/config`: what describes servers without running one (configs, limits,
// process memory, status shapes, which folders a walk of a project's sources skips), for clients that leave the servers to another process (the
// command through the shared host). The package's main entry loads vscode-languageserver-protocol
// and the provider: a command start measured 62 ms of module loading on it alone.
export { defaultLocalProviderLimits, type LocalProviderLimits, type LocalServerConfig } from './config.js'
export { validateServerConfig } from './config-validate.js'
export type { LocalProjectCheck } from './project-check/check-config.js'
export { groupRssBytes, groupsRssBytes } from './process/process-memory.js'
export type { LocalServerState, LocalServerStatus } from './process/server-status.js'
export { SOURCES_WALK } from './sync/walk.js'
