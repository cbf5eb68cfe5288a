import { describe, expect, it } from 'vitest'
import { UsageError, parseCommand, type Command } from './args.js'
import { toolInput } from './main.js'

const query = (argv: string[]) => parseCommand(argv) as Extract<Command, { kind: 'query' }>

function usageError(argv: string[]): string {
  try {
    parseCommand(argv)
  } catch (error) {
    if (error instanceof UsageError) return error.message
    throw error
  }
  throw new Error(`expected a usage error for ${argv.join(' ')}`)
}

describe('agent-lsp impact', () => {
  it('maps [--staged | REV..REV] [--depth N] [--page N] onto the tool input', () => {
    expect(toolInput(query(['impact']), '/w', '/w')).toEqual({ operation: 'impact' })
    expect(toolInput(query(['impact', '--staged', '--depth', '3']), '/w', '/w')).toEqual({ operation: 'impact', diff: 'staged', depth: 3 })
    expect(toolInput(query(['impact', 'HEAD~2..HEAD', '--page', '2', '--root', '/w']), '/w', '/w')).toEqual({ operation: 'impact', diff: 'HEAD~2..HEAD', page: 2 })
  })

  it('refuses what does not go with it, and its flags elsewhere', () => {
    expect(usageError(['impact', '--staged', 'A..B'])).toBe('give --staged or REV..REV, not both')
    expect(usageError(['impact', 'A..B', 'C..D'])).toBe('unexpected argument "C..D" (impact takes one REV..REV at most)')
    expect(usageError(['impact', '--symbol', 'f', '--apply'])).toBe('impact takes no --symbol or --apply (only [--staged] [REV..REV] [--depth N] [--page N] [--root DIR])')
    expect(usageError(['impact', '--json'])).toBe('impact answers text only; leave out --json')
    expect(usageError(['impact', '--depth', '0'])).toBe('--depth must be a whole number from 1 to 2147483647 (got 0)')
    expect(usageError(['hover', 'a.ts:1:1', '--staged'])).toBe('--staged goes with impact')
    expect(usageError(['documentSymbol', 'a.ts', '--depth', '2'])).toBe('--depth goes with impact')
  })
})
