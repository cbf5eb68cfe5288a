import type { LspSignatureHelp } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { pricingFiles } from './fixtures.test-support.js'
import { returnType } from './render/render-signature.js'
import { complete, positionOf, stubTool, tempWorkspace } from './workspace.test-support.js'

const request = { operation: 'signatureHelp', filePath: 'src/app.ts', line: 2, character: 53 }

async function signatureTool(signatureHelp: LspSignatureHelp | null) {
  const root = await tempWorkspace(pricingFiles)
  return stubTool(() => ({ kind: 'signatureHelp', signatureHelp, resolvedWorkspaceRoot: root, completeness: complete }), { workspaceRoot: root })
}

const streams: LspSignatureHelp = {
  signatures: [
    {
      label: 'createReadStream(path: PathLike, options?: ReadStreamOptions): ReadStream',
      documentation: 'Opens a file as a stream.',
      parameters: [
        { label: 'path: PathLike', documentation: 'The path to the file to read' },
        { label: 'options?: ReadStreamOptions', documentation: 'Options for the stream\n(encoding, start, end)\n\nand highWaterMark.' },
      ],
    },
    {
      label: 'createReadStream(path: PathLike, encoding: BufferEncoding): ReadStream',
      parameters: [{ label: 'path: PathLike' }, { label: 'encoding: BufferEncoding' }],
    },
  ],
  activeSignature: 0,
  activeParameter: 0,
}

describe('signatureHelp', () => {
  it('shows the active signature first, → on the active parameter, docs cut to two lines, the return type', async () => {
    const { tool, seen } = await signatureTool(streams)
    expect(await tool.execute(request)).toBe(
      [
        'Signature 1 of 2 (active):',
        '  createReadStream(path: PathLike, options?: ReadStreamOptions): ReadStream',
        '  Opens a file as a stream.',
        '',
        '  Parameters:',
        '    → path: PathLike — The path to the file to read',
        '      options?: ReadStreamOptions — Options for the stream (encoding, start, end) …',
        '',
        '  Returns: ReadStream',
        '',
        'Signature 2 of 2:',
        '  createReadStream(path: PathLike, encoding: BufferEncoding): ReadStream',
      ].join('\n'),
    )
    expect(positionOf(seen[0])).toEqual({ line: 1, character: 55 })
  })

  it("puts a later active signature first, with its own active parameter, and Python's -> return type", async () => {
    const { tool } = await signatureTool({
      signatures: [
        { label: '(name: str) -> None', parameters: [{ label: 'name: str' }] },
        { label: '(name: str, count: int = 1) -> int', parameters: [{ label: 'name: str' }, { label: 'count: int = 1' }], activeParameter: 1 },
      ],
      activeSignature: 1,
      activeParameter: 0,
    })
    expect(await tool.execute(request)).toBe(
      [
        'Signature 2 of 2 (active):',
        '  (name: str, count: int = 1) -> int',
        '',
        '  Parameters:',
        '      name: str',
        '    → count: int = 1',
        '',
        '  Returns: int',
        '',
        'Signature 1 of 2:',
        '  (name: str) -> None',
      ].join('\n'),
    )
  })

  it('skips the parameters of a signature without any, and marks none when no parameter is active', async () => {
    const { tool } = await signatureTool({ signatures: [{ label: 'void reset()', parameters: [] }], activeSignature: 0, activeParameter: null })
    expect(await tool.execute(request)).toBe(['Signature 1 of 1 (active):', '  void reset()'].join('\n'))
  })

  it("shows the first paragraph of the docs, marking what was cut", async () => {
    const { tool } = await signatureTool({
      signatures: [
        {
          label: 'open(path: string): File',
          documentation: 'Opens `path` for reading,\nfollowing symlinks.\n\n*@throws* NotFound when it is missing',
          parameters: [{ label: 'path: string', documentation: 'Where the file is.\n\n*@example* open("a.txt")' }],
        },
      ],
      activeSignature: 0,
      activeParameter: 0,
    })
    expect(await tool.execute(request)).toBe(
      [
        'Signature 1 of 1 (active):',
        '  open(path: string): File',
        '  Opens `path` for reading,',
        '  following symlinks. …',
        '',
        '  Parameters:',
        '    → path: string — Where the file is. …',
        '',
        '  Returns: File',
      ].join('\n'),
    )
  })

  it('says where there is none', async () => {
    const { tool } = await signatureTool(null)
    expect(await tool.execute(request)).toBe('No signature help at src/app.ts:2:53: the cursor must be inside the argument list of a call.')
  })
})

describe('returnType', () => {
  it('reads the type after the parameter list', () => {
    expect(returnType('f(a: (x: number) => void): Promise<void>')).toBe('Promise<void>')
    expect(returnType('(a) -> dict[str, int]')).toBe('dict[str, int]')
    expect(returnType('int add(int a, int b)')).toBeUndefined()
    expect(returnType('value')).toBeUndefined()
  })
})
