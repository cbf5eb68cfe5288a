// findReferences of a method joins its class hierarchy's references: pyright answers for the method
// asked only, so the references of Base.total left out Sub.total, Other.total and `s.total()` (a call
// Base.total's overrides answer), and those of Sub.total left out `b.total()` on a Base, which may be
// a Sub. tsserver answers the whole hierarchy itself (typescript.test.ts), as this now does for pyright.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const shop = {
  'shop/__init__.py': '',
  'shop/base.py': 'class Base(object):\n    def total(self) -> int:\n        return 1\n\n\ndef report(b: Base) -> int:\n    return b.total()\n',
  'shop/sub.py': 'from shop.base import Base\n\n\nclass Sub(Base):\n    def total(self) -> int:\n        return 2\n\n\ndef use(s: Sub) -> int:\n    return s.total()\n',
  'shop/other.py': 'from shop.base import Base\n\n\nclass Other(Base):\n    def total(self) -> int:\n        return 3\n\n\nclass Unrelated:\n    def total(self) -> int:\n        return 4\n\n\ndef free(u: Unrelated) -> int:\n    return u.total()\n',
}

/** Every place the hierarchy of Base.total is named (Unrelated's method and `u.total()` are not), as rows. */
const family = [
  'shop/base.py',
  '2:9  def total(self) -> int:',
  '7:14  return b.total()',
  'shop/other.py:5:9  def total(self) -> int:',
  'shop/sub.py',
  '5:9  def total(self) -> int:',
  '10:14  return s.total()',
]

describe('findReferences of a method on pyright includes its class hierarchy, as tsserver does, and says how each method stands to it', () => {
  it('from the base method: its overrides and their calls, not the unrelated same-named method', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'findReferences', symbol: 'Base.total' })).split('\n')).toEqual([
      'Base.total → shop/base.py:2:9',
      '5 references to total in 3 files',
      ...family,
      "Joined: the references of Other.total (shop/other.py:5:9) and Sub.total (shop/sub.py:5:9), which override total; the server listed those of the method asked only.",
    ])
  })

  it('from a call of an override: the base, its call on a Base and the other override', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    // `total` of `s.total()` in use().
    const answer = (await tool.execute({ operation: 'findReferences', filePath: 'shop/sub.py', line: 10, character: 14 })).split('\n')
    expect(answer).toEqual([
      '5 references to total in 3 files',
      ...family,
      "Joined: the references of Base.total (shop/base.py:2:9), which total overrides, and of Other.total (shop/other.py:5:9), which overrides the same base method as total; the server listed those of the method asked only.",
    ])
  })

  it('of the unrelated method: its own places only, nothing joined', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'findReferences', symbol: 'Unrelated.total' })).split('\n')).toEqual([
      'Unrelated.total → shop/other.py:10:9',
      '2 references to total',
      'shop/other.py',
      '10:9  def total(self) -> int:',
      '15:14  return u.total()',
    ])
  })
})
