import { describe, expect, it } from 'vitest'
import { declaredIn } from './library-bases.js'

const library = [
  'class Base(object):',
  '    """A base.',
  'def run(self): a docstring line, not a method',
  '    """',
  '    handle = None',
  '',
  '    def setup(self):',
  '        def run():',
  '            pass',
  '',
  'class Handler(',
  '    Base, metaclass=Meta,',
  '):',
  '    def finish(self): pass',
  '',
  'class Remote(other.Base):',
  '    pass',
]

describe('a library class read from its file', () => {
  it('declares a def or an assignment at its body’s level, or in a base of the same file', () => {
    expect(declaredIn(library, 10, 'setup', ['object'])).toEqual({ method: { className: 'Base', position: { line: 6, character: 8 } }, unread: [] })
    expect(declaredIn(library, 10, 'handle', ['object'])).toEqual({ method: { className: 'Base', position: { line: 4, character: 4 } }, unread: [] })
    expect(declaredIn(library, 10, 'finish', ['object'])).toEqual({ method: { className: 'Handler', position: { line: 13, character: 8 } }, unread: [] })
  })

  it('does not take a nested def or a docstring for a method, and names a base of another module as not read', () => {
    expect(declaredIn(library, 10, 'run', ['object'])).toEqual({ unread: [] })
    expect(declaredIn(library, 15, 'run', ['object'])).toEqual({ unread: ['other.Base'] })
    expect(declaredIn(library, 1, 'run', ['object'])).toBeUndefined()
  })
})
