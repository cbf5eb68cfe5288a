import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LspError } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { isInside, nearestRoot, resolveWorkspaceFile, resolveWorkspaceRoot } from './paths.js'

function codeOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (LspError.isInstance(error)) return error.code
    throw error
  }
  return 'no error'
}

describe('workspace paths', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'agent-lsp-paths-')))
  const root = join(base, 'ws')
  mkdirSync(join(root, 'pkg', 'a', 'src'), { recursive: true })
  writeFileSync(join(root, 'pkg', 'a', 'package.json'), '{}')
  writeFileSync(join(root, 'pkg', 'a', 'src', 'x.ts'), '')
  writeFileSync(join(base, 'secret.ts'), '')
  symlinkSync(join(base, 'secret.ts'), join(root, 'escape.ts'))
  symlinkSync(root, join(base, 'link'))

  it('resolves the root through symlinks', () => {
    expect(resolveWorkspaceRoot(join(base, 'link'))).toBe(root)
    expect(codeOf(() => resolveWorkspaceRoot(join(base, 'missing')))).toBe('LSP_FILE_NOT_FOUND')
  })

  it('accepts files inside, by relative or absolute path, also through a symlinked root', () => {
    expect(resolveWorkspaceFile('pkg/a/src/x.ts', root, root)).toBe(join(root, 'pkg/a/src/x.ts'))
    expect(resolveWorkspaceFile(join(base, 'link/pkg/a/src/x.ts'), join(base, 'link'), root)).toBe(join(root, 'pkg/a/src/x.ts'))
  })

  it('refuses what is outside, missing or not a file', () => {
    expect(codeOf(() => resolveWorkspaceFile('../secret.ts', root, root))).toBe('LSP_OUTSIDE_WORKSPACE')
    expect(codeOf(() => resolveWorkspaceFile(join(base, 'secret.ts'), root, root))).toBe('LSP_OUTSIDE_WORKSPACE')
    expect(codeOf(() => resolveWorkspaceFile('escape.ts', root, root))).toBe('LSP_OUTSIDE_WORKSPACE')
    expect(codeOf(() => resolveWorkspaceFile('nope.ts', root, root))).toBe('LSP_FILE_NOT_FOUND')
    expect(codeOf(() => resolveWorkspaceFile('pkg', root, root))).toBe('LSP_FILE_NOT_FOUND')
  })

  it('tells inside from outside without being fooled by a "..name" directory', () => {
    expect(isInside('/w/..cache/x', '/w')).toBe(true)
    expect(isInside('/w', '/w')).toBe(true)
    expect(isInside('/wx/a', '/w')).toBe(false)
    expect(isInside('/a', '/w')).toBe(false)
  })

  it('finds the nearest root marker inside the workspace', () => {
    expect(nearestRoot(join(root, 'pkg/a/src/x.ts'), root, ['package.json'])).toBe(join(root, 'pkg/a'))
    expect(nearestRoot(join(root, 'pkg/a/src/x.ts'), root, ['pyproject.toml'])).toBe(root)
    expect(nearestRoot(join(root, 'pkg/a/src/x.ts'), root, [])).toBe(root)
  })
})
