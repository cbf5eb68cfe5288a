import { expectTypeOf, test } from 'vitest'
import { brand, type Branded } from './index.js'

test('a brand is nominal', () => {
  const a = brand<'A'>('x')
  expectTypeOf(a).toEqualTypeOf<Branded<'A'>>()
  expectTypeOf(a).toExtend<string>()
  // @ts-expect-error a plain string is not a branded id
  const fromString: Branded<'A'> = 'x'
  // @ts-expect-error brands with different names do not mix
  const other: Branded<'B'> = a
  void fromString
  void other
})
