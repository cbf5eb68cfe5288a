// The protocol's runtime values (request and notification types, the connection, error codes).
// vscode-languageserver-protocol is CommonJS spread over ~90 files joined by re-exports: imported
// from ESM, Node's CommonJS export scanner reads and keeps every one of them, which costs the host
// ~11 MB of RSS (measured: 64.1 MB vs 53.2 MB after `import` vs `require` of it in a bare Node 20).
// Loaded through `require` it costs what a plain vscode-jsonrpc client pays. Types are imported
// from the package as usual, with `import type`.
import { createRequire } from 'node:module'
import type * as Protocol from 'vscode-languageserver-protocol/node'

/** `vscode-languageserver-protocol/node`, loaded with `require` (see above). */
export const protocol = createRequire(import.meta.url)('vscode-languageserver-protocol/node') as typeof Protocol
