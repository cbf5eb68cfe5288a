import { describe, expect, it } from 'vitest'
import { isShellName, shellNameSpan } from './shell-name.js'

/** The shell name around the word at `word` of `line`. */
const around = (line: string, word: string): string => {
  const start = line.indexOf(word)
  const [from, to] = shellNameSpan(line, start, start + word.length)
  return line.slice(from, to)
}

describe('shell names', () => {
  it('widens a word across -, . and : between words', () => {
    expect(around('my-func() { echo a; }', 'my')).toBe('my-func')
    expect(around('my-func() { echo a; }', 'func')).toBe('my-func')
    expect(around('  git.sh:run-all "$@"', 'run')).toBe('git.sh:run-all')
    expect(around('my-func-extra', 'extra')).toBe('my-func-extra')
    expect(around('a - b', 'a')).toBe('a')
    expect(around('run --force', 'run')).toBe('run')
    expect(around('ns::helper() {', 'helper')).toBe('ns::helper')
    expect(around('ns::helper() {', 'ns')).toBe('ns::helper')
  })

  it('leaves a variable alone: its name ends at -', () => {
    expect(around('echo ${name-default}', 'name')).toBe('name')
    expect(around('echo $a-b', 'a')).toBe('a')
    expect(around('echo ${name-default}', 'default')).toBe('default')
  })

  it('tells names', () => {
    expect(['my-func', 'run', 'git.sh:run', 'ns::helper', '-x', 'a-', 'a b'].map(isShellName)).toEqual([true, true, true, true, false, false, false])
  })
})
