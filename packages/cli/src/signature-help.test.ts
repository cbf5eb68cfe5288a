// Which parameter signature help marks (LSP 3.17 §SignatureHelp), through the tool: the first when
// the server omits the active parameter (the fake: no real server here omits it), none for an
// argument past the last parameter (what typescript-language-server and pyright send for it).
import { defaultFakeServerCapabilities, fakeServerEnv, fakeServerPath } from '@agent-lsp/lsp-testing'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const areaTs = 'export function area(w: number, h: number): number { return w * h }\narea(1, 2, 3)\n'
const areaPy = 'def area(w: int, h: int) -> int:\n    return w * h\n\n\narea(1, 2, 3)\n'

/** The answer with `→` on parameter `marked` (0-based) of `w`, `h`, or on none. */
function answer(label: string, w: string, h: string, returns: string, marked: 0 | 1 | null): string {
  return [
    'Signature 1 of 1 (active):',
    `  ${label}`,
    '',
    '  Parameters:',
    `    ${marked === 0 ? '→ ' : '  '}${w}`,
    `    ${marked === 1 ? '→ ' : '  '}${h}`,
    '',
    `  Returns: ${returns}`,
  ].join('\n')
}

describe('signatureHelp: the active parameter', () => {
  it('is the first when the server omits it on the SignatureHelp and on the signature (the spec default)', async () => {
    const root = await tempWorkspace({ 'a.ts': areaTs })
    // No activeSignature, no activeParameter anywhere: both default to 0.
    const signatureHelp = { signatures: [{ label: 'area(w: number, h: number): number', parameters: [{ label: [5, 14] }, { label: 'h: number' }] }] }
    const fake = {
      id: 'fake',
      command: process.execPath,
      args: [fakeServerPath],
      extensionToLanguage: { '.ts': 'typescript' },
      env: fakeServerEnv({ capabilities: { ...defaultFakeServerCapabilities, signatureHelpProvider: {} }, results: { 'textDocument/signatureHelp': signatureHelp } }),
    }
    const { tool } = toolOn(root, [fake])
    expect(await tool.execute({ operation: 'signatureHelp', filePath: 'a.ts', line: 2, character: 6 })).toBe(
      answer('area(w: number, h: number): number', 'w: number', 'h: number', 'number', 0),
    )
  })

  it('typescript-language-server: the argument at the cursor, none for an extra argument', async () => {
    const root = await tempWorkspace({ 'a.ts': areaTs, 'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n' })
    const { tool } = toolOn(root)
    const at = (character: number) => tool.execute({ operation: 'signatureHelp', filePath: 'a.ts', line: 2, character })
    expect(await at(9)).toBe(answer('area(w: number, h: number): number', 'w: number', 'h: number', 'number', 1))
    // The server sends activeParameter 2 (tsserver's argument index) for `3`.
    expect(await at(12)).toBe(answer('area(w: number, h: number): number', 'w: number', 'h: number', 'number', null))
  })

  it('pyright: the argument at the cursor, none for an extra argument', async () => {
    const root = await tempWorkspace({ 'a.py': areaPy })
    const { tool } = toolOn(root)
    const at = (character: number) => tool.execute({ operation: 'signatureHelp', filePath: 'a.py', line: 5, character })
    expect(await at(6)).toBe(answer('(w: int, h: int) -> int', 'w: int', 'h: int', 'int', 0))
    // For `3` the signature has no activeParameter of its own, and the SignatureHelp's is 2.
    expect(await at(12)).toBe(answer('(w: int, h: int) -> int', 'w: int', 'h: int', 'int', null))
  })
})
