// goToImplementation never lists an import: tsserver answered `import { Square as Sq }` (and a
// re-export's `export { Square as Sq3 } from`, a multi-line import's `Square as Sq2,`) among the
// implementations of an interface Square implements, an answer said complete (the eighteenth trial).
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const shapes = {
  'tsconfig.json': '{"compilerOptions":{"strict":true},"include":["src"]}',
  'src/shape.ts': 'export interface Shape {\n  area(): number;\n}\nexport class Square implements Shape {\n  area() {\n    return 4;\n  }\n}\n',
  'src/main.ts': 'import { Square as Sq } from "./shape";\nexport const q = new Sq();\n',
  'src/other.ts': 'import {\n  Square as Sq2,\n} from "./shape";\nexport { Square as Sq3 } from "./shape";\nimport * as S from "./shape";\nexport const r = new Sq2();\nexport class Round extends S.Square {}\n',
}

describe('goToImplementation leaves out the imports and re-exports of an implementation', () => {
  it('of an interface: its class and the class deriving from it, not the names they are imported under', async () => {
    const root = await tempWorkspace(shapes)
    const { ask } = toolOn(root)
    expect((await ask('goToImplementation', 'src/shape.ts:1:18')).split('\n')).toEqual([
      '2 implementations of Shape in 2 files',
      'src/other.ts:7:14  export class Round extends S.Square {}',
      'src/shape.ts:4:14  export class Square implements Shape {',
    ])
  })
})
