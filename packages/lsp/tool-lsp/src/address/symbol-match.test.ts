import { describe, expect, it } from 'vitest'
import { range, symbol } from '../cart.test-support.js'
import {
  closestEntries,
  documentEntries,
  editDistance,
  matchNamePath,
  parseNamePath,
  pickByLine,
  workspaceEntries,
} from './symbol-match.js'
import { namePosition, nameSegments } from '../text/symbol-names.js'

const uri = 'file:///w/src/cart.ts'

describe('names', () => {
  it('splits a name path as models write it', () => {
    expect(parseNamePath('Cart.addItem')).toEqual(['Cart', 'addItem'])
    expect(parseNamePath(' Outer::Inner#method() ')).toEqual(['Outer', 'Inner', 'method'])
    expect(parseNamePath('..')).toEqual([])
  })

  it('reads the segments of names as servers write them', () => {
    expect(nameSegments('addItem')).toEqual(['addItem'])
    expect(nameSegments('addItem(String, int)')).toEqual(['addItem'])
    expect(nameSegments('(*Cart).AddItem')).toEqual(['Cart', 'AddItem'])
    expect(nameSegments('Cart::addItem')).toEqual(['Cart', 'addItem'])
    expect(nameSegments('impl Display for Cart<T>')).toEqual(['Cart'])
    expect(nameSegments('impl Cart')).toEqual(['Cart'])
    expect(nameSegments('Map<K, V>')).toEqual(['Map'])
    expect(nameSegments('()')).toEqual(['()'])
  })

  it('counts edits', () => {
    expect(editDistance('crt.additem', 'cart.additem')).toBe(1)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('kitten', 'sitting')).toBe(3)
  })
})

describe('matching a name path', () => {
  const tree = [
    symbol(uri, 'Cart', 'Class', range(1, 0, 6, 1), [1, 13], [symbol(uri, 'addItem', 'Method', range(3, 2, 5, 3), [3, 2])]),
    symbol(uri, 'Outer', 'Module', range(7, 0, 11, 1), [7, 17], [
      symbol(uri, 'Inner', 'Class', range(8, 2, 10, 3), [8, 15], [symbol(uri, 'method', 'Method', range(9, 4, 9, 33), [9, 4])]),
    ]),
    symbol(uri, 'additem', 'Function', range(12, 0, 12, 20), [12, 9]),
  ]
  const entries = documentEntries(tree)
  const names = (query: string) => matchNamePath(entries, parseNamePath(query)).matches.map((entry) => entry.displayName)

  it('matches the last segment exactly and the earlier ones against the enclosing symbols', () => {
    expect(names('addItem')).toEqual(['Cart.addItem'])
    expect(names('Cart.addItem')).toEqual(['Cart.addItem'])
    expect(names('Outer.Inner.method')).toEqual(['Outer.Inner.method'])
    expect(names('Inner.method')).toEqual(['Outer.Inner.method'])
    expect(names('cart.Outer.Inner.method')).toEqual(['Outer.Inner.method'])
    expect(names('Outer.method')).toEqual([])
    expect(names('Crt.addItem')).toEqual([])
  })

  // The fourteenth trial: `nonsense.Cart.addItem` answered as Cart.addItem, and a rename by it
  // renamed that; Python's `jwt.helper` and Go's `ring.New` found nothing.
  it("reads names before the enclosing ones as the module: the file (src/cart.ts is `cart`), not another file's folder", () => {
    expect(names('src.cart.Cart.addItem')).toEqual(['Cart.addItem'])
    expect(names('cart.additem')).toEqual(['additem'])
    expect(names('src.additem')).toEqual([])
    const index = documentEntries([symbol('file:///w/src/cart/index.ts', 'Cart', 'Class', range(0, 0, 2, 1), [0, 13], [symbol('file:///w/src/cart/index.ts', 'addItem', 'Method', range(1, 2, 1, 20), [1, 2])])])
    expect(['cart.Cart.addItem', 'index.Cart.addItem', 'src.cart.Cart.addItem', 'src.Cart.addItem'].map((query) => matchNamePath(index, parseNamePath(query)).matches.length)).toEqual([1, 1, 1, 0])
    expect(['pkg.Outer.Inner.method', 'nonsense.Cart.addItem', 'Cart.cart.addItem', 'other.additem', 'CART.Cart.addItem'].map(names)).toEqual([[], [], [], [], []])
  })

  it('ignores case only when nothing matches exactly', () => {
    expect(names('ADDITEM')).toEqual(['Cart.addItem', 'additem'])
    expect(names('additem')).toEqual(['additem'])
  })

  it('prefers symbols declared outside function bodies', () => {
    const withLocals = documentEntries([
      symbol(uri, 'make', 'Function', range(0, 0, 3, 1), [0, 9], [symbol(uri, 'label', 'Property', range(1, 11, 1, 16), [1, 11])]),
      symbol(uri, 'Cursor', 'Interface', range(4, 0, 6, 1), [4, 10], [symbol(uri, 'label', 'Property', range(5, 2, 5, 17), [5, 11])]),
    ])
    expect(withLocals.map((entry) => entry.local)).toEqual([false, true, false, false])
    expect(matchNamePath(withLocals, ['label']).matches.map((entry) => entry.displayName)).toEqual(['Cursor.label'])
    expect(matchNamePath(withLocals, ['make', 'label']).matches.map((entry) => entry.displayName)).toEqual(['make.label'])
  })

  it('takes containerName for flat symbols, and needs one when the path names a container', () => {
    const flat = workspaceEntries([
      symbol(uri, 'add_item', 'Method', range(1, 8, 1, 16), [1, 8], [], { containerName: 'Cart' }),
      symbol(uri, 'add_item', 'Function', range(9, 4, 9, 12), [9, 4]),
    ])
    expect(matchNamePath(flat, ['Cart', 'add_item']).matches.map((entry) => entry.displayName)).toEqual(['Cart.add_item'])
    expect(matchNamePath(flat, ['add_item']).matches).toHaveLength(2)
  })

  it('picks by line: the match whose range holds it, else the nearest name', () => {
    const { matches } = matchNamePath(
      documentEntries([
        symbol(uri, 'run', 'Function', range(0, 0, 4, 1), [0, 9]),
        symbol(uri, 'run', 'Function', range(10, 0, 12, 1), [10, 9]),
        symbol(uri, 'run', 'Function', range(20, 0, 22, 1), [20, 9]),
      ]),
      ['run'],
    )
    const lines = (line: number) => pickByLine(matches, line).map((entry) => entry.symbol.selectionRange.start.line)
    expect(lines(3)).toEqual([0])
    expect(lines(8)).toEqual([10])
    expect(lines(16)).toEqual([10, 20])
  })

  it('suggests the closest names, the nearest first, at most as many as asked', () => {
    const suggested = closestEntries(entries, ['Crt', 'addItem'], 5).map((entry) => entry.displayName)
    expect(suggested).toEqual(['Cart.addItem', 'additem'])
    expect(closestEntries(entries, ['Inr'], 5).map((entry) => entry.displayName)).toEqual(['Outer.Inner'])
    expect(closestEntries(entries, ['method'], 1).map((entry) => entry.displayName)).toEqual(['Outer.Inner.method'])
  })
})

describe('namePosition', () => {
  const lines = ['/** Cart */', 'export class Cart {', '  cart = new Cart()', '}']

  it('keeps a selection that starts on the name', () => {
    expect(namePosition(lines, symbol(uri, 'Cart', 'Class', range(1, 0, 3, 1), [1, 13]), 'Cart')).toEqual({ line: 1, character: 13 })
  })

  it('finds the whole word inside a whole-declaration range', () => {
    const whole = { ...symbol(uri, 'Cart', 'Class', range(1, 0, 3, 1), [1, 13]), selectionRange: range(1, 0, 3, 1) }
    expect(namePosition(lines, whole, 'Cart')).toEqual({ line: 1, character: 13 })
    const property = { ...symbol(uri, 'cart', 'Property', range(2, 2, 2, 19), [2, 2]), selectionRange: range(2, 0, 2, 19) }
    expect(namePosition(lines, property, 'cart')).toEqual({ line: 2, character: 2 })
  })

  it('keeps the selection when the name is not in the range', () => {
    const elsewhere = { ...symbol(uri, 'Basket', 'Class', range(1, 0, 3, 1), [1, 13]), selectionRange: range(1, 0, 3, 1) }
    expect(namePosition(lines, elsewhere, 'Basket')).toEqual({ line: 1, character: 0 })
  })
})
