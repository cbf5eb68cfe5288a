// The library entry: the host and the server catalogue, for harness authors. The command (`main`,
// its arguments, `doctor`, the MCP server) is the bin's: importing it here would load the MCP SDK
// and zod (~40 MB of RSS, measured) into every harness that only wants `defaultServers()`.
export { createLspHost, type LspHost, type ServedCandidate, type ServedServer } from './host.js'
export type { HostStatus, ServerStatusRow } from './daemon/status.js'
export { catalogueServerConfig, defaultServers } from './servers.js'
export { catalogueEntry, type CatalogueEntry } from './catalogue.js'
