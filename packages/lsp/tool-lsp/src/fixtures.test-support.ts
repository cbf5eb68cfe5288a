// Test support (not exported): the files most tool tests query.
export const emojiLine = 'const badge = "🎉🎉🎉 sale"; const shown = formatPrice(applyDiscount(20, 0.1));'
export const cjkLine = 'const 価格ラベル = "値段"; const shownJp = formatPrice(applyDiscount(30, 0.2));'

export const pricingFiles = {
  'src/pricing.ts': [
    'export function applyDiscount(price: number, rate: number): number {',
    '  return roundCents(price * (1 - rate))',
    '}',
    'export function roundCents(value: number): number {',
    '  return Math.round(value * 100) / 100',
    '}',
    '',
  ].join('\n'),
  'src/app.ts': [`import { applyDiscount, formatPrice } from './pricing'`, emojiLine, cjkLine, ''].join('\r\n'),
}
