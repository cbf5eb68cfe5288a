// The cases of the vertical-slice issue, against the real typescript-language-server.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { rowPositions, tempWorkspace, toolOn } from './workspace.test-support.js'
import { grouped } from './grouped.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler' }, include: ['src'] })

const pricing = {
  'tsconfig.json': tsconfig,
  'src/pricing.ts':
    'export function applyDiscount(price: number, pct: number): number {\n  return price * (1 - pct);\n}\n\nexport function formatPrice(value: number): string {\n  return value.toFixed(2);\n}\n',
  'src/banner.ts': [
    'import { applyDiscount, formatPrice } from "./pricing";',
    '',
    'const badge = "🎉🎉🎉 sale"; const shown = formatPrice(applyDiscount(20, 0.1));',
    'const 価格ラベル = "値段"; const shownJp = formatPrice(applyDiscount(30, 0.2));',
    'const accent = "café"; const shownFr = formatPrice(applyDiscount(40, 0.3));',
    '',
  ].join('\n'),
}

const applyDiscountReferences = grouped([
  '5 references to applyDiscount in 2 files',
  'src/banner.ts:1:10  import { applyDiscount, formatPrice } from "./pricing";',
  'src/banner.ts:3:53  const badge = "🎉🎉🎉 sale"; const shown = formatPrice(applyDiscount(20, 0.1));',
  'src/banner.ts:4:49  const 価格ラベル = "値段"; const shownJp = formatPrice(applyDiscount(30, 0.2));',
  'src/banner.ts:5:52  const accent = "café"; const shownFr = formatPrice(applyDiscount(40, 0.3));',
  'src/pricing.ts:1:17  export function applyDiscount(price: number, pct: number): number {',
])

describe('typescript-language-server', () => {
  it('answers the very first findReferences on a cold server completely', async () => {
    const root = await tempWorkspace(pricing)
    const { ask } = toolOn(root)
    expect(await ask('findReferences', 'src/pricing.ts:1:17')).toBe(applyDiscountReferences)
  })

  it('converts code-point columns to UTF-16 and back on lines with emoji, CJK and accents', async () => {
    const root = await tempWorkspace(pricing)
    const { ask } = toolOn(root)
    const hover = '```typescript\n(alias) applyDiscount(price: number, pct: number): number\nimport applyDiscount\n```'
    for (const at of ['src/banner.ts:3:53', 'src/banner.ts:4:49', 'src/banner.ts:5:52']) {
      expect(await ask('hover', at)).toBe(hover)
    }
    // Every printed column, fed back, lands on the same symbol.
    for (const at of rowPositions(applyDiscountReferences)) {
      expect(await ask('findReferences', at)).toBe(applyDiscountReferences)
    }
  })

  it('sees a file rewritten on disk while the server runs', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': tsconfig,
      'src/settings.ts': 'export const retryLimit = 3;\n\nexport function describeRetries(): string {\n  return `retries: ${retryLimit}`;\n}\n',
      'src/worker.ts':
        'import { retryLimit } from "./settings";\n\nexport function shouldRetry(attempt: number): boolean {\n  return attempt < retryLimit;\n}\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('hover', 'src/settings.ts:1:14')).toBe('```typescript\nconst retryLimit: 3\n```')

    await writeFile(
      path.join(root, 'src/settings.ts'),
      '// Retries are configured by name now.\n// See the runbook.\nexport const retryLimit: string = "three";\n\nexport function describeRetries(): string {\n  return `retries: ${retryLimit}`;\n}\n',
    )
    expect(await ask('hover', 'src/settings.ts:3:14')).toBe('```typescript\nconst retryLimit: string\n```')
    expect(await ask('goToDefinition', 'src/worker.ts:4:20')).toBe(
      'retryLimit → src/settings.ts:3:14  export const retryLimit: string = "three";',
    )
    expect(await ask('hover', 'src/worker.ts:4:20')).toBe('```typescript\n(alias) const retryLimit: string\nimport retryLimit\n```')
  })

  it('sees an open file rewritten on disk when another file is queried', async () => {
    const root = await tempWorkspace({
      'tsconfig.json': tsconfig,
      'src/settings.ts': 'export const retryLimit = 3;\n',
      'src/worker.ts': 'import { retryLimit } from "./settings";\n\nexport const limit = retryLimit;\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('goToDefinition', 'src/settings.ts:1:14')).toBe('retryLimit → src/settings.ts:1:14  export const retryLimit = 3;')
    await writeFile(path.join(root, 'src/settings.ts'), '\n\nexport const retryLimit = 4;\n')
    expect(await ask('goToDefinition', 'src/worker.ts:3:22')).toBe('retryLimit → src/settings.ts:3:14  export const retryLimit = 4;')
  })
})
