// A C header that does not compile alone (it uses a macro its includers define first, as an
// autotools project's config.h pattern does): clangd, once the header is open, knows nothing at its
// prototype, and goToDefinition at the body leads to that prototype. Found on nettle's examples
// (io.h's werror): a references answer from the header listed 1 of 56 places, complete, and a rename
// from the body left the prototype as it was, "Verified".
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const files = (root: string) => ({
  'config.h': '#define PRINTF_STYLE(f, a) __attribute__((__format__ (__printf__, f, a)))\n',
  'io.h': 'void\nwerror(const char *format, ...) PRINTF_STYLE(1, 2);\n',
  'io.c': '#include "config.h"\n#include "io.h"\n\nvoid\nwerror(const char *format, ...)\n{\n  (void) format;\n}\n',
  'use.c': '#include "config.h"\n#include "io.h"\n\nint main(void)\n{\n  werror("a");\n  werror("b");\n  return 0;\n}\n',
  'compile_commands.json': JSON.stringify(['io.c', 'use.c'].map((file) => ({ directory: root, file, arguments: ['cc', '-c', '-I.', file] }))),
})

const missed = '  (missed by the server; found by the cross-check)'

describe('cross-check: a C function declared in a header that does not compile alone', () => {
  it('lists the prototype and every call, from the body and from the header, once the header is open; a rename missing the prototype is refused', async () => {
    const root = await tempWorkspace({})
    for (const [name, text] of Object.entries(files(root))) await writeFile(path.join(root, name), text)
    const { ask, tool } = toolOn(root)
    const fromBody = (mark: string) =>
      ['4 references to werror in 3 files', 'io.c:5:1  werror(const char *format, ...)', `io.h:2:1  werror(const char *format, ...) PRINTF_STYLE(1, 2);${mark}`, 'use.c', '6:3  werror("a");', '7:3  werror("b");'].join('\n')
    expect(await ask('findReferences', 'io.c:5:1')).toBe(fromBody(''))
    // Open now, the header is parsed alone, without config.h's macro: clangd drops the prototype.
    expect(await tool.execute({ operation: 'diagnostics', filePath: 'io.h' })).toBe('io.h: 1 error\nio.h:2:33  error  expected_fn_body  Expected function body after function declarator')
    expect(await ask('findReferences', 'io.c:5:1')).toBe(fromBody(missed))
    expect(await ask('findReferences', 'io.h:2:1')).toBe(
      ['4 references to werror in 3 files', `io.c:5:1  werror(const char *format, ...)${missed}`, `io.h:2:1  werror(const char *format, ...) PRINTF_STYLE(1, 2);${missed}`, 'use.c', `6:3  werror("a");${missed}`, `7:3  werror("b");${missed}`].join('\n'),
    )
    const rename = { operation: 'rename', filePath: 'io.c', line: 5, character: 1, newName: 'warn_err' } as const
    expect((await tool.execute(rename)).split('\n').slice(0, 7)).toEqual([
      // Without the prototype renamed, use.c's calls would name no declaration of warn_err.
      'Warning: if applied, 2 of the 3 references of werror would not be references of warn_err:',
      '  use.c:6:3  warn_err("a");',
      '  use.c:7:3  warn_err("b");',
      'Preview: rename werror → warn_err: 3 edits in 2 files; nothing written. The same call with apply: true writes it.',
      'Errors 1 → 1 if applied (in the 3 checked files).',
      'The rename misses 1 reference of werror:',
      'io.h:2:1  werror(const char *format, ...) PRINTF_STYLE(1, 2);',
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toThrow(
      'rename werror → warn_err was not applied: it leaves 1 reference of werror as it is; nothing was written. Rename those by hand, or apply with force: true to write it anyway',
    )
    expect(await readFile(path.join(root, 'use.c'), 'utf8')).toBe(files(root)['use.c'])
  })
})
