// Strings that name the symbol, on real servers: a user trial renamed PyJWT's
// Algorithm.prepare_key while `getattr(alg, "prepare_key")` still named it, and rxjs's
// Subscription.closed while `'closed' in value` still tested it; both answers said "Verified"
// and only `--json` counted the strings. The answers now say where they are.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const python = {
  'pyrightconfig.json': '{}',
  'jwt/algorithms.py': 'class Algorithm:\n    def prepare_key(self, key: str) -> str:\n        return key\n\n\ndef use(alg: Algorithm) -> str:\n    # prepare_key in a comment is not listed\n    return alg.prepare_key("k")\n',
  'jwt/dyn.py': 'from jwt.algorithms import Algorithm\n\n\ndef dynamic(alg: Algorithm) -> object:\n    return getattr(alg, "prepare_key")("k")\n',
}

const typescript = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
  'src/subscription.ts': "export class Subscription {\n  closed = false\n}\nexport function isSubscription(value: any): value is Subscription {\n  return value instanceof Subscription || ('closed' in value && typeof value.unsubscribe === 'function')\n}\n",
  'src/use.ts': "import { Subscription } from './subscription'\nexport const open = !new Subscription().closed\n",
}

describe('strings naming the symbol', () => {
  it('pyright: findReferences says where getattr names it; the rename preview and apply say it was not renamed', async () => {
    const root = await tempWorkspace(python)
    const { ask, tool, host } = toolOn(root)
    expect(await ask('findReferences', 'jwt/algorithms.py:2:9')).toBe(
      [
        '2 references to prepare_key',
        'jwt/algorithms.py',
        '2:9  def prepare_key(self, key: str) -> str:',
        '8:16  return alg.prepare_key("k")',
        '1 string names prepare_key (not a reference; a use by name there is not followed): jwt/dyn.py:5:26',
      ].join('\n'),
    )
    const result = await host.ctx.lsp.query({ operation: 'findReferences', filePath: 'jwt/algorithms.py', position: { line: 1, character: 8 }, workspaceRoot: root })
    expect(result.crossCheck?.inStrings).toEqual({ count: 1, locations: [{ uri: `file://${root}/jwt/dyn.py`, range: { start: { line: 4, character: 25 }, end: { line: 4, character: 36 } } }] })
    expect(result.crossCheck?.counts.commentsOrStrings).toBe(2)
    expect(result.completeness).toEqual({ state: 'complete' })

    const rename = { operation: 'rename', filePath: 'jwt/algorithms.py', line: 2, character: 9, newName: 'prep_key' } as const
    const preview = (await tool.execute(rename)).split('\n')
    expect(preview.slice(0, 3)).toEqual([
      'Preview: rename prepare_key → prep_key: 2 edits in 1 file; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 2 checked files).',
      'Not verified: 1 string still names prepare_key (not renamed; code may use it by that name): jwt/dyn.py:5:26',
    ])
    const applied = (await tool.execute({ ...rename, apply: true })).split('\n')
    expect(applied.slice(0, 5)).toEqual([
      'Applied: rename prepare_key → prep_key: 2 edits in 1 file written.',
      '  jwt/algorithms.py',
      'Verified: findReferences of prep_key finds all 2 references of prepare_key, renamed.',
      'Verified: errors 0 → 0 in the 2 checked files.',
      'Not verified: 1 string still names prepare_key (not renamed; code may use it by that name): jwt/dyn.py:5:26',
    ])
    expect(await readFile(path.join(root, 'jwt/dyn.py'), 'utf8')).toBe(python['jwt/dyn.py'])
  })

  it("typescript: findReferences says where 'closed' in value names it; the rename says so after Verified", async () => {
    const root = await tempWorkspace(typescript)
    const { ask, tool } = toolOn(root)
    expect(await ask('findReferences', 'src/subscription.ts:2:3')).toBe(
      [
        '2 references to closed in 2 files',
        'src/subscription.ts:2:3  closed = false',
        'src/use.ts:2:41  export const open = !new Subscription().closed',
        "1 string names closed (not a reference; a use by name there is not followed): src/subscription.ts:5:45",
      ].join('\n'),
    )
    const applied = (await tool.execute({ operation: 'rename', filePath: 'src/subscription.ts', line: 2, character: 3, newName: 'isClosed', apply: true })).split('\n')
    expect(applied.slice(0, 7)).toEqual([
      'Applied: rename closed → isClosed: 2 edits in 2 files written.',
      '  src/subscription.ts',
      '  src/use.ts',
      'Verified: findReferences of isClosed finds all 2 references of closed, renamed.',
      'Verified: errors 0 → 0 in the 2 checked files.',
      'Not verified: 1 string still names closed (not renamed; code may use it by that name): src/subscription.ts:5:45',
      '--- a/src/subscription.ts',
    ])
  })

  // The fourteenth trial: `'status'` in an f-string's field was code to the cross-check, asked,
  // and listed as a place pyright could not resolve; Python's tokenizer reads it as a string.
  it("pyright: a string in an f-string's field is a string", async () => {
    const root = await tempWorkspace({
      'pyrightconfig.json': '{}',
      'm.py': 'def status(code):\n    return code\n\n\nresp = {"status": 200}\nprint(f"got {resp[\'status\']}")\nprint("got {}".format(resp[\'status\']))\nprint(status(1))\n',
    })
    expect(await toolOn(root).ask('findReferences', 'm.py:1:5')).toBe(
      ['2 references to status', 'm.py', '1:5  def status(code):', '8:7  print(status(1))', '3 strings name status (not references; a use by name there is not followed): m.py:5:10, m.py:6:20 and m.py:7:29'].join('\n'),
    )
  }, 120_000)
})
