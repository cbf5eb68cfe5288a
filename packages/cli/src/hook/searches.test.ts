import { describe, expect, it } from 'vitest'
import { identifierSearch } from './searches.js'
import { shellWords } from './shell-words.js'

const bash = (command: string) => identifierSearch('Bash', { command, description: 'search' })

describe('identifierSearch', () => {
  it('reads grep, rg and git grep command lines that search for one identifier, whole-word or not', () => {
    expect(bash('grep -rn applyDiscount src')).toEqual({ name: 'applyDiscount', path: 'src', wholeWord: false })
    expect(bash('grep -R -n -w applyDiscount .')).toEqual({ name: 'applyDiscount', path: '.', wholeWord: true })
    expect(bash('grep -rnw "applyDiscount" src/cart')).toEqual({ name: 'applyDiscount', path: 'src/cart', wholeWord: true })
    expect(bash("grep -rn '\\bapplyDiscount\\b' src")).toEqual({ name: 'applyDiscount', path: 'src', wholeWord: true })
    expect(bash("grep -rn '\\<applyDiscount\\>' src")).toEqual({ name: 'applyDiscount', path: 'src', wholeWord: true })
    expect(bash('grep -n applyDiscount src/cart.ts')).toEqual({ name: 'applyDiscount', path: 'src/cart.ts', wholeWord: false })
    expect(bash('grep -rn --color=never --word-regexp -e applyDiscount -- src')).toEqual({ name: 'applyDiscount', path: 'src', wholeWord: true })
    expect(bash('/usr/bin/grep -r applyDiscount')).toEqual({ name: 'applyDiscount', wholeWord: false })
    expect(bash('rg applyDiscount')).toEqual({ name: 'applyDiscount', wholeWord: false })
    expect(bash('rg -n --no-heading -w applyDiscount src')).toEqual({ name: 'applyDiscount', path: 'src', wholeWord: true })
    expect(bash('git grep -n applyDiscount')).toEqual({ name: 'applyDiscount', wholeWord: false })
    expect(bash('git grep -nw applyDiscount')).toEqual({ name: 'applyDiscount', wholeWord: true })
    expect(bash('  grep -rn applyDiscount "my src"  ')).toEqual({ name: 'applyDiscount', path: 'my src', wholeWord: false })
    // The trial's search: rxjs's `Subscriber` also matches `createOperatorSubscriber`.
    expect(bash('grep -rn Subscriber src')).toEqual({ name: 'Subscriber', path: 'src', wholeWord: false })
  })

  it('leaves every other command and search alone', () => {
    for (const command of [
      'ls -la',
      'grep applyDiscount', // standard input
      'grep -rni applyDiscount src', // case-insensitive
      'rg -i applyDiscount',
      'rg -S applyDiscount',
      "grep -rnF '\\bapplyDiscount\\b' src", // fixed strings: the word marks are text
      'grep -rn "apply.*Discount" src', // a regular expression
      'grep -rn applyDiscount src | head', // a pipeline
      'grep -rn applyDiscount src > out.txt',
      'grep -rn applyDiscount src lib', // two paths
      'grep -rn --include=*.md applyDiscount .',
      'grep -rn $NAME src',
      'grep -rn applyDiscount src && echo done',
      'grep -c applyDiscount src/cart.ts', // counts
      'rg -t ts applyDiscount',
      'grep -rn "unbalanced src',
      'cd src; grep -rn applyDiscount .',
      'grep -rn 1abc src',
      '',
    ]) {
      expect([command, bash(command)]).toEqual([command, undefined])
    }
  })

  it('reads the Grep tool: pattern and path, content or file names, case-sensitive, no glob or type', () => {
    expect(identifierSearch('Grep', { pattern: 'applyDiscount', path: '/w/src', output_mode: 'content', '-n': true })).toEqual({ name: 'applyDiscount', path: '/w/src', wholeWord: false })
    expect(identifierSearch('Grep', { pattern: '\\bapplyDiscount\\b' })).toEqual({ name: 'applyDiscount', wholeWord: true })
    expect(identifierSearch('Grep', { pattern: 'applyDiscount', output_mode: 'files_with_matches' })).toEqual({ name: 'applyDiscount', wholeWord: false })
    for (const input of [
      { pattern: 'applyDiscount', '-i': true },
      { pattern: 'applyDiscount', output_mode: 'count' },
      { pattern: 'applyDiscount', glob: '*.md' },
      { pattern: 'applyDiscount', type: 'ts' },
      { pattern: 'applyDiscount', multiline: true },
      { pattern: 'apply|Discount' },
      { path: 'src' },
    ]) {
      expect(identifierSearch('Grep', input)).toBeUndefined()
    }
    expect(identifierSearch('Read', { file_path: '/w/src/cart.ts' })).toBeUndefined()
  })
})

describe('shellWords', () => {
  it('splits words as the shell does, or refuses what the shell would rewrite', () => {
    expect(shellWords(`grep -rn 'a b' "c \\"d\\"" e\\ f`)).toEqual(['grep', '-rn', 'a b', 'c "d"', 'e f'])
    expect(shellWords(`a''b ""`)).toEqual(['ab', ''])
    for (const line of ['a | b', 'a; b', 'a && b', 'a > f', 'a $(b)', 'a `b`', 'a "$HOME"', 'a *.ts', 'a ~/x', 'a # c', "a 'b", 'a \\']) {
      expect([line, shellWords(line)]).toEqual([line, undefined])
    }
  })
})
