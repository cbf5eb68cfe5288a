// Tests of the package checks that publint and attw do not make (node --test).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { hygiene } from './check-packages.mjs'

const manifest = {
  sideEffects: false,
  exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
  bin: { tool: './dist/bin.js' },
}
const files = ['package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/bin.js']

describe('hygiene', () => {
  it('passes a clean package', () => {
    assert.deepEqual(hygiene(manifest, files), [])
  })

  it('fails tests and sources in the tarball, and a published path that is not in it', () => {
    const exports = { '.': { source: './src/index.ts', types: './dist/index.d.ts', import: './dist/index.js' } }
    assert.deepEqual(hygiene({ ...manifest, exports }, [...files, 'dist/a.test.js', 'src/b.test-d.ts']), [
      'ships a test file: dist/a.test.js',
      'ships a test file: src/b.test-d.ts',
      'ships a source file: src/b.test-d.ts',
      'publishes ./src/index.ts, which is not in the tarball',
    ])
  })

  it('fails side effects and the order of conditions', () => {
    const exports = { '.': { import: './dist/index.js', types: './dist/index.d.ts' } }
    assert.deepEqual(hygiene({ ...manifest, sideEffects: true, exports }, files), [
      'sideEffects is not false',
      'exports["."] needs "types" before "import" (has import, types)',
    ])
  })
})
