import { describe, expect, it } from 'vitest'
import { keepsClass } from './class-constructions.js'

/** Whether `Base`, first on `line`, keeps the class as a value. */
const keeps = (line: string): boolean => {
  const start = line.indexOf('Base')
  return keepsClass(line, start, start + 4)
}

describe('keepsClass', () => {
  it('tells a class kept as a value from its calls, attributes, annotations and type tests', () => {
    expect(['    f = Base', '    [Base][0](6)', '    return Base', '    registry.add(Base)', '    kinds = (Other, Base)', '    {Base, Other}'].map(keeps)).toEqual([true, true, true, true, true, true])
    expect(['    Base(1)', '    Base.make()', 'def f(x: Base) -> Base:', '    y: list[Base] = []', 'class Sub(Base):', '    isinstance(x, Base)', '    except (Base, KeyError):', '    super(Base, self).__init__()', '    from k import Base', '    cast(Base, x)'].map(keeps)).toEqual([false, false, false, false, false, false, false, false, false, false])
  })
})
