import { LspToolError } from '../errors.js'
import { fieldWord } from '../input/field-word.js'

/** One page of a list answer: rows `start` (0-based, inclusive) to `end` (exclusive). */
export interface Page {
  /** 1-based page number. */
  readonly number: number
  /** How many pages the list has (at least 1). */
  readonly count: number
  readonly start: number
  readonly end: number
  /** Rows in the whole list. */
  readonly total: number
}

/**
 * Page `number` of a list of `total` rows, `size` rows a page.
 * @throws LspToolError `LSP_INVALID_INPUT` when `number` is past the last page of a non-empty list.
 */
export function pageOf(total: number, size: number, number: number): Page {
  const count = Math.max(1, Math.ceil(total / size))
  if (number > count && total > 0) {
    throw new LspToolError(
      'LSP_INVALID_INPUT',
      `page ${number} is past the last page (the answer has ${total} ${total === 1 ? 'row' : 'rows'}: ${count} ${count === 1 ? 'page' : 'pages'} of up to ${size})`,
    )
  }
  const start = Math.min((number - 1) * size, total)
  return { number, count, start, end: Math.min(start + size, total), total }
}

/** Whether the answer is cut into pages (it has more than one, or a later one was asked for); an empty list never is. */
export function isPaged(page: Page): boolean {
  return page.total > 0 && (page.count > 1 || page.number > 1)
}

/** `; showing 101-200 (page 2 of 16)` for a paged answer, else nothing: the header's tail. */
export function showing(page: Page): string {
  return isPaged(page) ? `; showing ${page.start + 1}-${page.end} (page ${page.number} of ${page.count})` : ''
}

/**
 * `… 312 more: ask page 3.` after the rows when later pages have more, else nothing.
 * @param flags - how the hint names the `page` field (`--page 3` for the command; see `fieldWord`).
 */
export function moreLine(page: Page, flags: 'tool' | 'command' = 'tool'): string[] {
  const more = page.total - page.end
  return more > 0 ? [`… ${more} more: ask ${fieldWord('page', flags)} ${page.number + 1}.`] : []
}
