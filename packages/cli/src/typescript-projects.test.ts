// tsserver searches only the projects it has loaded and looks for tsconfig.json no higher than the
// root it is given: references must still cover every project, or say they do not.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

const project = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022' }, include: ['src'] })

describe('typescript projects', () => {
  it('finds references in a project that imports this one but has no file open', async () => {
    const root = await tempWorkspace({
      'a/tsconfig.json': project,
      'a/src/lib.ts': 'export function shared(): number { return 1; }\nexport const here = shared();\n',
      'b/tsconfig.json': project,
      'b/src/use.ts': 'import { shared } from "../../a/src/lib";\nexport const there = shared();\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'a/src/lib.ts:1:17')).toBe(
      grouped([
        '4 references to shared in 2 files',
        'a/src/lib.ts:1:17  export function shared(): number { return 1; }',
        'a/src/lib.ts:2:21  export const here = shared();',
        'b/src/use.ts:1:10  import { shared } from "../../a/src/lib";',
        'b/src/use.ts:2:22  export const there = shared();',
      ]),
    )
  })

  it('finds the project above a workspace opened in a subfolder, showing what lies outside as external', async () => {
    const top = await tempWorkspace({
      'tsconfig.json': project,
      'src/shapes/area.ts': 'export function area(r: number): number { return 3 * r * r; }\n',
      'src/shapes/disc.ts': 'import { area } from "./area";\nexport const disc = area(2);\n',
      'src/main.ts': 'import { area } from "./shapes/area";\nconsole.log(area(1));\n',
    })
    const { ask } = toolOn(path.join(top, 'src/shapes'))
    expect(await ask('findReferences', 'area.ts:1:17')).toBe(
      grouped([
        '5 references to area in 3 files',
        'area.ts:1:17  export function area(r: number): number { return 3 * r * r; }',
        'disc.ts:1:10  import { area } from "./area";',
        'disc.ts:2:21  export const disc = area(2);',
        `external  ${top}/src/main.ts:1`,
        `external  ${top}/src/main.ts:2`,
      ]),
    )
  })

  // The sixteenth trial: rooted at a project's src/, a question without a file started a second
  // tsserver at src/, which never found ../tsconfig.json: "No symbols match", complete.
  it('answers a question without a file from the project above a workspace opened in a subfolder', async () => {
    const top = await tempWorkspace({
      'tsconfig.json': project,
      'src/shapes/area.ts': 'export function area(r: number): number { return 3 * r * r; }\n',
      'src/shapes/disc.ts': 'import { area } from "./area";\nexport const disc = area(2);\n',
    })
    const { tool } = toolOn(path.join(top, 'src/shapes'))
    // disc.ts is not among area.ts's imports: a tsserver that took area.ts alone never saw it.
    expect(await tool.execute({ operation: 'workspaceSymbol', query: 'disc' })).toBe('1 symbol matches "disc"\nConstant disc  disc.ts:2:14')
    expect((await tool.execute({ operation: 'findReferences', symbol: 'disc' })).split('\n')[0]).toBe('disc → disc.ts:2:14')
  })

  it('opens every file no tsconfig.json or jsconfig.json covers, so the answer is complete', async () => {
    const root = await tempWorkspace({
      'lib.js': 'export function helper(n) { return n + 1; }\n',
      'use.js': 'import { helper } from "./lib.js";\nconsole.log(helper(1));\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'lib.js:1:17')).toBe(
      grouped([
        '3 references to helper in 2 files',
        'lib.js:1:17  export function helper(n) { return n + 1; }',
        'use.js:1:10  import { helper } from "./lib.js";',
        'use.js:2:13  console.log(helper(1));',
      ]),
    )
  })
})
