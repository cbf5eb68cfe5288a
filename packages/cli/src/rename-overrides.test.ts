// A rename of a method renames its class hierarchy: pyright renames only the method asked, so
// renaming Base.total left Sub.total overriding nothing — report(Sub()) silently called the base
// method, "Errors 0 → 0" and "Verified" said nothing of it. tsserver renames overrides itself.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const shop = {
  'shop/__init__.py': '',
  'shop/base.py': 'class Base(object):\n    def total(self) -> int:\n        return 1\n\n\ndef report(b: Base) -> int:\n    return b.total()\n',
  'shop/sub.py': 'from shop.base import Base\n\n\nclass Sub(Base):\n    def total(self) -> int:\n        return 2\n\n\ndef use(s: Sub) -> int:\n    return s.total()\n',
  'shop/other.py': 'from shop.base import Base\n\n\nclass Other(Base):\n    def total(self) -> int:\n        return 3\n\n\nclass Unrelated:\n    def total(self) -> int:\n        return 4\n',
  'shop/worker.py': 'import threading\n\n\nclass Worker(threading.Thread):\n    def run(self) -> None:\n        print("working")\n',
}

const read = (root: string, file: string) => readFile(path.join(root, file), 'utf8')
const head = (answer: string): string[] => answer.split('\n--- a/')[0]!.split('\n')

/** What python3 itself prints for `code` run in `root`: the behaviour the rename must keep. */
function python(root: string, code: string): string {
  return execFileSync('python3', ['-c', code], { cwd: root, encoding: 'utf8' })
}

describe('rename of a method on pyright renames the methods overriding it and those it overrides', () => {
  it('renames Base.total with Sub.total and Other.total, not Unrelated.total, and Python still dispatches to the overrides', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'shop/base.py', line: 2, character: 9, newName: 'amount' } as const
    expect(head(await tool.execute(rename))).toEqual([
      'Preview: rename total → amount: 5 edits in 3 files; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 3 checked files).',
      'Also renamed: 2 methods of the class hierarchy of total (Other.total, Sub.total), so that overriding still holds:',
      '  shop/other.py:5:9  def total(self) -> int:',
      '  shop/sub.py:5:9  def total(self) -> int:',
    ])
    const check = 'from shop.base import report\nfrom shop.sub import Sub, use\nfrom shop.other import Other, Unrelated\nprint(report(Sub()), report(Other()), use(Sub()), Unrelated().total())'
    expect(python(root, check)).toBe('2 3 2 4\n')
    expect(head(await tool.execute({ ...rename, apply: true })).slice(0, 7)).toEqual([
      'Applied: rename total → amount: 5 edits in 3 files written.',
      '  shop/base.py',
      '  shop/other.py',
      '  shop/sub.py',
      'Verified: findReferences of amount finds all 2 references of total, renamed.',
      'Verified: errors 0 → 0 in the 3 checked files.',
      'Also renamed: 2 methods of the class hierarchy of total (Other.total, Sub.total), so that overriding still holds:',
    ])
    expect(await read(root, 'shop/sub.py')).toBe(shop['shop/sub.py'].replaceAll('total', 'amount'))
    expect(await read(root, 'shop/other.py')).toBe(shop['shop/other.py'].replace('total', 'amount'))
    // The same calls after the rename: report(Sub()) still reaches Sub's method (1 if it no longer overrode).
    expect(python(root, check)).toBe('2 3 2 4\n')
  })

  it('renames from a call of the override: the base and its other override follow', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    // `total` of `s.total()` in use(): the cursor is not on a declaration.
    const answer = await tool.execute({ operation: 'rename', filePath: 'shop/sub.py', line: 10, character: 14, newName: 'amount', apply: true })
    expect(head(answer)[0]).toBe('Applied: rename total → amount: 5 edits in 3 files written.')
    expect(await read(root, 'shop/base.py')).toBe(shop['shop/base.py'].replaceAll('total', 'amount'))
    expect(await read(root, 'shop/other.py')).toBe(shop['shop/other.py'].replace('total', 'amount'))
  })

  // The twenty-seventh trial: threading.Thread declares run, which Thread.start() calls by name.
  it('names the method of a base outside the workspace that it overrides, not renamed, and refuses to apply', async () => {
    const root = await tempWorkspace(shop)
    const { tool } = toolOn(root)
    const library = (answer: string) => head(answer).map((line) => line.replace(/external {2}\S+\/threading\.py:\d+/, 'external  <python>/threading.py'))
    expect(library(await tool.execute({ operation: 'rename', filePath: 'shop/worker.py', line: 5, character: 9, newName: 'go' }))).toEqual([
      'Preview: rename run → go: 1 edit in 1 file; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 1 checked file).',
      'Not renamed: 1 method of the class hierarchy of run keeps the old name, and would no longer override or be overridden:',
      '  external  <python>/threading.py  (threading.Thread.run: outside the workspace)',
    ])
    await expect(tool.execute({ operation: 'rename', filePath: 'shop/worker.py', line: 5, character: 9, newName: 'go', apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_INCOMPLETE' })
  })
})

describe('rename of a method on typescript-language-server', () => {
  it('adds nothing: tsserver renames the override itself', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true } }),
      'src/base.ts': 'export class Base {\n  total(): number {\n    return 1\n  }\n}\nexport function report(b: Base): number {\n  return b.total()\n}\n',
      'src/sub.ts': "import { Base } from './base'\nexport class Sub extends Base {\n  total(): number {\n    return 2\n  }\n}\nexport class Unrelated {\n  total(): number {\n    return 4\n  }\n}\n",
    })
    const { tool } = toolOn(root)
    expect(head(await tool.execute({ operation: 'rename', filePath: 'src/base.ts', line: 2, character: 3, newName: 'amount', apply: true }))).toEqual([
      'Applied: rename total → amount: 3 edits in 2 files written.',
      '  src/base.ts',
      '  src/sub.ts',
      'Verified: findReferences of amount finds all 3 references of total, renamed.',
      'Verified: errors 0 → 0 in the 2 checked files.',
    ])
    expect(await read(root, 'src/sub.ts')).toBe("import { Base } from './base'\nexport class Sub extends Base {\n  amount(): number {\n    return 2\n  }\n}\nexport class Unrelated {\n  total(): number {\n    return 4\n  }\n}\n")
  })
})

describe('a method renamed to the name of a method its class hierarchy already has (the fourth trial)', () => {
  it('typescript-language-server: Base.greet → hello where Derived has hello: warned and refused; node shows the call would run Derived.hello', async () => {
    const cls = "export class Base {\n  greet() { return 'base' }\n}\nexport class Derived extends Base {\n  hello() { return 'derived' }\n}\nexport function run(b: Base) { return b.greet() }\n"
    const root = await tempWorkspace({ 'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }), 'src/cls.ts': cls })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/cls.ts', line: 2, character: 3, newName: 'hello' } as const
    const sentence = 'Derived.hello would override the renamed greet, so its calls on a Derived would run Derived.hello'
    // Said first, as every warning of a preview.
    expect(head(await tool.execute(rename)).slice(0, 3)).toEqual([
      `Warning: if applied, ${sentence}:`,
      "  src/cls.ts:5:3  hello() { return 'derived' }",
      'Preview: rename greet → hello: 2 edits in 1 file; nothing written. The same call with apply: true writes it.',
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({
      code: 'LSP_EDIT_NAME_CONFLICT',
      message: `rename greet → hello was not applied: ${sentence}; nothing was written. Choose another name, or apply with force: true to write it anyway`,
    })
    expect(await read(root, 'src/cls.ts')).toBe(cls)
    const js = cls.replace(/export /g, '').replace(/\(b: Base\)/, '(b)').replaceAll('greet', 'hello')
    expect(execFileSync(process.execPath, ['-e', `${js}\nconsole.log(run(new Derived()))`], { encoding: 'utf8' })).toBe('derived\n')
  }, 120_000)

  it('pyright: D.hello → greet where Base has greet: refused, nothing written (python still runs Base.greet)', async () => {
    const m = 'class Base:\n    def greet(self) -> str:\n        return "base"\n\n    def run(self) -> str:\n        return self.greet()\n\n\nclass D(Base):\n    def hello(self) -> str:\n        return "d"\n'
    const root = await tempWorkspace({ 'm.py': m })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'm.py', line: 10, character: 9, newName: 'greet' } as const
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({
      code: 'LSP_EDIT_NAME_CONFLICT',
      message: 'rename hello → greet was not applied: the renamed hello would override Base.greet, so its calls would run the renamed method; nothing was written. Choose another name, or apply with force: true to write it anyway',
    })
    expect(python(root, 'import m; print(m.D().run())')).toBe('base\n')
    expect(await read(root, 'm.py')).toBe(m)
  }, 120_000)
})
