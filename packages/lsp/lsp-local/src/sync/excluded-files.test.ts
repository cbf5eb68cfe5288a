import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { filesUnderExcludedFolders } from './excluded-files.js'

function tree(files: string[]): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-excluded-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), '')
  }
  return root
}

const python = new Set(['.py', '.pyi'])

describe('files under folders a server leaves out', () => {
  it('counts the files of its languages below dot folders, the nearest first, dependencies and links aside', () => {
    const root = tree([
      'app/a.py',
      'app/.hidden/h.py',
      '.claude/lib/x.py',
      '.claude/lib/y.pyi',
      '.claude/lib/README.md',
      '.tools/gen.py',
      '.venv/lib/python3.11/site-packages/dep.py',
      '.git/hooks/x.py',
      '.mypy_cache/x.py',
      'node_modules/p/.x/y.py',
    ])
    symlinkSync(join(root, '.claude'), join(root, 'app/.linked'))
    expect(filesUnderExcludedFolders(root, /^\./, python)).toEqual({ count: 4, first: '.tools/gen.py' })
    expect(filesUnderExcludedFolders(join(root, 'app'), /^\./, python)).toEqual({ count: 1, first: '.hidden/h.py' })
    expect(filesUnderExcludedFolders(tree(['a.py', '.venv/x.py']), /^\./, python)).toEqual({ count: 0, first: undefined })
  })
})
