import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { findProjects, firstFileWith, nearestMarkedDirectory, projectAwareRoot, workspaceServerRoot } from './projects.js'

function tree(files: string[]): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-projects-')))
  onTestFinished(() => rmSync(root, { recursive: true, force: true }))
  for (const file of files) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), '')
  }
  return root
}

const markers = ['tsconfig.json', 'jsconfig.json']
const extensions = new Set(['.ts', '.tsx', '.js'])

describe('projects', () => {
  it('finds each project with a source file of its own, skipping dependencies and build output', () => {
    const root = tree([
      'tsconfig.json',
      'src/index.ts',
      'packages/a/tsconfig.json',
      'packages/a/src/types.d.ts',
      'packages/a/src/a.ts',
      'packages/b/jsconfig.json',
      'packages/b/lib/b.js',
      'packages/c/tsconfig.json',
      'packages/c/README.md',
      'node_modules/dep/tsconfig.json',
      'node_modules/dep/index.ts',
      'dist/tsconfig.json',
      'dist/x.ts',
    ])
    expect(findProjects(root, markers, extensions).map((p) => [p.directory.slice(root.length), p.file.slice(root.length)])).toEqual([
      ['', '/src/index.ts'],
      ['/packages/a', '/packages/a/src/a.ts'],
      ['/packages/b', '/packages/b/lib/b.js'],
    ])
  })

  it('does not pick a nested project\'s file for its parent', () => {
    const root = tree(['tsconfig.json', 'inner/tsconfig.json', 'inner/x.ts'])
    expect(findProjects(root, markers, extensions).map((p) => p.file.slice(root.length))).toEqual(['/inner/x.ts'])
  })

  it('roots the server at the project above the workspace only when none lies inside', () => {
    const root = tree(['tsconfig.json', 'src/shapes/area.ts', 'pkg/tsconfig.json', 'pkg/src/x.ts'])
    expect(projectAwareRoot(join(root, 'src/shapes/area.ts'), join(root, 'src/shapes'), markers)).toBe(root)
    expect(projectAwareRoot(join(root, 'pkg/src/x.ts'), join(root, 'pkg'), markers)).toBe(join(root, 'pkg'))
    expect(projectAwareRoot(join(root, 'src/shapes/area.ts'), join(root, 'src/shapes'), [])).toBe(join(root, 'src/shapes'))
    expect(nearestMarkedDirectory(join(root, 'pkg/src/x.ts'), markers)).toBe(join(root, 'pkg'))
  })

  it('roots a question without a file at the project above the workspace when none is in it or two levels down', () => {
    const root = tree(['tsconfig.json', 'src/shapes/area.ts', 'src/pkgs/a/tsconfig.json', 'src/pkgs/a/x.ts', 'lib/b/c/d/tsconfig.json', 'lib/b/c/d/y.ts'])
    expect(workspaceServerRoot(join(root, 'src/shapes'), markers)).toBe(root)
    expect(workspaceServerRoot(join(root, 'src'), markers)).toBe(join(root, 'src'))
    expect(workspaceServerRoot(root, markers)).toBe(root)
    expect(workspaceServerRoot(join(root, 'lib'), markers)).toBe(root)
    expect(workspaceServerRoot(join(root, 'src/shapes'), [])).toBe(join(root, 'src/shapes'))
  })
})

describe('projects and first files, with symlinks and dot folders', () => {
  it('follows no symlinked directory: src/loop -> .. is not a second project', () => {
    const root = tree(['tsconfig.json', 'src/a.ts', 'src/b.ts'])
    symlinkSync('..', join(root, 'src/loop'))
    expect(findProjects(root, markers, extensions).map((p) => [p.directory.slice(root.length), p.file.slice(root.length)])).toEqual([['', '/src/a.ts']])
  })

  it('finds a first file under a dot folder or a symlinked folder (as tsc follows it), never under a dependency folder or as a link to a file', () => {
    const python = new Set(['.py', '.pyi'])
    const dotted = tree(['.claude/lib/x.py', '.venv/lib/site.py'])
    expect(firstFileWith(dotted, python)).toBe(join(dotted, '.claude/lib/x.py'))
    expect(firstFileWith(tree(['.venv/lib/site.py', 'node_modules/p/x.py', '.git/x.py', 'env/pyvenv.cfg', 'env/lib/y.py', 'README.md']), python)).toBeUndefined()
    const linked = tree(['README.md'])
    const outside = tree(['secret.py'])
    symlinkSync(outside, join(linked, 'link'))
    symlinkSync(join(outside, 'secret.py'), join(linked, 'file.py'))
    expect(firstFileWith(linked, python)).toBe(join(linked, 'link/secret.py'))
    const fileLinked = tree(['README.md'])
    symlinkSync(join(outside, 'secret.py'), join(fileLinked, 'file.py'))
    expect(firstFileWith(fileLinked, python)).toBeUndefined()
  })
})
