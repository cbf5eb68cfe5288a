// Test support (not exported): the project's own typescript-language-server and tsserver, as the
// integration tests run them (the full semantic server, no syntax-only one beside it).
import { createRequire } from 'node:module'
import type { LocalServerConfig } from './config.js'

const require = createRequire(import.meta.url)

/** typescript-language-server 5.3.0 over the workspace's TypeScript, for `.ts` files under a tsconfig.json. */
export const realTypescript: LocalServerConfig = {
  id: 'typescript',
  command: process.execPath,
  args: [require.resolve('typescript-language-server/lib/cli.mjs'), '--stdio'],
  extensionToLanguage: { '.ts': 'typescript' },
  projectMarkers: ['tsconfig.json'],
  initializationOptions: { tsserver: { path: require.resolve('typescript/lib/tsserver.js'), useSyntaxServer: 'never' } },
}
