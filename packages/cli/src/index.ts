export { main, version, type CliIo } from './main.js'
export { createLspHost, type LspHost } from './host.js'
export { defaultServers } from './servers.js'
export { parseCommand, usage, UsageError, type Command } from './args.js'
