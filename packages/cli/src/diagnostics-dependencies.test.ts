// `diagnostics` of a file on a warm server after a file it reads (but the server does not watch)
// changed on disk: an X-macro table or body file a C source includes, a script a bash script sources
// without a `.sh` name. Each answered "No diagnostics", complete, until the host restarted (trial
// v26, repros 07 and 08). Exact seam values, shown 1-based by `seam.show`: `line:col severity code message`.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seamOn, type Seam } from './seam.test-support.js'

async function diagnosticsOf(seam: Seam, filePath: string): Promise<{ shown: string[]; completeness: unknown }> {
  const result = await seam.ask({ operation: 'diagnostics', filePath })
  return { shown: seam.show(result), completeness: result.completeness }
}

/** Write `text` to `relative` under the seam's root, as an editor or another tool would (in place). */
const write = (seam: Seam, relative: string, text: string) => writeFile(path.join(seam.root, relative), text)

const clean = { shown: [], completeness: { state: 'complete' } }

describe('a file the asked one includes or sources changed on disk, of a name the server does not watch', () => {
  it('clangd: an X-macro table (.def) and a body file (.inc) included inside the source', async () => {
    const seam = await seamOn((root) => ({
      'ops.def': 'OP(add)\nOP(sub)\n',
      'impl.inc': 'static int twice(int n) { return n * 2; }\n',
      'a.c': 'int add(void);\nint sub(void);\n#define OP(x) x,\nint (*table[])(void) = {\n#include "ops.def"\n};\n#undef OP\n#include "impl.inc"\nint use(void) { return twice(2); }\n',
      'compile_commands.json': JSON.stringify([{ directory: root, file: 'a.c', arguments: ['cc', '-c', 'a.c'] }]),
    }))
    expect(await diagnosticsOf(seam, 'a.c')).toEqual(clean)
    await write(seam, 'ops.def', 'OP(add)\nOP(sub)\nOP(mul)\n')
    expect(await diagnosticsOf(seam, 'a.c')).toEqual({ shown: ["5:10 Error undeclared_var_use In included file: use of undeclared identifier 'mul'"], completeness: { state: 'complete' } })
    await write(seam, 'impl.inc', 'static int twice(int n, int m) { return n * m; }\n')
    expect(await diagnosticsOf(seam, 'a.c')).toEqual({
      shown: ["5:10 Error undeclared_var_use In included file: use of undeclared identifier 'mul'", '9:31 Error typecheck_call_too_few_args Too few arguments to function call, expected 2, have 1'],
      completeness: { state: 'complete' },
    })
    await write(seam, 'ops.def', 'OP(add)\nOP(sub)\n')
    await write(seam, 'impl.inc', 'static int twice(int n) { return n * 2; }\n')
    expect(await diagnosticsOf(seam, 'a.c')).toEqual(clean)
  })

  it('bash-language-server: scripts sourced without a .sh name (`# shellcheck source=` directives)', async () => {
    const seam = await seamOn({
      common: 'greeting="hi"\n',
      'settings.conf': 'level=3\n',
      'main.sh': '#!/bin/bash\n# shellcheck source=common\nsource ./common\n# shellcheck source=settings.conf\nsource ./settings.conf\necho "$greeting $level"\n',
    })
    expect(await diagnosticsOf(seam, 'main.sh')).toEqual(clean)
    await write(seam, 'common', 'greet="hi"\n')
    expect(await diagnosticsOf(seam, 'main.sh')).toEqual({ shown: ['6:7 Warning SC2154 greeting is referenced but not assigned.'], completeness: { state: 'complete' } })
    await write(seam, 'settings.conf', 'lvl=3\n')
    expect(await diagnosticsOf(seam, 'main.sh')).toEqual({
      shown: ['6:7 Warning SC2154 greeting is referenced but not assigned.', '6:17 Warning SC2154 level is referenced but not assigned.'],
      completeness: { state: 'complete' },
    })
    await write(seam, 'common', 'greeting="hi"\n')
    await write(seam, 'settings.conf', 'level=3\n')
    expect(await diagnosticsOf(seam, 'main.sh')).toEqual(clean)
  })

  it('typescript-language-server: declarations rewritten in place under node_modules (prisma generate), package.json unchanged', async () => {
    const seam = await seamOn({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2020', module: 'commonjs' }, include: ['src'] }),
      'node_modules/mylib/package.json': JSON.stringify({ name: 'mylib', version: '1.0.0', types: 'index.d.ts', main: 'index.js' }),
      'node_modules/mylib/index.d.ts': 'export declare function f(n: number): number;\n',
      'node_modules/@prisma/client/package.json': JSON.stringify({ name: '@prisma/client', version: '5.0.0', types: 'index.d.ts', main: 'index.js' }),
      'node_modules/@prisma/client/index.d.ts': "export * from '.prisma/client'\n",
      'node_modules/.prisma/client/package.json': JSON.stringify({ name: '.prisma/client', types: 'index.d.ts', main: 'index.js' }),
      'node_modules/.prisma/client/index.d.ts': 'export declare type User = { id: number; name: string };\n',
      'src/c.ts': "import { f } from 'mylib'\nimport type { User } from '@prisma/client'\nexport const r: number = f(1)\nexport const u: User = { id: 1, name: 'a' }\n",
    })
    expect(await diagnosticsOf(seam, 'src/c.ts')).toEqual(clean)
    await write(seam, 'node_modules/mylib/index.d.ts', 'export declare function f(n: number, m: number): number;\n')
    await write(seam, 'node_modules/.prisma/client/index.d.ts', 'export declare type User = { id: string; name: string; email: string };\n')
    expect(await diagnosticsOf(seam, 'src/c.ts')).toEqual({
      shown: ['3:26 Error 2554 Expected 2 arguments, but got 1.', "4:26 Error 2322 Type 'number' is not assignable to type 'string'."],
      completeness: { state: 'complete' },
    })
    await write(seam, 'node_modules/mylib/index.d.ts', 'export declare function f(n: number): number;\n')
    await write(seam, 'node_modules/.prisma/client/index.d.ts', 'export declare type User = { id: number; name: string };\n')
    expect(await diagnosticsOf(seam, 'src/c.ts')).toEqual(clean)
  })

  it('bash-language-server: past the 64 files followed, the sourced files not checked are counted in a partial answer', async () => {
    // 70 sourced settings: the first 64 are checked for a change, the 6 past the bound are said.
    const files: Record<string, string> = Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`s${i}.conf`, `v${i}=${i}\n`]))
    const sources = Array.from({ length: 70 }, (_, i) => `# shellcheck source=s${i}.conf\nsource ./s${i}.conf\n`).join('')
    const seam = await seamOn({ ...files, 'main.sh': `#!/bin/bash\n${sources}echo "$v0 $v69"\n` })
    const bounded = {
      shown: [],
      completeness: { state: 'partial', reason: 'unchecked', message: 'main.sh and the files it includes or sources name more than 64 files: 6 more were not checked for a change since the server read them (a change there may be missing)' },
    }
    // Already the first answer: the files are looked at once the document was sent.
    expect(await diagnosticsOf(seam, 'main.sh')).toEqual(bounded)
    expect(await diagnosticsOf(seam, 'main.sh')).toEqual(bounded)
    await write(seam, 's0.conf', 'w0=0\n')
    expect(await diagnosticsOf(seam, 'main.sh')).toEqual({ shown: ['142:7 Warning SC2154 v0 is referenced but not assigned.'], completeness: { state: 'complete' } })
  })
})
