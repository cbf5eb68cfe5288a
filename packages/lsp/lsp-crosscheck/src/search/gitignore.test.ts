import { describe, expect, it } from 'vitest'
import { parseIgnoreFile } from './gitignore.js'
import { globRegExp } from './glob.js'

describe('globRegExp (globset, literal separator)', () => {
  it.each([
    ['**/foo', ['foo', 'a/foo', 'a/b/foo'], ['foo/a', 'afoo']],
    ['a/**', ['a/x', 'a/x/y'], ['a', 'b/a/x']],
    ['a/**/b', ['a/b', 'a/x/b', 'a/x/y/b'], ['a/xb', 'ab']],
    ['*.ts', ['x.ts', '.ts'], ['a/x.ts']],
    ['a**b', ['ab', 'axxb'], ['a/b']],
    ['build?', ['build1'], ['build', 'build12', 'build/']],
    ['[!a]x', ['bx', '-x', '/x'], ['ax']], // a class can match `/` in globset
    ['[a-c]x', ['ax', 'bx', 'cx'], ['dx']],
    ['[]a]', [']', 'a'], ['b']],
    ['{one,two}', ['one', 'two'], ['three', 'onetwo']],
    ['\\#hash', ['#hash'], ['\\#hash']],
    ['[unclosed', ['[unclosed'], ['u']],
  ])('%s', (glob, matching, other) => {
    const regExp = globRegExp(glob)
    for (const path of matching) expect(regExp.test(path), path).toBe(true)
    for (const path of other) expect(regExp.test(path), path).toBe(false)
  })

  it('refuses what globset refuses or this does not model', () => {
    expect(() => globRegExp('a\\')).toThrow(/dangling escape/)
    expect(() => globRegExp('{a,{b,c}}')).toThrow(/nested/)
    expect(() => globRegExp('{a,b')).toThrow(/unclosed/)
    expect(() => globRegExp('[z-a]')).toThrow(/invalid range/)
  })
})

describe('parseIgnoreFile', () => {
  it('decides by the last matching rule; `/` anchors, a trailing `/` means folders only', () => {
    const rules = parseIgnoreFile('\ufeff# comment\nbuild/\n!build/keep/\n/top\nsrc/gen\n*.log  \n\\!bang\nspace\\ \n')
    expect(rules.verdict('build', true)).toBe('ignore')
    expect(rules.verdict('build', false)).toBeUndefined()
    expect(rules.verdict('a/build', true)).toBe('ignore')
    expect(rules.verdict('build/keep', true)).toBe('whitelist')
    expect(rules.verdict('top', true)).toBe('ignore')
    expect(rules.verdict('a/top', true)).toBeUndefined()
    expect(rules.verdict('src/gen', true)).toBe('ignore')
    expect(rules.verdict('a/src/gen', true)).toBeUndefined()
    expect(rules.verdict('x.log', false)).toBe('ignore')
    expect(rules.verdict('!bang', false)).toBe('ignore')
    expect(rules.verdict('space ', false)).toBe('ignore')
    expect(rules.verdict('# comment', false)).toBeUndefined()
  })
})
