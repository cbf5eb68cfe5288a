// prepareCallHierarchy (typescript-language-server, pyright) and supertypes/subtypes (Debian's
// clangd 14, through its pre-3.17 extension) through ctx.lsp on real servers: exact items, shown
// 1-based by `seam.show` as `Kind name (detail) selectionRange range`.
import { describe, expect, it } from 'vitest'
import { LspError } from '@agent-lsp/lsp'
import { seamOn } from './seam.test-support.js'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const cartTs = `export class Cart {
  private items: string[] = []

  addItem(item: string): number {
    this.items.push(item)
    return this.items.length
  }
}

export function checkout(cart: Cart): number {
  return cart.addItem('book')
}
`
const cartPy = `class Cart:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add_item(self, item: str) -> int:
        self.items.append(item)
        return len(self.items)


def checkout(cart: Cart) -> int:
    return cart.add_item("book")
`
const shapesCpp = `struct Shape {
  virtual ~Shape() = default;
};

struct Polygon : Shape {};

struct Square : Polygon {};

struct Triangle : Polygon {};
`

const codeOf = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => 'answered', (error: unknown) => (LspError.isInstance(error) ? error.code : error))

describe('prepareCallHierarchy', () => {
  it('answers the method at the cursor on typescript-language-server and pyright', { timeout: 120_000 }, async () => {
    const seam = await seamOn({ 'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n', 'cart.ts': cartTs, 'cart.py': cartPy })
    const ts = await seam.ask({ operation: 'prepareCallHierarchy', filePath: 'cart.ts', position: { line: 3, character: 3 } })
    expect(ts.kind === 'callHierarchyItems' && ts.items).toEqual([
      {
        name: 'addItem',
        kind: 'Method',
        detail: 'Cart',
        uri: `file://${seam.root}/cart.ts`,
        range: { start: { line: 3, character: 2 }, end: { line: 6, character: 3 } },
        selectionRange: { start: { line: 3, character: 2 }, end: { line: 3, character: 9 } },
      },
    ])
    const py = await seam.ask({ operation: 'prepareCallHierarchy', filePath: 'cart.py', position: { line: 9, character: 5 } })
    // pyright names the file in detail, and gives the name's range as the item's range.
    expect(seam.show(py)).toEqual(['Function checkout ((cart.py)) cart.py:10:5 cart.py:10:5'])
    const method = await seam.ask({ operation: 'prepareCallHierarchy', filePath: 'cart.py', position: { line: 4, character: 8 } })
    expect(seam.show(method)).toEqual(['Method add_item (class Cart (cart.py)) cart.py:5:9 cart.py:5:9'])
    // Not on a function: no items.
    const none = await seam.ask({ operation: 'prepareCallHierarchy', filePath: 'cart.ts', position: { line: 1, character: 10 } })
    expect(seam.show(none)).toEqual([])
  })
})

describe('supertypes and subtypes', () => {
  it('answer the direct base and derived types on clangd', { timeout: 120_000 }, async () => {
    const seam = await seamOn((root) => ({
      'shapes.cpp': shapesCpp,
      'compile_commands.json': JSON.stringify([{ directory: root, file: 'shapes.cpp', arguments: ['clang++', '-std=c++17', '-c', 'shapes.cpp'] }]),
    }))
    const up = await seam.ask({ operation: 'supertypes', filePath: 'shapes.cpp', position: { line: 4, character: 8 } })
    expect(up.kind === 'typeHierarchy' && up.origins.map((item) => item.name)).toEqual(['Polygon'])
    expect(seam.show(up)).toEqual(['Struct Shape shapes.cpp:1:8 shapes.cpp:1:1'])
    const down = await seam.ask({ operation: 'subtypes', filePath: 'shapes.cpp', position: { line: 4, character: 8 } })
    expect(seam.show(down)).toEqual(['Struct Square shapes.cpp:7:8 shapes.cpp:7:8', 'Struct Triangle shapes.cpp:9:8 shapes.cpp:9:8'])
    const leaf = await seam.ask({ operation: 'subtypes', filePath: 'shapes.cpp', position: { line: 6, character: 8 } })
    expect(seam.show(leaf)).toEqual([])
  })

  it('are refused by typescript-language-server and pyright, which offer no type hierarchy', { timeout: 120_000 }, async () => {
    const seam = await seamOn({ 'tsconfig.json': '{}\n', 'cart.ts': cartTs, 'cart.py': cartPy })
    expect(await codeOf(seam.ask({ operation: 'supertypes', filePath: 'cart.ts', position: { line: 0, character: 14 } }))).toBe('LSP_UNSUPPORTED_OPERATION')
    expect(await codeOf(seam.ask({ operation: 'subtypes', filePath: 'cart.py', position: { line: 0, character: 7 } }))).toBe('LSP_UNSUPPORTED_OPERATION')
  })
})

describe('the tool', () => {
  it('answers prepareCallHierarchy, supertypes and subtypes as rows of kind, name, place, code and lines', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({ 'tsconfig.json': '{}\n', 'cart.ts': cartTs, 'shapes.cpp': shapesCpp })
    const { writeFile } = await import('node:fs/promises')
    await writeFile(`${root}/compile_commands.json`, JSON.stringify([{ directory: root, file: 'shapes.cpp', arguments: ['clang++', '-std=c++17', '-c', 'shapes.cpp'] }]))
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'prepareCallHierarchy', symbol: 'Cart.addItem' })).toBe(
      ['Cart.addItem → cart.ts:4:3', '1 call hierarchy item at cart.ts:4:3', 'Method Cart.addItem  cart.ts:4:3  addItem(item: string): number {  (lines 4-7)'].join('\n'),
    )
    expect(await tool.execute({ operation: 'supertypes', filePath: 'shapes.cpp', line: 9, character: 8 })).toBe(
      ['1 supertype of Triangle', '↑ Struct Polygon  shapes.cpp:5:8  struct Polygon : Shape {};  (line 5)'].join('\n'),
    )
    expect(await tool.execute({ operation: 'subtypes', filePath: 'shapes.cpp', line: 1, character: 8 })).toBe(
      ['1 subtype of Shape', '↓ Struct Polygon  shapes.cpp:5:8  struct Polygon : Shape {};  (line 5)'].join('\n'),
    )
    expect(await tool.execute({ operation: 'subtypes', filePath: 'shapes.cpp', line: 7, character: 8 })).toBe('No subtypes of Square found at shapes.cpp:7:8.')
    expect(await tool.execute({ operation: 'supertypes', filePath: 'shapes.cpp', line: 4, character: 1 })).toBe(
      'No type at shapes.cpp:4:1 (supertypes needs the cursor on a class, struct or interface).',
    )
  })
})
