// bash-language-server reads at most 500 scripts (backgroundAnalysisMaxFiles) and for at most
// 10 s; its workspace symbols and references come from those alone. 601 scripts: the symbol of the
// 601st was "No symbols match", complete (the tenth trial; grep finds it). 450 scripts of 150 KB
// (git's) past its 10 s bound: 112-136 of them found, complete (its log says so: now read).
import { execFileSync } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'

const capped = 'bash-language-server reads at most 500 scripts (backgroundAnalysisMaxFiles) and found that many: scripts past them, if any, are not searched'

describe('bash-language-server past its bounds', () => {
  it('says its workspace symbols may miss scripts past the 500 it reads', { timeout: 120_000 }, async () => {
    const many = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`s/s${String(i).padStart(3, '0')}.sh`, `#!/bin/bash\nhelper_${i}() {\n  echo ${i}\n}\n`]))
    const seam = await seamOn({ ...many, 'zz/target.sh': '#!/bin/bash\ntarget_fn() {\n  echo target\n}\n' })
    expect(execFileSync('grep', ['-rln', '^target_fn()', '.'], { cwd: seam.root, encoding: 'utf8' })).toBe('./zz/target.sh\n')
    const symbols = await seam.ask({ operation: 'workspaceSymbol', query: 'helper_', filePath: 'zz/target.sh' })
    expect(symbols.completeness).toEqual({ state: 'partial', reason: 'unchecked', message: capped })
    // An answer from the one file asked about reaches no other: as it was.
    expect((await seam.ask({ operation: 'documentSymbol', filePath: 'zz/target.sh' })).completeness).toEqual({ state: 'complete' })
  })

  it('says nothing of the sort for a workspace under its bounds', { timeout: 120_000 }, async () => {
    const seam = await seamOn({ 'a.sh': '#!/bin/bash\nhelper_a() {\n  echo a\n}\n', 'b.sh': '#!/bin/bash\nhelper_b() {\n  echo b\n}\n' })
    const symbols = await seam.ask({ operation: 'workspaceSymbol', query: 'helper_', filePath: 'a.sh' })
    expect([seam.show(symbols, true), symbols.completeness]).toEqual([['Function helper_a a.sh:2:1', 'Function helper_b b.sh:2:1'], { state: 'complete' }])
  })

  // It watches no file and reads the workspace once: a script made after that was "No symbols
  // match", and a deleted one's function was still listed at a file that no longer exists.
  it('finds the functions of a script made after it started, and not those of one deleted', { timeout: 120_000 }, async () => {
    const seam = await seamOn({ 'lib.sh': '#!/bin/bash\ndie() {\n  echo "$*" >&2; exit 1\n}\n', 'main.sh': '#!/bin/bash\n. ./lib.sh\ndie "usage"\n' })
    const find = async () => {
      const result = await seam.ask({ operation: 'workspaceSymbol', query: 'brand_new_fn', filePath: 'main.sh' })
      return [seam.show(result, true), result.completeness]
    }
    expect(await find()).toEqual([[], { state: 'complete' }])
    await writeFile(path.join(seam.root, 'new.sh'), '#!/bin/bash\n. ./lib.sh\nbrand_new_fn() {\n  die "x"\n}\n')
    expect(await find()).toEqual([['Function brand_new_fn new.sh:3:1'], { state: 'complete' }])
    await rm(path.join(seam.root, 'new.sh'))
    expect(await find()).toEqual([[], { state: 'complete' }])
  })
})
