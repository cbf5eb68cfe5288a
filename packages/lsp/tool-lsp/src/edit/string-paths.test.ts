import { describe, expect, it } from 'vitest'
import { pathStrings } from './string-paths.js'

const root = '/w'
const files: Record<string, readonly string[]> = {
  '/w/tests/test_default.py': ['from unittest import mock', '@mock.patch("auth._default._get_gae_credentials", autospec=True)', 'x = "other._default._get_gae_credentials"', 'y = "auth._default._get_gae_credentials.cache"'],
  '/w/setup.cfg': ['    normalizer = normtool.cli:cli_detect'],
}
const readLines = async (file: string) => files[file]
const at = (file: string, line: number, text: string, name: string) => ({ uri: `file://${file}`, range: { start: { line, character: files[file]![line]!.indexOf(text) + text.length - name.length }, end: { line, character: files[file]![line]!.indexOf(text) + text.length } } })
const reference = (file: string) => ({ uri: `file://${file}`, range: { start: { line: 0, character: 4 }, end: { line: 0, character: 8 } } })

describe('pathStrings', () => {
  it("keeps the strings that spell a referencing module's path and the name last (mock.patch's dots, an entry point's colon)", async () => {
    const name = '_get_gae_credentials'
    const patched = at('/w/tests/test_default.py', 1, 'auth._default._get_gae_credentials', name)
    const other = at('/w/tests/test_default.py', 2, 'other._default._get_gae_credentials', name)
    const longer = at('/w/tests/test_default.py', 3, 'auth._default._get_gae_credentials', name)
    expect(await pathStrings([patched, other, longer], [reference('/w/auth/_default.py')], name, root, readLines)).toEqual([{ location: patched, spelled: 'auth._default._get_gae_credentials' }])
    const entry = at('/w/setup.cfg', 0, 'normtool.cli:cli_detect', 'cli_detect')
    expect(await pathStrings([entry], [reference('/w/src/normtool/cli/__init__.py')], 'cli_detect', root, readLines)).toEqual([{ location: entry, spelled: 'normtool.cli:cli_detect' }])
    expect(await pathStrings([entry], [reference('/w/normtool/cli/main.py')], 'cli_detect', root, readLines)).toEqual([])
  })
})
