import { describe, expect, it } from 'vitest'
import { receiverBefore } from './call-receivers.js'

/** The receiver of the `run` in `line` (its last one), as `receiverBefore` reads it. */
const of = (...lines: string[]) => {
  const line = lines.length - 1
  return receiverBefore(lines, line, lines[line]!.lastIndexOf('run'))
}

describe('receiverBefore tells a call on an instance from a class-qualified or super() one', () => {
  it('instances: self, cls, this, a call result, a subscript', () => {
    expect(of('        self.run()')).toEqual({ kind: 'instance' })
    expect(of('        cls.run()')).toEqual({ kind: 'instance' })
    expect(of('    this.run();')).toEqual({ kind: 'instance' })
    expect(of('    make(a, (b)).run()')).toEqual({ kind: 'instance' })
    expect(of('    workers[0].run()')).toEqual({ kind: 'instance' })
  })

  it('super() and super, with or without arguments', () => {
    expect(of('        super().run()')).toEqual({ kind: 'super' })
    expect(of('        super(Sub, self).run()')).toEqual({ kind: 'super' })
    expect(of('    super.run();')).toEqual({ kind: 'super' })
    // A call of something named like super is an instance: `mysuper().run()`.
    expect(of('    mysuper().run()')).toEqual({ kind: 'instance' })
  })

  it('a dotted name: its last identifier, to be asked what it is', () => {
    expect(of('        Base.run(self)')).toEqual({ kind: 'named', at: { line: 0, character: 8 } })
    expect(of('        pkg.Base.run(self)')).toEqual({ kind: 'named', at: { line: 0, character: 12 } })
    expect(of('    worker.run()')).toEqual({ kind: 'named', at: { line: 0, character: 4 } })
  })

  it('over line breaks, and a plain call has none', () => {
    expect(of('    (worker', '        .run())')).toEqual({ kind: 'named', at: { line: 0, character: 5 } })
    expect(of('    super()', '        .run()')).toEqual({ kind: 'super' })
    expect(of('    run()')).toBeUndefined()
  })
})
