import { describe, expect, it } from 'vitest'
import { codeAround } from './code-window.js'

const digits = (count: number) => Array.from({ length: count }, (_, index) => String(index % 10)).join('')

describe('codeAround', () => {
  it('shows a line of up to 160 code points whole, trimmed', () => {
    expect(codeAround(`  ${digits(160)}  `, 150)).toBe(digits(160))
  })

  it('cuts only the end when the match is near the start', () => {
    expect(codeAround(digits(400), 41)).toBe(`${digits(159)}…`)
  })

  it('starts 40 code points before a match further in, cutting both ends', () => {
    const line = digits(400)
    expect(codeAround(line, 42)).toBe(`…${line.slice(1, 159)}…`)
    expect(codeAround(line, 200)).toBe(`…${line.slice(159, 317)}…`)
  })

  it('ends with the line when the window would pass its end, or the column is past it', () => {
    const line = digits(400)
    expect(codeAround(line, 390)).toBe(`…${line.slice(241)}`)
    expect(codeAround(line, 999)).toBe(`…${line.slice(241)}`)
  })
})
