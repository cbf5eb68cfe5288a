// rust-analyzer is in the default servers but cannot be installed on these machines: what a query
// on a Cargo workspace says without it, through ctx.lsp with the catalogue's own entry.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { seamOn } from './seam.test-support.js'

const crate = {
  'Cargo.toml': '[package]\nname = "shop"\nversion = "0.1.0"\nedition = "2021"\n',
  'src/main.rs': 'fn main() {\n    println!("{}", add(1, 2));\n}\n\nfn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n',
}
const definitionOfAdd = { operation: 'goToDefinition', filePath: 'src/main.rs', position: { line: 1, character: 19 } } as const

const notInstalled = {
  code: 'LSP_SERVER_NOT_FOUND',
  message: 'language server "rust" is not installed: command "rust-analyzer" was not found (install: rustup component add rust-analyzer)',
}

/**
 * What `rust-analyzer` on this PATH is: `missing`; `stub` — rustup's proxy, installed with every
 * toolchain, which exits 1 with "Unknown binary 'rust-analyzer'" until the component is added; or
 * `server`, a real one.
 */
function probe(): { kind: 'missing' } | { kind: 'stub'; status: number; firstLine: string } | { kind: 'server' } {
  const run = spawnSync('rust-analyzer', ['--version'], { encoding: 'utf8', timeout: 10_000 })
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') return { kind: 'missing' }
  if (run.status === 0) return { kind: 'server' }
  const lines = run.stderr.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '')
  return { kind: 'stub', status: run.status ?? -1, firstLine: lines[0] ?? '' }
}

describe('rust-analyzer', () => {
  it('says it is not installed, naming the command and how to install it', async () => {
    // The host's PATH, minus any directory holding a rust-analyzer (rustup's stub, or a real one),
    // is what a machine without it has; the server is spawned with the host's environment.
    const searched = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => dir !== '' && !existsSync(path.join(dir, 'rust-analyzer')))
    vi.stubEnv('PATH', searched.join(path.delimiter))
    onTestFinished(() => void vi.unstubAllEnvs())
    const { ask } = await seamOn(crate)
    await expect(ask(definitionOfAdd)).rejects.toMatchObject(notInstalled)
  })

  const found = probe()
  // A real rust-analyzer is not available here to write exact expectations against.
  it.skipIf(found.kind === 'server')(`on this machine's PATH (${found.kind}) fails the same way, or as a start failure quoting rustup`, async () => {
    const { ask } = await seamOn(crate)
    const failure = ask(definitionOfAdd)
    if (found.kind === 'missing') return await expect(failure).rejects.toMatchObject(notInstalled)
    if (found.kind !== 'stub') throw new Error('unreachable')
    // The stub starts, so the host reports a start failure quoting the first line of its stderr
    // (the cause; a backtrace may follow under RUST_BACKTRACE=1) and how to install the server.
    const error = await failure.then(
      () => expect.unreachable('a stub cannot answer'),
      (reason: unknown) => reason as { code: string; message: string },
    )
    expect(error.code).toBe('LSP_SERVER_START_FAILED')
    expect(error.message.startsWith(`language server "rust" exited during initialize, with code ${found.status}; stderr: ${found.firstLine.slice(0, 100)}`)).toBe(true)
    expect(error.message.endsWith(' (is it installed? rustup component add rust-analyzer)')).toBe(true)
  })
})
