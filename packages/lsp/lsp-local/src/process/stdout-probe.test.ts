import { describe, expect, it } from 'vitest'
import { StdoutProbe } from './stdout-probe.js'

const feed = (...chunks: string[]): (string | undefined)[] => {
  const probe = new StdoutProbe()
  return chunks.map((chunk) => probe.push(Buffer.from(chunk, 'utf8')))
}

describe('StdoutProbe', () => {
  it('accepts a header line however it is cut, in any case, Content-Type first too', () => {
    expect(feed('Conte', 'nt-Length: 52\r', '\n\r\n{', '"jsonrpc"')).toEqual([undefined, undefined, undefined, undefined])
    expect(feed('content-length:52\r\n')).toEqual([undefined])
    expect(feed('Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}')).toEqual([undefined])
  })

  it('quotes the first line of anything else, once, as soon as the line is complete', () => {
    expect(feed('Loading project ', 'configuration...\nContent-Length: 52\r\n\r\n', 'more')).toEqual([
      undefined,
      '"Loading project configuration...\\n"',
      undefined,
    ])
    expect(feed('Warning: no tsconfig\r\nContent-Length: 2\r\n\r\n{}')).toEqual(['"Warning: no tsconfig\\r\\n"'])
  })

  it('judges 256 bytes without a line break, quoting 80 characters', () => {
    const probe = new StdoutProbe()
    expect(probe.push(Buffer.from('x'.repeat(255)))).toBeUndefined()
    expect(probe.push(Buffer.from('xy'))).toBe(JSON.stringify(`${'x'.repeat(80)}…`))
    expect(probe.nonLspOutput).toBe(JSON.stringify(`${'x'.repeat(80)}…`))
  })
})
