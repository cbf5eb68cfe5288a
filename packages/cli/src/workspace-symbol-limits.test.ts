// gopls and clangd 14 answer at most 100 workspace symbols: 150 matched, and the answer said "100
// symbols match", complete, its page 2 refused (the tenth trial: x/sys's SYS_ constants, 362 in one
// file; xmlsec's 648 functions). grep is the independent check: 150 each.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'

const count = (pattern: string, file: string, root: string): string => execFileSync('grep', ['-c', pattern, file], { cwd: root, encoding: 'utf8' }).trim()

describe('a workspace symbol search past what the server gives', () => {
  it('is partial at gopls\' 100 and clangd\'s 100, saying so', { timeout: 120_000 }, async () => {
    const seam = await seamOn((root) => ({
      'g/go.mod': 'module example.com/g\n\ngo 1.19\n',
      'g/consts.go': `package g\n\nconst (\n${Array.from({ length: 150 }, (_, i) => `\tLimit${i + 1} = ${i + 1}\n`).join('')})\n`,
      'c/funcs.c': Array.from({ length: 150 }, (_, i) => `int limit_fn_${i + 1}(void) { return ${i + 1}; }\n`).join(''),
      'c/compile_commands.json': JSON.stringify([{ directory: `${root}/c`, file: 'funcs.c', arguments: ['cc', '-c', 'funcs.c'] }]),
    }))
    expect([count('Limit[0-9]* =', 'g/consts.go', seam.root), count('limit_fn_', 'c/funcs.c', seam.root)]).toEqual(['150', '150'])
    for (const [server, query, filePath] of [['go', 'Limit', 'g/consts.go'], ['c', 'limit_fn_', 'c/funcs.c']] as const) {
      const result = await seam.ask({ operation: 'workspaceSymbol', query, filePath })
      expect([result.kind === 'symbols' && result.symbols.length, result.completeness], server).toEqual([
        100,
        { state: 'partial', reason: 'unchecked', message: `${server} answers workspaceSymbol with at most 100 results, and gave 100: more may match; narrow the query` },
      ])
    }
    // Fewer than the limit: complete (limit_fn_14 and limit_fn_140 to 149).
    const few = await seam.ask({ operation: 'workspaceSymbol', query: 'limit_fn_14', filePath: 'c/funcs.c' })
    const names = ['limit_fn_14', ...Array.from({ length: 10 }, (_, i) => `limit_fn_14${i}`)]
    expect([few.kind === 'symbols' && few.symbols.map((symbol) => symbol.name).sort(), few.completeness]).toEqual([names, { state: 'complete' }])
  })
})
