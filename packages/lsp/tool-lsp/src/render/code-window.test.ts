import { describe, expect, it } from 'vitest'
import { codeAround } from './code-window.js'

const digits = (count: number) => Array.from({ length: count }, (_, index) => String(index % 10)).join('')

describe('codeAround', () => {
  it('shows a line of up to 100 code points whole, trimmed', () => {
    expect(codeAround(`  ${digits(100)}  `, 90)).toBe(digits(100))
  })

  it('cuts only the end when the match is near the start', () => {
    expect(codeAround(digits(400), 31)).toBe(`${digits(99)}…`)
  })

  it('starts 30 code points before a match further in, cutting both ends', () => {
    const line = digits(400)
    expect(codeAround(line, 32)).toBe(`…${line.slice(1, 99)}…`)
    expect(codeAround(line, 200)).toBe(`…${line.slice(169, 267)}…`)
  })

  it('ends with the line when the window would pass its end, or the column is past it', () => {
    const line = digits(400)
    expect(codeAround(line, 390)).toBe(`…${line.slice(301)}`)
    expect(codeAround(line, 999)).toBe(`…${line.slice(301)}`)
  })
})
