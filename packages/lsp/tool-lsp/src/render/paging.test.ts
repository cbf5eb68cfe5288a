import { describe, expect, it } from 'vitest'
import { isPaged, moreLine, pageOf, showing } from './paging.js'

describe('pages of a list answer', () => {
  it('page 2 of 3: rows 101-200, and what is left', () => {
    const page = pageOf(250, 100, 2)
    expect([showing(page), moreLine(page)]).toEqual(['; showing 101-200 (page 2 of 3)', ['… 50 more: ask page 3.']])
  })

  it("names the command's option to the command: ask --page 3", () => {
    expect(moreLine(pageOf(250, 100, 2), 'command')).toEqual(['… 50 more: ask --page 3.'])
  })

  it('an empty list has no pages to show: a later page asked of it is not "showing 1-0"', () => {
    // A trial: `agent-lsp impact --page 9` on a clean tree printed "…; showing 1-0 (page 9 of 1)".
    const page = pageOf(0, 100, 9)
    expect([isPaged(page), showing(page), moreLine(page)]).toEqual([false, '', []])
  })

  it('refuses a page past the last of a non-empty list', () => {
    expect(() => pageOf(5, 100, 2)).toThrow('page 2 is past the last page (the answer has 5 rows: 1 page of up to 100)')
  })
})
