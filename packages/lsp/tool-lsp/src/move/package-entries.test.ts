import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { packageEntriesOf } from './package-entries.js'

describe('packageEntriesOf', () => {
  it('names each entry at its own line, in line order, when several fields name the file with the same text', async () => {
    // The twenty-eighth trial: four entries naming src/index.ts were all said at :18 (the first place the text was written).
    const root = await mkdtemp(path.join(tmpdir(), 'entries-'))
    const manifest = [
      '{',
      '  "name": "core",',
      '  "types": "src/index.ts",',
      '  "main": "src/index.ts",',
      '  "exports": {',
      '    ".": {',
      '      "types": "src/index.ts",',
      '      "default": "src/index.ts"',
      '    }',
      '  },',
      '  "files": ["src/index.ts"]',
      '}',
      '',
    ].join('\n')
    await writeFile(path.join(root, 'package.json'), manifest)
    const entries = await packageEntriesOf(path.join(root, 'src/index.ts'), root)
    expect(entries.map((entry) => `${entry.displayPath}:${entry.line} ${entry.field}`)).toEqual(['package.json:3 types', 'package.json:4 main', 'package.json:7 exports', 'package.json:8 exports'])
  })
})
