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
})
