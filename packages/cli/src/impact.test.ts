// Impact of a change (issue 16, part 4) on real typescript-language-server and pyright, in git
// repositories made here: what a diff changes, who uses it (tests apart), to depth 2.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
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
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'impact' })).toBe(priceImpact('the working tree'))
  })
})
