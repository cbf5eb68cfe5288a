import { describe, expect, it } from 'vitest'
import { isCallAt } from './call-site.js'

/** Whether `price` on `line` (its first occurrence) is called there. */
const called = (line: string): boolean => {
  const start = line.indexOf('price')
  return isCallAt(line, start, start + 'price'.length)
}

describe('isCallAt', () => {
  it('tells calls from the other places a name leads to its function', () => {
    expect(['price(3)', 'a.price (3)', 'a?.price?.(3)', 'price<number>(3)', 'price`x`', 'price.call(null, 3)', '@price', 'new price()'].map(called)).toEqual([true, true, true, true, true, true, true, true])
    expect(['import { price } from "./a"', 'export { price } from "./a"', 'type P = typeof price', 'list.map(price)', 'const f = price', 'price < limit', 'price.bind(null)'].map(called)).toEqual([false, false, false, false, false, false, false])
  })
})
