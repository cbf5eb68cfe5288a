import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { goLinkedFolders } from './go-linked-folders.js'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

function project(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-go-linked-')))
  roots.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

describe('goLinkedFolders', () => {
  it("reads a go.mod's replace directives with a local path, single-line and in a block, and leaves versioned ones", () => {
    const root = project({
      'app/go.mod': [
        'module example.com/app',
        'replace example.com/sys => ../sys // sibling',
        'replace (',
        '\texample.com/term v1.0.0 => "../term"',
        '\texample.com/net => example.com/fork v1.2.3',
        '\t// example.com/old => ../old',
        '\texample.com/abs => /opt/abs',
        ')',
        'replacements are not a directive',
      ].join('\n'),
    })
    expect(goLinkedFolders(join(root, 'app'))).toEqual({
      folders: [join(root, 'sys'), join(root, 'term'), '/opt/abs'],
      namedBy: [join(root, 'app/go.work'), join(root, 'app/go.mod')],
    })
  })

  it("reads a go.work's use directives, its replace directives, and those of each module it uses", () => {
    const root = project({
      'ws/go.work': 'go 1.19\n\nuse (\n\t.\n\t./a\n\t../outside\n)\nuse ./b\n\nreplace example.com/x => ../x\n',
      'ws/a/go.mod': 'module example.com/a\n\nreplace example.com/y => ../../y\n',
      'ws/b/go.mod': 'module example.com/b\n',
    })
    expect(goLinkedFolders(join(root, 'ws'))).toEqual({
      folders: [join(root, 'x'), join(root, 'ws/a'), join(root, 'y'), join(root, 'outside'), join(root, 'ws/b')],
      namedBy: ['go.work', 'go.mod', 'a/go.mod', '../outside/go.mod', 'b/go.mod'].map((path) => join(root, 'ws', path)),
    })
  })
})
