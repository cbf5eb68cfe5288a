// The fourteenth trial: a name before the enclosing ones was dropped unread: `zzz.Jws.encode`
// answered (and renamed) Jws.encode, `list.Ring.Len` (*Ring).Len; while Python's `jwt.helper` and
// Go's `ring.New`, which name the module, found nothing. They name the file or its folder now.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

describe('a symbol named with its module', () => {
  it('pyright and gopls: the module is the file or its folder; a name that is neither finds nothing', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'py/pyproject.toml': '[project]\nname = "w"\n',
      'py/pkg/__init__.py': '',
      'py/pkg/jws.py': 'class Jws:\n    def encode(self):\n        return 1\n',
      'py/pkg/jwt.py': 'class Jwt:\n    def encode(self):\n        return 2\n\n\ndef helper():\n    return 3\n',
      'go/go.mod': 'module example.com/g\n\ngo 1.19\n',
      'go/ring/ring.go': 'package ring\n\ntype Ring struct{ n int }\n\nfunc New() *Ring { return &Ring{} }\n\nfunc (r *Ring) Len() int { return r.n }\n',
      'go/list/list.go': 'package list\n\ntype List struct{ n int }\n\nfunc New() *List { return &List{} }\n',
      // The fifteenth trial: a package named otherwise than its folder (mattn/go-isatty, yaml.v3).
      'go/go-isatty/isatty_tcgets.go': '// Package isatty tells terminals.\n/* a block */\npackage isatty\n\nfunc IsTerminal(fd uintptr) bool { return fd == 0 }\n',
    })
    const tools = { py: toolOn(`${root}/py`).tool, go: toolOn(`${root}/go`).tool }
    const at = async (symbol: string, dir: 'py' | 'go') => (await tools[dir].execute({ operation: 'goToDefinition', symbol })).split('\n')[0]
    expect(await at('jwt.helper', 'py')).toBe('helper → pkg/jwt.py:6:5')
    expect(await at('pkg.jws.Jws.encode', 'py')).toBe('Jws.encode → pkg/jws.py:2:9')
    expect(await at('zzz.Jws.encode', 'py')).toBe('No symbol "zzz.Jws.encode" found.')
    expect(await at('jwt.Jws.encode', 'py')).toBe('No symbol "jwt.Jws.encode" found.')
    expect(await at('ring.New', 'go')).toBe('New → ring/ring.go:5:6')
    expect(await at('list.New', 'go')).toBe('New → list/list.go:5:6')
    expect(await at('list.Ring.Len', 'go')).toBe('No symbol "list.Ring.Len" found.')
    expect(await at('isatty.IsTerminal', 'go')).toBe('IsTerminal → go-isatty/isatty_tcgets.go:5:6')
    expect(await at('go-isatty.IsTerminal', 'go')).toBe('IsTerminal → go-isatty/isatty_tcgets.go:5:6')
  })

  // The fourteenth trial: `--symbol Box.constructor` found nothing without `--file` (tsserver's
  // workspace search lists no constructors), and a bare `constructor` said nothing of why.
  it("typescript-language-server: a constructor by its class's name; alone, the answer says the search cannot list it", { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['src'] }),
      'src/k.ts': 'export default function f() {}\nexport class Box {\n  constructor(public size: number) {}\n}\n',
      'src/m.ts': "import f, { Box } from './k'\nconst b = new Box(2); f()\nexport { b }\n",
    })
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'goToDefinition', symbol: 'Box.constructor' })).split('\n')[0]).toBe('Box.constructor → src/k.ts:3:3')
    expect(await tool.execute({ operation: 'findReferences', symbol: 'constructor' })).toBe(
      ['Partial search (unchecked): the workspace symbol search lists no constructors or default exports by that name alone: name the class (Box.constructor) or give the file', 'No symbol "constructor" found.'].join('\n'),
    )
  })
})
