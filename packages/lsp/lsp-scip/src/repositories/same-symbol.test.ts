import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { sameModule } from './same-symbol.js'

const made: string[] = []
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))))

describe('sameModule', () => {
  const none = '/nonexistent-root'
  const same = (compiled: string, source: string) => sameModule({ file: compiled, root: none }, { file: source, root: none }, 'lib')
  it('without a declaration map: the same path below the top folder or two, the extension left out', () => {
    expect([same('dist/index.d.ts', 'src/index.ts'), same('dist/esm/a/b.d.ts', 'src/a/b.tsx'), same('lib/a/b.d.mts', 'src/a/b.mts'), same('a/b.d.ts', 'a/b.ts'), same('dist/b.d.ts', 'b.ts')]).toEqual([true, true, true, true, true])
    expect([same('dist/index.d.ts', 'src/util/index.ts'), same('dist/a.d.ts', 'src/b.ts'), same('src/a.ts', 'src/a.ts'), same('dist/a.d.ts', 'dist/a.d.ts')]).toEqual([false, false, false, false])
  })
  it("with one (installed beside the declaration file under the compiled side's node_modules): its first source only", async () => {
    const root = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-maps-')))
    made.push(root)
    await mkdir(join(root, 'node_modules/@acme/lib/dist'), { recursive: true })
    await writeFile(join(root, 'node_modules/@acme/lib/dist/index.d.ts.map'), '{"version":3,"sources":["../src/main/entry.ts"],"mappings":""}')
    const compiled = { file: 'dist/index.d.ts', root }
    expect([sameModule(compiled, { file: 'src/main/entry.ts', root: none }, '@acme/lib'), sameModule({ file: 'src/index.ts', root: none }, compiled, '@acme/lib')]).toEqual([true, false])
  })
})
