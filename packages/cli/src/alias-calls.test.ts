// The twelfth trial: incomingCalls left out calls made through an import alias (PyJWT's
// `from jwt.utils import force_bytes as fb`, then `fb(x)`; a TypeScript script outside the
// tsconfig's include calling `strip` of `import { removeExtension as strip }`) while
// findReferences listed them. grep is the independent check.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

describe('incomingCalls through an import alias', () => {
  it('Python: the calls of the alias are found by the cross-check', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'pyproject.toml': '[project]\nname = "w"\n',
      'lib.py': 'def work(x):\n    return x\n',
      'use.py': 'from lib import work as w\n\n\ndef run(x):\n    return w(x)\n',
    })
    expect(execFileSync('grep', ['-rn', 'w(x)', 'use.py'], { cwd: root, encoding: 'utf8' })).toBe('5:    return w(x)\n')
    const answer = await toolOn(root).tool.execute({ operation: 'incomingCalls', filePath: 'lib.py', line: 1, character: 5 })
    expect(answer.split('\n').slice(-2)).toEqual(['1 more place calls work (missed by the server; found by the cross-check):', 'use.py:5:12  return w(x)'])
  })

  it('TypeScript: a script outside the include calling the alias', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022' }, include: ['src'] }),
      'src/files.ts': 'export function removeExtension(path: string): string {\n  return path.replace(/\\.\\w+$/, "")\n}\n',
      'scripts/strip.ts': 'import { removeExtension as strip } from "../src/files"\n\nexport const bare = strip("a.ts")\n',
    })
    const answer = await toolOn(root).tool.execute({ operation: 'incomingCalls', filePath: 'src/files.ts', line: 1, character: 17 })
    expect(answer.split('\n').slice(-1)).toEqual(['scripts/strip.ts:3:21  export const bare = strip("a.ts")'])
  })
})
