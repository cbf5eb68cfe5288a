// `agent-lsp edit FILE:L:C --end L:C --text TEXT`, parsed, without spawning anything (range-edit.test.ts runs it).
import { describe, expect, it } from 'vitest'
import { UsageError, parseCommand, type Command } from './args.js'
import { toolInput } from './main.js'

function usageError(argv: string[]): string {
  try {
    parseCommand(argv)
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    return (error as UsageError).message
  }
  throw new Error(`expected a usage error for ${argv.join(' ')}`)
}

const query = (argv: string[]) => parseCommand(argv) as Extract<Command, { kind: 'query' }>

describe('agent-lsp edit', () => {
  it('takes a cursor, --end and --text (empty deletes), and --apply, as the tool input of edit', () => {
    expect(toolInput(query(['edit', '/w/a.ts:3:5', '--end', '3:9', '--text', 'next']), '/w', '/w')).toEqual({
      operation: 'edit',
      filePath: '/w/a.ts',
      line: 3,
      character: 5,
      endLine: 3,
      endCharacter: 9,
      text: 'next',
    })
    expect(toolInput(query(['edit', '/w/a.ts:3:5', '--end', '4:1', '--text', '', '--apply']), '/w', '/w')).toEqual({
      operation: 'edit',
      filePath: '/w/a.ts',
      line: 3,
      character: 5,
      endLine: 4,
      endCharacter: 1,
      apply: true,
      text: '',
    })
  })

  it('says what edit needs and does not take', () => {
    expect(usageError(['edit', 'a.ts:3:5', '--text', 'x'])).toBe('edit needs --end L:C (where the range ends, exclusive)')
    expect(usageError(['edit', 'a.ts:3:5', '--end', '3:9'])).toBe("edit needs --text TEXT (what replaces the range; '' deletes it; - reads it from stdin)")
    expect(usageError(['edit', '--symbol', 'f', '--end', '3:9', '--text', 'x'])).toBe('edit takes no --symbol (it takes <file>:<line>:<col>)')
    expect(usageError(['edit', 'a.ts:3:5', '--end', '3:9', '--text', 'x', '--json'])).toBe('edit answers text only; leave out --json')
    expect(usageError(['edit', 'a.ts:3:5', '--end', '3:9', '--text', 'x', '--apply', '--force'])).toBe('--force goes with rename or moveFile --apply (it writes an edit the check refused)')
    expect(usageError(['edit', 'a.ts:3:5', '--end', '3:9', '--text', 'x', '--action', '1'])).toBe('edit takes no --action (it is for codeActions)')
    expect(usageError(['edit', 'a.ts:3:5', '--end', '3', '--text', 'x'])).toBe('--end must be LINE:COL with 1-based numbers (got 3)')
    expect(usageError(['hover', 'a.ts:3:5', '--end', '3:9'])).toBe('hover takes no --end (it is for codeActions and edit)')
    expect(usageError(['replaceSymbol', 'a.ts:3:5', '--text', ''])).toBe("replaceSymbol needs a non-empty --text (to delete code: edit FILE:L:C --end L:C --text '')")
    expect(usageError(['hover', 'a.ts:3:5', '--query', ''])).toBe('--query needs a value')
  })
})
