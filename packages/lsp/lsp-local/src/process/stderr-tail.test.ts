import { describe, expect, it } from 'vitest'
import { StderrTail } from './stderr-tail.js'

describe('StderrTail', () => {
  it('gives short output whole, on one line, without colours', () => {
    const tail = new StderrTail()
    tail.push('\x1b[31mfatal:\x1b[0m simulated stack overflow\n')
    tail.push('in resolver\n')
    expect(tail.summary()).toBe('fatal: simulated stack overflow | in resolver')
  })

  it('keeps the first line (the cause) and the latest lines of long output', () => {
    const tail = new StderrTail()
    tail.push("error: Unknown binary 'rust-analyzer' in official toolchain\n")
    for (let frame = 0; frame < 40; frame++) tail.push(`  ${frame}: tokio::runtime::task::harness::poll_future\n`)
    const summary = tail.summary(160)
    expect(summary.startsWith("error: Unknown binary 'rust-analyzer' in official toolchain … …")).toBe(true)
    expect(summary.endsWith('39: tokio::runtime::task::harness::poll_future')).toBe(true)
    expect(summary.length).toBeLessThanOrEqual(160)
  })

  it('is empty when nothing was written', () => {
    expect(new StderrTail().summary()).toBe('')
  })
})
