import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { fileUri, Texts } from './texts.js'

describe('Texts', () => {
  it('reads a file without its leading byte order mark, as ripgrep and the seam count positions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crosscheck-texts-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    writeFileSync(join(dir, 'a.ts'), '\ufeffexport const total = 1\r\nexport const twice = total * 2\n')
    expect(new Texts().get(fileUri(join(dir, 'a.ts')))).toEqual({
      text: 'export const total = 1\r\nexport const twice = total * 2\n',
      lines: ['export const total = 1', 'export const twice = total * 2', ''],
      lineStarts: [0, 24, 55],
    })
  })
})
