// A workspace whose sources are a symlinked folder (`src -> /elsewhere/src`: a shared checkout, a
// deploy-style `current` link): tsc follows it, so the workspace-wide answers do too. Real servers
// through ctx.lsp; exact seam values, shown 1-based by `seam.show`.
import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { seamOn } from './seam.test-support.js'

const require = createRequire(import.meta.url)
const tsconfig = JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2020' }, include: ['src'] })

/** What `tsc -p .` (the bundled TypeScript) prints in `cwd`. */
function tsc(cwd: string): string {
  try {
    return execFileSync(process.execPath, [path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc'), '-p', '.'], { cwd, encoding: 'utf8', stdio: 'pipe' })
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '')
  }
}

describe('sources behind a symlinked folder', () => {
  it('are checked by workspaceDiagnostics and searched by workspaceSymbol, a loop in them entered once', async () => {
    // The sixteenth trial: "No diagnostics in the workspace (from json diagnostics of its one
    // file)", complete, and no symbol isServer, while tsc -p . reported the linked file's error. The
    // walk that finds which servers a workspace needs followed no symlink: no .ts file, no tsserver.
    const elsewhere = await realpath(await mkdtemp(path.join(os.tmpdir(), 'agent-lsp-linked-')))
    onTestFinished(() => rm(elsewhere, { recursive: true, force: true }))
    await mkdir(path.join(elsewhere, 'src'))
    await writeFile(path.join(elsewhere, 'src/utils.ts'), 'export const isServer = typeof window === "undefined"\n')
    await writeFile(path.join(elsewhere, 'src/removable.ts'), 'import { isServer } from "./utils"\n\nexport const gcTime: number = isServer ? Infinit0 : 5\n')
    await symlink('.', path.join(elsewhere, 'src/again')) // a loop: src/again/again/... is src
    const seam = await seamOn({ 'tsconfig.json': tsconfig })
    await symlink(path.join(elsewhere, 'src'), path.join(seam.root, 'src'))
    expect(tsc(seam.root)).toBe("src/removable.ts(3,42): error TS2552: Cannot find name 'Infinit0'. Did you mean 'Infinity'?\n")

    const diagnostics = await seam.ask({ operation: 'workspaceDiagnostics', filePath: null })
    expect({ shown: seam.show(diagnostics), completeness: diagnostics.completeness }).toEqual({
      shown: ["src/removable.ts:3:42 Error tsc 2552 Cannot find name 'Infinit0'. Did you mean 'Infinity'?"],
      completeness: { state: 'complete' },
    })
    const symbols = await seam.ask({ operation: 'workspaceSymbol', filePath: null, query: 'isServer' })
    expect({ shown: seam.show(symbols, true), completeness: symbols.completeness }).toEqual({ shown: ['Constant isServer src/utils.ts:1:14'], completeness: { state: 'complete' } })
  })
})
