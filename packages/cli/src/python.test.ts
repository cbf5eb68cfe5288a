// pyright through the tool: complete answers from a cold server, and files changed on disk.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

const shop = {
  'shop/__init__.py': '',
  'shop/pricing.py': 'def apply_discount(price: float, pct: float) -> float:\n    """Price after a fractional discount."""\n    return price * (1 - pct)\n',
  'shop/banner.py': 'from shop.pricing import apply_discount\n\nprint(apply_discount(20, 0.1))\n',
  'main.py': 'from shop.pricing import apply_discount\nfrom shop import pricing\n\nx = apply_discount(1, 2)\ny = pricing.apply_discount(3, 4)\n',
}

const references = grouped([
  '6 references to apply_discount in 3 files',
  'main.py:1:26  from shop.pricing import apply_discount',
  'main.py:4:5  x = apply_discount(1, 2)',
  'main.py:5:13  y = pricing.apply_discount(3, 4)',
  'shop/banner.py:1:26  from shop.pricing import apply_discount',
  'shop/banner.py:3:7  print(apply_discount(20, 0.1))',
  'shop/pricing.py:1:5  def apply_discount(price: float, pct: float) -> float:',
])

describe('pyright', () => {
  it('answers the very first findReferences with every file of the workspace, not only the open one', async () => {
    const root = await tempWorkspace(shop)
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'shop/pricing.py:1:5')).toBe(references)
  })

  it('answers definition and hover across modules', async () => {
    const root = await tempWorkspace(shop)
    const { ask } = toolOn(root)
    expect(await ask('goToDefinition', 'main.py:5:13')).toBe(
      'apply_discount → shop/pricing.py:1:5  def apply_discount(price: float, pct: float) -> float:',
    )
    expect(await ask('hover', 'main.py:4:5')).toBe(
      '```python\n(function) def apply_discount(\n    price: float,\n    pct: float\n) -> float\n```\n---\nPrice after a fractional discount.',
    )
  })

  it('sees an open module rewritten on disk', async () => {
    const root = await tempWorkspace(shop)
    const { ask } = toolOn(root)
    expect(await ask('goToDefinition', 'shop/pricing.py:1:5')).toBe(
      'apply_discount → shop/pricing.py:1:5  def apply_discount(price: float, pct: float) -> float:',
    )
    await writeFile(path.join(root, 'shop/pricing.py'), '# moved down\n\ndef apply_discount(price: float, pct: float) -> float:\n    return price\n')
    expect(await ask('goToDefinition', 'main.py:4:5')).toBe(
      'apply_discount → shop/pricing.py:3:5  def apply_discount(price: float, pct: float) -> float:',
    )
  })

  it('sees a new file written on disk by someone else', async () => {
    const root = await tempWorkspace({
      'geometry.py': 'def rectangle_area(w: float, h: float) -> float:\n    return w * h\n',
      'report.py': 'from geometry import rectangle_area\n\nprint(rectangle_area(2, 3))\n',
    })
    const { ask } = toolOn(root)
    const before = [
      'geometry.py:1:5  def rectangle_area(w: float, h: float) -> float:',
      'report.py:1:22  from geometry import rectangle_area',
      'report.py:3:7  print(rectangle_area(2, 3))',
    ]
    expect(await ask('findReferences', 'geometry.py:1:5')).toBe(grouped(['3 references to rectangle_area in 2 files', ...before]))
    await writeFile(path.join(root, 'invoice.py'), 'from geometry import rectangle_area\n\ntotal = rectangle_area(4, 5)\n')
    expect(await ask('findReferences', 'geometry.py:1:5')).toBe(
      grouped([
        '5 references to rectangle_area in 3 files',
        before[0],
        'invoice.py:1:22  from geometry import rectangle_area',
        'invoice.py:3:9  total = rectangle_area(4, 5)',
        before[1],
        before[2],
      ]),
    )
  })
})
