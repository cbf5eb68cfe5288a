// The seventeenth trial (2026-12-07): the Joined line of a findReferences answer named 2 of the
// 55 files whose alias `_` of django's gettext_lazy it joined. grep is the independent check.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

describe('pyright findReferences of a function imported under another name in many files', () => {
  // pyright lists the `_` of every file importing `lazy as _` at one of them: the line named the
  // two aliases asked (django's gettext_lazy: 2 of 55 files) as if only theirs were joined.
  it('says in how many files the joined places are, naming them', { timeout: 120_000 }, async () => {
    const files: Record<string, string> = { 'pyrightconfig.json': '{}', 'shop/__init__.py': '', 'shop/tr.py': 'def lazy(s: str) -> str:\n    return s\n' }
    for (const name of ['a', 'b', 'c', 'd', 'e']) files[`shop/${name}.py`] = `from shop.tr import lazy as _\n\n\ndef ${name}() -> str:\n    return _("${name}") + _("x")\n`
    const root = await tempWorkspace(files)
    expect(execFileSync('grep', ['-rlw', 'import lazy as _', 'shop'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean).length).toBe(5)
    const answer = (await toolOn(root).ask('findReferences', 'shop/tr.py:1:5')).split('\n')
    expect([answer[0], answer.at(-1)]).toEqual([
      '21 references to lazy in 6 files',
      'Joined: the references of _ (shop/a.py:1:29) and _ (shop/b.py:1:29), which import lazy under other names (the places they add are in 5 files: shop/a.py, shop/b.py, shop/c.py and 2 more); the server listed those of lazy only.',
    ])
  })

  // The nineteenth session's own probing: 18 modules importing `lazy as L1` … `L18`; the aliases past
  // 16 were not followed, and their calls were missing from an answer said complete (35 of 37).
  it('follows 64 aliases, and names the ones past that, partial', { timeout: 180_000 }, async () => {
    const files: Record<string, string> = { 'pyrightconfig.json': '{}', 'shop/__init__.py': '', 'shop/tr.py': 'def lazy(s: str) -> str:\n    return s\n' }
    for (let i = 1; i <= 66; i++) files[`shop/m${i}.py`] = `from shop.tr import lazy as L${i}\n\n\ndef f${i}() -> str:\n    return L${i}("x")\n`
    const root = await tempWorkspace(files)
    const calls = execFileSync('grep', ['-rE', String.raw`return L[0-9]+\(`, 'shop'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean)
    expect(calls).toHaveLength(66)
    const answer = (await toolOn(root).ask('findReferences', 'shop/tr.py:1:5')).split('\n')
    // Asked in the answer's order (shop/m1.py, shop/m10.py, …): m8 and m9 come last.
    expect(answer.slice(0, 2)).toEqual([
      'Partial answer (unchecked): 2 more names the symbol may be imported under were not followed past 64 (L8 (shop/m8.py:1:29) and L9 (shop/m9.py:1:29)): their uses are not listed',
      '131 references to lazy in 67 files; showing 1-100 (page 1 of 2)',
    ])
    expect(answer.at(-1)).toBe(
      'Joined: the references of L1 (shop/m1.py:1:29), L10 (shop/m10.py:1:29), L11 (shop/m11.py:1:29), L12 (shop/m12.py:1:29), L13 (shop/m13.py:1:29) and 59 more, which import lazy under other names; the server listed those of lazy only.',
    )
  })
})
