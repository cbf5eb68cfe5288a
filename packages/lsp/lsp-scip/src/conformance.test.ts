import * as seam from '@agent-lsp/lsp'
import { runProviderConformance } from '@agent-lsp/lsp-testing'
import { afterAll, describe, it } from 'vitest'
import { indexWorkspace } from './indexers.test-support.js'
import { createScipLspProvider } from './provider.js'

// The index provider against the suite every provider passes, over a real scip-typescript index of
// the fixture (built once, when the suite creates its provider). It claims the six operations an
// index answers; the nine others must be LSP_UNSUPPORTED_OPERATION.
// The suite's first case builds that index: scip-typescript takes ~10 s, over the package's 30 s
// bound while the other packages' suites load the same two cores in CI. Bounded as the index hooks are.
const indexing = (name: string, body: () => Promise<void>): unknown => it(name, body, 120_000)

runProviderConformance({ describe, it: indexing, afterAll }, {
  name: 'scip (scip-typescript)',
  seam,
  createProvider: async ({ workspaceRoot }) => {
    await indexWorkspace(workspaceRoot, { typescript: true })
    return createScipLspProvider({ extensionToLanguage: { '.ts': 'typescript' } })
  },
  fixture: {
    files: {
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] }),
      'package.json': JSON.stringify({ name: 'conformance', version: '1.0.0' }),
      'src/animal.ts': [
        '/** Something that speaks. */',
        'export interface Animal {',
        '  speak(): string',
        '}',
        '',
        'export class Dog implements Animal {',
        "  speak(): string { return 'woof 🎉' }",
        '}',
        '',
      ].join('\n'),
      'src/talk.ts': [
        "import { Dog, type Animal } from './animal'",
        '',
        'export function talk(animal: Animal): string {',
        '  return animal.speak()',
        '}',
        '',
        'export const greeting = talk(new Dog())',
        '',
      ].join('\n'),
    },
    operations: {
      goToDefinition: { file: 'src/talk.ts', at: 'talk(new', offset: 1 },
      findReferences: { file: 'src/talk.ts', at: 'talk(new', offset: 1 },
      goToImplementation: { file: 'src/animal.ts', at: 'Animal {' },
      hover: { file: 'src/animal.ts', at: 'Animal {' },
      documentSymbol: { file: 'src/animal.ts' },
      workspaceSymbol: { file: 'src/talk.ts', query: 'talk' },
    },
  },
})
