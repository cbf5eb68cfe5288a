import { lexicalRanges, type LexicalFamily } from '@agent-lsp/lexical'
import { describe, expect, it } from 'vitest'
import { computedCalls } from './computed-callee.js'

const labels = (text: string, family: LexicalFamily): string[] => computedCalls(text, lexicalRanges(text, family).nonCode, 0, text.length, family).map((call) => `${call.at} ${call.label}`)

describe('computedCalls', () => {
  it('finds the calls whose callee is a subscript, a parenthesised or a called expression', () => {
    expect(labels('return table[k](1) + (0, helper)(3) + s["a]"]() + make()() + obj.fs[k]?.()', 'javascript')).toEqual(['7 table[k]', '21 (0, helper)', '38 s["a]"]', '50 make()', '61 obj.fs[k]'])
    expect(labels('HANDLERS[name]("x")\nreturn fs[name]()', 'python')).toEqual(['0 HANDLERS[name]', '27 fs[name]'])
  })

  it('leaves out conditions, functions written in place, casts, and brackets in comments and strings', () => {
    expect(labels('if (a) (b)\nwhile (x) (y)\n(function () {})()\n(() => 1)()\n// t[k](1)\nconst s = "t[k](1)"', 'javascript')).toEqual([])
    expect(labels('(lambda x: x)(3)', 'python')).toEqual([])
    expect(labels('n = (int)(x); fp[i](x);', 'c')).toEqual(['14 fp[i]'])
    expect(labels('p := (*MyInt)(nil); f := (func(int) int)(g); h := (g)(1); m[k](2)', 'go')).toEqual(['50 (g)', '58 m[k]'])
  })
})
