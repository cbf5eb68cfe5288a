// The twenty-seventh trial: a `@pytest.fixture` function's findReferences listed its definition
// only, complete, and a rename --apply was "Verified"; pytest binds the fixture by parameter name
// (and by `@pytest.mark.usefixtures("name")`), so every test using it then failed "fixture 'x' not
// found". Those parameters are candidates of the fixture, where pytest looks for it: the module
// declaring it, or the folder of its conftest.py. An ordinary function's same-named parameter is another symbol.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const files = {
  'pyproject.toml': '[project]\nname = "w"\n',
  'tests/conftest.py': ['import pytest', '', '', '@pytest.fixture', 'def es256_signer():', '    return {"alg": "ES256", "kid": "1"}', '', '', 'def plain_value():', '    return 1', ''].join('\n'),
  'tests/test_jwt.py': [
    'import pytest',
    'from pytest import fixture',
    '',
    '',
    '@fixture(scope="module")',
    'def token_factory(es256_signer):',
    '    return lambda: dict(es256_signer, typ="JWT")',
    '',
    '',
    '@pytest.mark.usefixtures("es256_signer")',
    'def test_encode_basic_es256(es256_signer):',
    '    assert es256_signer["alg"] == "ES256"',
    '',
    '',
    'def test_factory(token_factory):',
    '    assert token_factory()["typ"] == "JWT"',
    '',
  ].join('\n'),
  'tests/sub/test_deep.py': ['def test_deep(', '    es256_signer,', '):', '    assert es256_signer', '', '', 'def helper(plain_value):', '    return plain_value', ''].join('\n'),
  'other/test_other.py': ['def test_other(es256_signer):', '    assert es256_signer', '', '', 'def helper(token_factory):', '    return token_factory', ''].join('\n'),
}
const binds = 'as a parameter or usefixtures string, which pytest binds to the fixture by name'

describe('findReferences of a pytest fixture (pyright)', () => {
  it('lists the parameters pytest binds to it by name as places that may be it, and a rename is refused', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(files)
    const { ask, tool } = toolOn(root)
    expect((await ask('findReferences', 'tests/conftest.py:5:5')).split('\n')).toEqual([
      `Partial answer (unresolved): 4 places name es256_signer ${binds} (they may be this symbol)`,
      '1 reference to es256_signer',
      'tests/conftest.py:5:5  def es256_signer():',
      `4 more places name es256_signer ${binds} (may be this one):`,
      'tests/sub/test_deep.py:2:5  es256_signer,',
      'tests/test_jwt.py:6:19  def token_factory(es256_signer):',
      'tests/test_jwt.py:10:27  @pytest.mark.usefixtures("es256_signer")',
      'tests/test_jwt.py:11:29  def test_encode_basic_es256(es256_signer):',
    ])
    // A fixture of a test module binds in that module only; `from pytest import fixture` is pytest's.
    expect((await ask('findReferences', 'tests/test_jwt.py:6:5')).split('\n')).toEqual([
      `Partial answer (unresolved): 1 place names token_factory ${binds} (it may be this symbol)`,
      '1 reference to token_factory',
      'tests/test_jwt.py:6:5  def token_factory(es256_signer):',
      `1 more place names token_factory ${binds} (may be this one):`,
      'tests/test_jwt.py:15:18  def test_factory(token_factory):',
    ])
    expect((await ask('findReferences', 'tests/conftest.py:9:5')).split('\n')).toEqual(['1 reference to plain_value', 'tests/conftest.py:9:5  def plain_value():'])
    await expect(tool.execute({ operation: 'rename', filePath: 'tests/conftest.py', line: 5, character: 5, newName: 'ec_signer', apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_INCOMPLETE' })
    expect(await readFile(path.join(root, 'tests/conftest.py'), 'utf8')).toBe(files['tests/conftest.py'])
  })

  // A fixture renamed by its decorator (`name="client"`, as Flask's and FastAPI's docs write them)
  // listed its definition alone, complete: an agent would delete it as unused, and every test
  // taking `client` would fail "fixture 'client' not found".
  it('named by name= says the places naming it so are not listed', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'pyproject.toml': '[project]\nname = "w"\n',
      'tests/conftest.py': ['import pytest', '', '', '@pytest.fixture(name="client")', 'def _client_fixture():', '    return object()', ''].join('\n'),
      'tests/test_app.py': ['def test_client(client):', '    assert client is not None', ''].join('\n'),
    })
    const { ask } = toolOn(root)
    expect((await ask('findReferences', 'tests/conftest.py:5:5')).split('\n')).toEqual([
      'Partial answer (unresolved): pytest passes the fixture _client_fixture by its name="client": the parameters and usefixtures strings naming it so are not listed',
      '1 reference to _client_fixture',
      'tests/conftest.py:5:5  def _client_fixture():',
    ])
  })
})
