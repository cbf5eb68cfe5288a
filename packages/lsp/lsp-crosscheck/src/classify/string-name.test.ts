import { describe, expect, it } from 'vitest'
import { namesInString } from './string-name.js'

/** `namesInString` at the first occurrence of `name` in `line`. */
const at = (line: string, name: string): boolean => namesInString(line, line.indexOf(name), line.indexOf(name) + name.length)

describe('namesInString', () => {
  it('is a use by name when the string is the name or a dotted path through it', () => {
    expect(at('getattr(alg, "prepare_key")', 'prepare_key')).toBe(true)
    expect(at("'closed' in value", 'closed')).toBe(true)
    expect(at('patch("jwt.Algorithm.prepare_key")', 'prepare_key')).toBe(true)
    expect(at('x = `total.${k}`', 'total')).toBe(true)
  })

  it('is not for a module path or prose', () => {
    expect(at("require('./greet')", 'greet')).toBe(false)
    expect(at('"Calls total on it"', 'total')).toBe(false)
    expect(at("'total: '", 'total')).toBe(false)
  })
})
