// Impact of a change (issue 16, part 4) on real typescript-language-server and pyright, in git
// repositories made here: what a diff changes, who uses it (tests apart), to depth 2.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { createLspTool } from '@agent-lsp/tool-lsp'
import { main } from './main.js'
import { codeOf, tempWorkspace, toolOn, writeFiles } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] })

const tsFiles = {
  'tsconfig.json': tsconfig,
  'src/price.ts': ['export function price(amount: number): number {', '  return amount * 2', '}', ''].join('\n'),
  'src/cart.ts': ["import { price } from './price'", '', 'export function total(items: number[]): number {', '  return items.reduce((sum, item) => sum + price(item), 0)', '}', ''].join('\n'),
  'src/checkout.ts': ["import { total } from './cart'", '', 'export function checkout(): string {', '  return `due ${total([1, 2])}`', '}', ''].join('\n'),
  'src/price.test.ts': ["import { price } from './price'", '', 'export const doubled = price(2) === 4', ''].join('\n'),
  'src/cart.test.ts': ["import { total } from './cart'", '', 'export const summed = total([1]) === 2', ''].join('\n'),
}

const newPrice = ['export function price(amount: number, rate = 2): number {', '  return amount * rate', '}', ''].join('\n')

/** `git` in `root` without a shell, as a committer the test names. */
function git(root: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=test', '-c', 'commit.gpgsign=false', ...args], { cwd: root, encoding: 'utf8' })
}

async function repo(files: Record<string, string>): Promise<string> {
  const root = await tempWorkspace(files)
  git(root, 'init', '-q')
  git(root, 'add', '.')
  git(root, 'commit', '-q', '-m', 'first')
  return root
}

const priceImpact = (spec: string) =>
  [
    `Impact of ${spec}: 1 changed symbol in 1 file; 8 references (4 in tests) in 4 files, to depth 2; 1 symbol at depth 3 not followed`,
    'Function price  src/price.ts:1:17  changed lines 1-2: 4 references (2 in tests)',
    "  src/cart.ts:1:10  import { price } from './price'",
    '  src/cart.ts:4:44  return items.reduce((sum, item) => sum + price(item), 0)',
    "  test src/price.test.ts:1:10  import { price } from './price'",
    '  test src/price.test.ts:3:24  export const doubled = price(2) === 4',
    '  ← Function total  src/cart.ts:3:17: 4 references (2 in tests)',
    "    src/checkout.ts:1:10  import { total } from './cart'",
    '    src/checkout.ts:4:17  return `due ${total([1, 2])}`',
    "    test src/cart.test.ts:1:10  import { total } from './cart'",
    '    test src/cart.test.ts:3:23  export const summed = total([1]) === 2',
  ].join('\n')

describe('impact on typescript-language-server', () => {
  it('lists the function whose signature changed, its callers with tests apart, and their callers', async () => {
    const root = await repo(tsFiles)
    await writeFiles(root, { 'src/price.ts': newPrice })
    const { tool, host } = toolOn(root)
    expect(await tool.execute({ operation: 'impact' })).toBe(priceImpact('the working tree'))
    // Depth 1: the callers' own references are cut, and counted.
    expect(await tool.execute({ operation: 'impact', depth: 1 })).toBe(
      [
        'Impact of the working tree: 1 changed symbol in 1 file; 4 references (2 in tests) in 2 files, to depth 1; 1 symbol at depth 2 not followed',
        ...priceImpact('').split('\n').slice(1, 6),
      ].join('\n'),
    )
    // Paged as other long answers: the heading a page starts under is repeated.
    const paged = createLspTool(host.ctx, { workspaceRoot: root, maxResults: 4 })!
    expect(await paged.execute({ operation: 'impact', page: 2 })).toBe(
      [
        `${priceImpact('the working tree').split('\n')[0]}; showing 5-8 (page 2 of 3)`,
        'Function price  src/price.ts:1:17  changed lines 1-2: 4 references (2 in tests) (continued)',
        ...priceImpact('').split('\n').slice(5, 9),
        '… 2 more: ask page 3.',
      ].join('\n'),
    )
  })

  it('--staged is the index against HEAD, REV..REV two commits, each mapped onto the file as it is on disk now', async () => {
    const root = await repo(tsFiles)
    await writeFiles(root, { 'src/price.ts': newPrice })
    git(root, 'add', 'src/price.ts')
    // Unstaged: not in the staged changes.
    await writeFiles(root, { 'src/checkout.ts': `${tsFiles['src/checkout.ts']}export const late = 1\n` })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'impact', diff: 'staged' })).toBe(priceImpact('the staged changes'))
    expect((await tool.execute({ operation: 'impact' })).split('\n').slice(0, 2)).toEqual([
      'Impact of the working tree: 1 changed symbol in 1 file; 0 references (0 in tests) in 0 files, to depth 2',
      'Constant late  src/checkout.ts:6:14  changed lines 6: no references',
    ])
    git(root, 'commit', '-q', '-am', 'second')
    // A line added above since HEAD: the range's lines 1-2 are lines 2-3 on disk.
    await writeFiles(root, { 'src/price.ts': `// prices\n${newPrice}` })
    const ranged = await tool.execute({ operation: 'impact', diff: 'HEAD~1..HEAD' })
    expect(ranged.split('\n').slice(0, 3)).toEqual([
      'Impact of HEAD~1..HEAD: 2 changed symbols in 2 files; 8 references (4 in tests) in 4 files, to depth 2; 1 symbol at depth 3 not followed',
      'Constant late  src/checkout.ts:6:14  changed lines 6: no references',
      'Function price  src/price.ts:2:17  changed lines 2-3: 4 references (2 in tests)',
    ])
  })

  it('says which declarations the diff removed and where their names are still written', async () => {
    const withDiscount = { ...tsFiles, 'src/price.ts': `${tsFiles['src/price.ts']}\nexport function discount(amount: number): number {\n  return amount - 1\n}\n` }
    withDiscount['src/checkout.ts'] = `import { discount } from './price'\n${tsFiles['src/checkout.ts']}export const cheaper = discount(3)\n`
    const root = await repo(withDiscount)
    await writeFiles(root, { 'src/price.ts': tsFiles['src/price.ts'] })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'impact' })).toBe(
      [
        'Impact of the working tree: 0 changed symbols in 0 files; 0 references (0 in tests) in 0 files, to depth 2',
        'Removed discount  src/price.ts old line 5: 2 places still name it (git grep -w)',
        "  src/checkout.ts:1:10  import { discount } from './price'",
        '  src/checkout.ts:7:24  export const cheaper = discount(3)',
      ].join('\n'),
    )
  })

  it('says a clean tree has no changes; answers coded one-line errors outside a repository and for a revision git does not know', async () => {
    const root = await repo(tsFiles)
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'impact' })).toBe(
      'Impact of the working tree: 0 changed symbols in 0 files; 0 references (0 in tests) in 0 files, to depth 2\nNo changes in the working tree.',
    )
    expect(await codeOf(tool.execute({ operation: 'impact', diff: 'nope..HEAD' }))).toEqual([
      'LSP_INVALID_REVISION',
      'unknown revision "nope" in nope..HEAD (expected REV..REV of commits git knows, e.g. HEAD~1..HEAD)',
    ])
    expect(await codeOf(tool.execute({ operation: 'impact', diff: 'HEAD' }))).toEqual([
      'LSP_INVALID_INPUT',
      'diff must be staged or REV..REV (got "HEAD"); leave it out for the working tree',
    ])
    const plain = await tempWorkspace(tsFiles)
    const other = toolOn(plain)
    expect(await codeOf(other.tool.execute({ operation: 'impact' }))).toEqual([
      'LSP_NOT_A_REPOSITORY',
      `${plain} is not in a git repository (impact reads git diff; run git init, or ask in a repository)`,
    ])
  })
})

describe('impact on the command line', () => {
  it('agent-lsp impact --staged and REV..REV answer as the tool does; bad usage and a bad revision are one line', async () => {
    const root = await repo(tsFiles)
    await writeFiles(root, { 'src/price.ts': newPrice })
    git(root, 'add', 'src/price.ts')
    const run = async (argv: string[]) => {
      let stdout = ''
      let stderr = ''
      const code = await main(argv, { cwd: root, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) })
      return { code, stdout, stderr }
    }
    expect(await run(['impact', '--staged'])).toEqual({ code: 0, stdout: `${priceImpact('the staged changes')}\n`, stderr: '' })
    expect(await run(['impact', '--staged', 'HEAD~1..HEAD'])).toEqual({ code: 2, stdout: '', stderr: 'agent-lsp: give --staged or REV..REV, not both\nRun "agent-lsp --help" for usage.\n' })
    expect(await run(['impact', 'main..nope'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'agent-lsp: LSP_INVALID_REVISION: unknown revision "main" in main..nope (expected REV..REV of commits git knows, e.g. HEAD~1..HEAD)\n',
    })
  })
})

const pyFiles = {
  'pyrightconfig.json': '{}',
  'price.py': ['def price(amount: int) -> int:', '    return amount * 2', ''].join('\n'),
  'cart.py': ['from price import price', '', '', 'def total(items: list[int]) -> int:', '    return sum(price(item) for item in items)', ''].join('\n'),
  'tests/test_price.py': ['from price import price', '', '', 'def test_price() -> None:', '    assert price(2) == 4', ''].join('\n'),
}

describe('impact on pyright', () => {
  it('lists the changed function, its callers with tests apart, and that nothing calls the caller', async () => {
    const root = await repo(pyFiles)
    await writeFiles(root, { 'price.py': ['def price(amount: int, rate: int = 2) -> int:', '    return amount * rate', ''].join('\n') })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'impact' })).toBe(
      [
        'Impact of the working tree: 1 changed symbol in 1 file; 4 references (2 in tests) in 2 files, to depth 2',
        'Function price  price.py:1:5  changed lines 1-2: 4 references (2 in tests)',
        '  cart.py:1:19  from price import price',
        '  cart.py:5:16  return sum(price(item) for item in items)',
        '  test tests/test_price.py:1:19  from price import price',
        '  test tests/test_price.py:5:12  assert price(2) == 4',
        '  ← Function total  cart.py:4:5: no references',
      ].join('\n'),
    )
  })
})

// Found by a trial: an overloaded function's signatures were listed as its references and again as
// its users, each with its own references. They are its own declarations.
const overloaded = 'export function over(x: string): string;\nexport function over(x: number): number;\nexport function over(x: any): any { return x }\n\nexport function plain(x: number) { return x }\n'

describe('impact of an overloaded function on typescript-language-server', () => {
  it('lists the uses of the changed implementation, without its signatures as references or as users', async () => {
    const root = await repo({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/a.ts': overloaded,
      'src/main.ts': "import { over, plain } from './a'\nexport function run(): string {\n  return over('s') + plain(1)\n}\n",
      'test/a.test.ts': "import { over, plain } from '../src/a'\nover(3); plain(4)\n",
    })
    await writeFiles(root, { 'src/a.ts': overloaded.replace('{ return x }\n\n', '{ return x ?? 0 }\n\n') })
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'impact' })).toBe(
      [
        'Impact of the working tree: 1 changed symbol in 1 file; 4 references (2 in tests) in 2 files, to depth 2',
        'Function over  src/a.ts:3:1  changed lines 3: 4 references (2 in tests)',
        "  src/main.ts:1:10  import { over, plain } from './a'",
        "  src/main.ts:3:10  return over('s') + plain(1)",
        "  test test/a.test.ts:1:10  import { over, plain } from '../src/a'",
        '  test test/a.test.ts:2:1  over(3); plain(4)',
        '  ← Function run  src/main.ts:2:17: no references',
      ].join('\n'),
    )
  })
})
