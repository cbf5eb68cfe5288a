// The thirteenth trial: incomingCalls of an interface method listed an object literal's method
// implementing it, `area() {`, as "1 more place calls area (missed by the server; found by the
// cross-check)": goToDefinition there leads to the interface's method, and `area(` read as a call.
// The TypeScript checker finds two calls, both of Square.area; no call at the literal.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

describe("a JavaScript method's head is no call", () => {
  it('typescript-language-server: an object literal implementing the interface adds no call', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, target: 'es2020' }, include: ['src'] }),
      'src/shape.ts': [
        'export interface Shape {',
        '  area(): number;',
        '}',
        '',
        'export class Square implements Shape {',
        '  constructor(private s: number) {}',
        '  area(): number {',
        '    return this.s * this.s;',
        '  }',
        '}',
        '',
        'export const unit: Shape = {',
        '  area(): number {',
        '    return 1;',
        '  },',
        '};',
        '',
      ].join('\n'),
      'src/main.ts': 'import { Square } from "./shape";\n\nexport function squareOnly(q: Square): number {\n  return q.area();\n}\n\nexport function fresh(): number {\n  return new Square(3).area();\n}\n',
    })
    expect(await toolOn(root).tool.execute({ operation: 'incomingCalls', filePath: 'src/shape.ts', line: 2, character: 3 })).toBe(
      ['2 callers of area', '← Function squareOnly  src/main.ts:4:12  return q.area();', '← Function fresh  src/main.ts:8:24  return new Square(3).area();'].join('\n'),
    )
  })
})
