import { describe, expect, it } from 'vitest'
import { canonicalUri, pathToUri, uriToPath } from './uri.js'

describe('file URIs', () => {
  it('encodes spaces, #, brackets and accents so the server sees the same file', () => {
    const path = '/ws/lib/shared code/réf#1.ts'
    expect(pathToUri(path, 'linux')).toBe('file:///ws/lib/shared%20code/r%C3%A9f%231.ts')
    expect(uriToPath('file:///ws/lib/shared%20code/r%C3%A9f%231.ts', 'linux')).toBe(path)
    expect(pathToUri('/ws/app/orders/[orderId]/route.ts', 'linux')).toBe('file:///ws/app/orders/%5BorderId%5D/route.ts')
    expect(uriToPath('file:///ws/app/orders/%5BorderId%5D/route.ts', 'linux')).toBe('/ws/app/orders/[orderId]/route.ts')
  })

  it('converts Windows forms both ways', () => {
    const path = 'C:\\Users\\dev\\Shop App\\src\\[id]\\page.ts'
    const uri = 'file:///c%3A/Users/dev/Shop%20App/src/%5Bid%5D/page.ts'
    expect(pathToUri(path, 'win32')).toBe(uri)
    expect(uriToPath(uri, 'win32')).toBe(path)
    expect(uriToPath('file:///C:/Users/dev/x.ts', 'win32')).toBe('C:\\Users\\dev\\x.ts')
  })

  it('gives one spelling per document and leaves other schemes alone', () => {
    expect(canonicalUri('file:///ws/r%c3%a9f%231.ts')).toBe('file:///ws/r%C3%A9f%231.ts')
    expect(canonicalUri('file:///ws/réf%231.ts')).toBe('file:///ws/r%C3%A9f%231.ts')
    expect(uriToPath('untitled:Untitled-1', 'linux')).toBeNull()
  })
})
