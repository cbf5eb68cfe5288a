// The twelfth trial: outgoingCalls lists the calls its server resolves, and read as all of them:
// pyright left out PyJWT's api_jws.decode_complete(…) and calls on an untyped parameter, tsserver
// calls through function-typed parameters and `new Error(…)`. The calls in the body it does not
// list are now named, partial. Python's ast and the TypeScript compiler are the independent checks
// (the calls below are every call expression of each body; pyright lists a nested def's calls as the
// outer function's, tsserver a nested arrow function's as its own).
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const unlisted = (calls: string) => `Partial answer (unchecked): ${calls}: through a parameter or a value, or to what the server could not resolve`

describe('outgoingCalls names the calls in the body its server does not list', () => {
  it('Python (pyright): calls through a parameter and on an untyped value', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'pyproject.toml': '[project]\nname = "w"\n',
      'w.py': 'def helper():\n    return 1\n\n\ndef run(cb, obj):\n    helper()\n    cb(1)\n    obj.go()\n\n    def inner():\n        return helper()\n    return inner\n',
    })
    const answer = await toolOn(root).tool.execute({ operation: 'outgoingCalls', filePath: 'w.py', line: 5, character: 5 })
    expect(answer.split('\n').slice(0, 3)).toEqual([unlisted('2 calls in its body are not among those listed (7:5 cb, 8:9 go)'), '2 calls from run to 1 function (call sites in w.py)', '→ Function helper  w.py:1:5  called at 6:5, 11:16'])
  })

  it('TypeScript (tsserver): a call through a parameter and a constructor; not a type after `as`, nor a nested arrow function\'s calls', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022' } }),
      'w.ts': "export function helper(): number {\n  return 1\n}\n\nexport function run(cb: (n: number) => void): unknown {\n  helper()\n  cb(1)\n  const later = () => helper()\n  return new Error('x') as unknown as () => void\n}\n",
    })
    const answer = await toolOn(root).tool.execute({ operation: 'outgoingCalls', filePath: 'w.ts', line: 5, character: 17 })
    expect(answer.split('\n').slice(0, 3)).toEqual([unlisted('2 calls in its body are not among those listed (7:3 cb, 9:14 Error)'), '1 call from run to 1 function (call sites in w.ts)', '→ Function helper  w.ts:1:17  called at 6:3'])
  })
})
