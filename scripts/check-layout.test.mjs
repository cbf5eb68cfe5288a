// Tests of the layout check's file-length rule (node --test); the import rules are dependency-cruiser's.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { MAX_LINES, isLimitedSource, localeFormatting, longFiles } from './check-layout.mjs'

describe('layout', () => {
  it('limits sources, not tests, test support or declarations', () => {
    assert.deepEqual(
      ['a/src/x.ts', 'a/src/x.test.ts', 'a/src/types.test-d.ts', 'a/src/w.test-support.ts', 'a/dist/x.d.ts', 'bench/src/m.mjs', 'scripts/c.test.mjs'].map(isLimitedSource),
      [true, false, false, false, false, true, false],
    )
  })

  it(`names a file of more than ${MAX_LINES} lines, counting a last line without a newline`, () => {
    const lines = (n) => Array.from({ length: n }, (_, i) => `line ${i}`).join('\n')
    assert.deepEqual(longFiles([['ok.ts', `${lines(MAX_LINES)}\n`], ['ok2.ts', lines(MAX_LINES)], ['long.ts', lines(MAX_LINES + 1)]]), [
      `long.ts: ${MAX_LINES + 1} lines (at most ${MAX_LINES}; split it by responsibility)`,
    ])
  })

  it('names each use of locale formatting or collation, which loads ICU data', () => {
    const text = ['const a = n.toLocaleString("en-US")', 'const b = String(n)', 'const c = new Intl.NumberFormat()', 'const d = when.toLocaleDateString()', 'list.sort((x, y) => x.localeCompare(y))', 'x < y'].join('\n')
    assert.deepEqual(localeFormatting([['x.ts', text]]), [
      ...[1, 3, 4].map((line) => `x.ts:${line}: locale formatting loads ICU data (7 MB RSS); format by hand`),
      'x.ts:5: localeCompare loads ICU collation (3 MB RSS); compare code units (a < b)',
    ])
  })
})
