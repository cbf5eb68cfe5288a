// A file that is not valid UTF-8 (a Latin-1 byte, legal Python with a coding cookie, or in a
// JavaScript comment) is never edited: the trial's `rename --apply` rewrote its byte 0xE9 as U+FFFD
// (EF BF BD) and said "Verified". Refused, preview included, across every file of the edit; nothing
// is written. Navigation still answers from the server's reading of it. Real pyright and
// typescript-language-server.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeOf, tempWorkspace, toolOn } from './workspace.test-support.js'

/** `s = "café"` in Latin-1: the byte 0xE9 at line 3, column 9. */
const latin1 = Buffer.from('# -*- coding: latin-1 -*-\ntarget = 1\ns = "caf\xe9"; t = target\n', 'latin1')
const user = 'from m import target\nprint(target)\n'
const refusal = 'the edit changes m.py, which is not a text file: byte 0xE9 at 3:9 is not UTF-8 (an 8-bit encoding such as Latin-1?); nothing was changed'

async function python(): Promise<string> {
  const root = await tempWorkspace({ 'u.py': user })
  await writeFile(path.join(root, 'm.py'), latin1)
  return root
}

async function unchanged(root: string): Promise<void> {
  expect(await readFile(path.join(root, 'm.py'))).toEqual(latin1)
  expect(await readFile(path.join(root, 'u.py'), 'utf8')).toBe(user)
}

describe('an edit of a file that is not UTF-8', () => {
  it('pyright: a rename from the other file is refused, preview and apply, and no file is written', async () => {
    const root = await python()
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'u.py', line: 1, character: 15, newName: 'tgt' }
    expect(await codeOf(tool.execute(rename))).toEqual(['LSP_NOT_TEXT', refusal])
    expect(await codeOf(tool.execute({ ...rename, apply: true }))).toEqual(['LSP_NOT_TEXT', refusal])
    await unchanged(root)
    // Navigation still answers: the server read the file (the byte as U+FFFD, one column, as 0xE9 is).
    expect(await tool.execute({ operation: 'findReferences', filePath: 'm.py', line: 2, character: 1 })).toBe(
      ['4 references to target in 2 files', 'm.py', '2:1  target = 1', '3:17  s = "caf\ufffd"; t = target', 'u.py', '1:15  from m import target', '2:7  print(target)'].join('\n'),
    )
  }, 120_000)

  it('pyright: edit of a range in it is refused, and so is a symbol edit', async () => {
    const root = await python()
    const { tool } = toolOn(root)
    const edit = { operation: 'edit', filePath: 'm.py', line: 2, character: 10, endLine: 2, endCharacter: 11, text: '2' }
    expect(await codeOf(tool.execute(edit))).toEqual(['LSP_NOT_TEXT', refusal])
    expect(await codeOf(tool.execute({ ...edit, apply: true }))).toEqual(['LSP_NOT_TEXT', refusal])
    const replace = { operation: 'replaceSymbol', filePath: 'm.py', line: 2, character: 1, text: 'target = 2', apply: true }
    expect(await codeOf(tool.execute(replace))).toEqual(['LSP_NOT_TEXT', refusal])
    await unchanged(root)
  }, 120_000)

  it('typescript-language-server: a Latin-1 byte in a comment of a .js file refuses a rename there', async () => {
    const source = Buffer.from('export const target = 1 // caf\xe9\nexport const b = target\n', 'latin1')
    const root = await tempWorkspace({ 'jsconfig.json': JSON.stringify({ include: ['*.js'] }) })
    await writeFile(path.join(root, 'a.js'), source)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'a.js', line: 1, character: 14, newName: 'tgt', apply: true }
    expect(await codeOf(tool.execute(rename))).toEqual([
      'LSP_NOT_TEXT',
      'the edit changes a.js, which is not a text file: byte 0xE9 at 1:31 is not UTF-8 (an 8-bit encoding such as Latin-1?); nothing was changed',
    ])
    expect(await readFile(path.join(root, 'a.js'))).toEqual(source)
  }, 120_000)
})
