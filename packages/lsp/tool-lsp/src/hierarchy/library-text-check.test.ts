import { describe, expect, it } from 'vitest'
import { noLibraryBase } from './library-text-check.js'

const module = [
  'import threading', // 0
  'from .base import Imported', // 1
  '', // 2
  'def helper():', // 3
  '    def inner(): pass', // 4
  '', // 5
  'class Plain:', // 6
  '    """A docstring.', // 7
  'class Fake(threading.Thread):', // 8
  '    """', // 9
  '    def run(self): pass', // 10
  '', // 11
  'class Child(Plain, object):', // 12
  '    def run(self): pass', // 13
  '', // 14
  'class Thread(Child, threading.Thread):', // 15
  '    def run(self): pass', // 16
  '', // 17
  'class FromImport(Imported):', // 18
  '    def run(self): pass', // 19
  '', // 20
  'class Starred(*mixins):', // 21
  '    def run(self): pass', // 22
  '', // 23
  'class Conditional:', // 24
  '    if flag:', // 25
  '        def run(self): pass', // 26
  'Rebound = Plain', // 27
  'class Rebound: pass', // 28
  'class OnRebound(Rebound):', // 29
  '    async def run(self): pass', // 30
]

describe('noLibraryBase: a Python def that cannot override a library method, told from the text', () => {
  it('a module function, a method of a class without bases, or with bases of the same file without any', () => {
    expect(noLibraryBase(module, 3, ['object'])).toBe(true)
    // The docstring's `class Fake(threading.Thread):` is not the block of line 10.
    expect(noLibraryBase(module, 10, ['object'])).toBe(true)
    expect(noLibraryBase(module, 13, ['object'])).toBe(true)
  })

  it('is not told (false) for a base of another module, an imported or rebound one, a starred one, another block, or no def', () => {
    expect(noLibraryBase(module, 13, [])).toBe(false)
    expect(noLibraryBase(module, 16, ['object'])).toBe(false)
    expect(noLibraryBase(module, 19, ['object'])).toBe(false)
    expect(noLibraryBase(module, 22, ['object'])).toBe(false)
    expect(noLibraryBase(module, 26, ['object'])).toBe(false)
    expect(noLibraryBase(module, 30, ['object'])).toBe(false)
    expect(noLibraryBase(module, 4, ['object'])).toBe(false)
    expect(noLibraryBase(module, 0, ['object'])).toBe(false)
    expect(noLibraryBase([...module, 'from x import *'], 13, ['object'])).toBe(false)
  })
})
