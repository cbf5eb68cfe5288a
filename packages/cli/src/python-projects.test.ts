// pyright with the catalogue's project markers: one server per pyproject.toml/setup.py project of a
// monorepo, so each project's imports resolve as from its own root (src layout included).
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

describe('python projects', () => {
  it("resolves a nested src-layout project's imports from its own root", async () => {
    // pyright searches `<root>/src`: from the workspace root, `billing` (under services/billing/src)
    // is not found and the definition is empty (checked by running this with no rootMarkers).
    const root = await tempWorkspace({
      'services/billing/pyproject.toml': '[project]\nname = "billing"\nversion = "0.1.0"\n',
      'services/billing/src/billing/__init__.py': '',
      'services/billing/src/billing/rates.py': 'def vat(amount: float) -> float:\n    return amount * 0.2\n',
      'services/billing/tests/test_rates.py': 'from billing.rates import vat\n\nassert vat(100.0) == 20.0\n',
      'services/web/setup.py': 'from setuptools import setup\nsetup(name="web")\n',
      'services/web/web/__init__.py': '',
      'services/web/web/views.py': 'def vat(page: str) -> str:\n    return page\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('goToDefinition', 'services/billing/tests/test_rates.py:3:8')).toBe(
      'vat → services/billing/src/billing/rates.py:1:5  def vat(amount: float) -> float:',
    )
    expect(await ask('findReferences', 'services/billing/src/billing/rates.py:1:5')).toBe(
      grouped([
        '3 references to vat in 2 files',
        'services/billing/src/billing/rates.py:1:5  def vat(amount: float) -> float:',
        'services/billing/tests/test_rates.py:1:27  from billing.rates import vat',
        'services/billing/tests/test_rates.py:3:8  assert vat(100.0) == 20.0',
      ]),
    )
  })
})
