import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fileUri, Texts, uriPath } from '../search/texts.js'
import { fixtureNamedAs, fixtureReach, inUsefixtures, isParameter } from './pytest-fixture.js'

/** Files written under a fresh folder; `at(file, line, word)` is the first `word` on that zero-based line. */
function workspace(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'fixture-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  const texts = new Texts()
  const at = (file: string, line: number, word: string) => {
    const character = texts.lines(fileUri(join(root, file)))![line]!.indexOf(word)
    return { uri: fileUri(join(root, file)), range: { start: { line, character }, end: { line, character: character + word.length } } }
  }
  return { root, texts, at }
}

describe('pytest fixtures', () => {
  it('are functions decorated @pytest.fixture, @pytest.fixture(…), or @fixture imported from pytest, not renamed by name=', () => {
    const { root, texts, at } = workspace({
      'conftest.py': '@pytest.fixture\ndef a():\n    pass\n@pytest.fixture(\n    scope="module",\n)\n@other\ndef b():\n    pass\n@pytest.fixture(name="cee")\ndef c():\n    pass\n@fixture\ndef d():\n    pass\ndef e():\n    pass\n',
      'm/test_x.py': 'from pytest import approx, fixture\n\n@fixture\ndef f():\n    pass\n',
    })
    const reach = (file: string, line: number, word: string) => fixtureReach([at(file, line, word)], texts, uriPath)
    expect([reach('conftest.py', 1, 'a'), reach('conftest.py', 7, 'b')].map((of) => of?.(join(root, 'm/deep/test_y.py')))).toEqual([true, true])
    expect([reach('conftest.py', 10, 'c'), reach('conftest.py', 13, 'd'), reach('conftest.py', 15, 'e')]).toEqual([undefined, undefined, undefined])
    // Renamed by name=: pytest passes it by that name, as written.
    expect(fixtureNamedAs([at('conftest.py', 10, 'c')], texts)).toBe('"cee"')
    expect([fixtureNamedAs([at('conftest.py', 1, 'a')], texts), fixtureNamedAs([at('conftest.py', 15, 'e')], texts)]).toEqual([undefined, undefined])
    // A test module's fixture is that module's.
    expect([join(root, 'm/test_x.py'), join(root, 'm/test_z.py')].map(reach('m/test_x.py', 3, 'f')!)).toEqual([true, false])
  })

  it('renamed by an expression are named by it, and stay out of reach', () => {
    const { texts, at } = workspace({ 'conftest.py': "import pytest\n\n@pytest.fixture(scope='session', name=CLIENT)\ndef _client():\n    pass\n" })
    expect(fixtureNamedAs([at('conftest.py', 3, '_client')], texts)).toBe('CLIENT')
    expect(fixtureReach([at('conftest.py', 3, '_client')], texts, uriPath)).toBeUndefined()
  })

  it('are bound to a def’s parameters at its top level and to usefixtures strings', () => {
    const { texts, at } = workspace({
      'test_a.py': 'def t(a, sig, b=g(sig), *, c: int = 0):\n    sig = 1\ndef u(\n    x: dict[str, int],\n    sig,\n):\n    h(sig)\n@pytest.mark.usefixtures("x", "sig")\ndef v(): print("sig")\n',
    })
    expect([isParameter(at('test_a.py', 0, 'sig'), texts), isParameter(at('test_a.py', 4, 'sig'), texts)]).toEqual([true, true])
    const inDefault = { ...at('test_a.py', 0, 'sig'), range: { start: { line: 0, character: 18 }, end: { line: 0, character: 21 } } }
    expect([isParameter(inDefault, texts), isParameter(at('test_a.py', 1, 'sig'), texts), isParameter(at('test_a.py', 6, 'sig'), texts)]).toEqual([false, false, false])
    expect([inUsefixtures(at('test_a.py', 7, 'sig'), texts), inUsefixtures(at('test_a.py', 8, 'sig'), texts)]).toEqual([true, false])
  })
})
