import { spawn } from 'node:child_process'
import { LspError } from '@agent-lsp/lsp'

/**
 * Run ripgrep (`rg`, an executable path) with `args` for the word `name`, its output handed over
 * as it comes (`stop()` kills it: past a limit); settles with its exit code once it has closed
 * (`null` when killed).
 * @throws LspError `LSP_SERVER_NOT_FOUND` when it cannot run, `LSP_CANCELLED` when `signal`
 *   aborts (the process is killed).
 */
export function runRipgrep(
  rg: string,
  args: readonly string[],
  name: string,
  signal: AbortSignal | undefined,
  onStdout: (chunk: string, stop: () => void) => void,
  onStderr: (chunk: string) => void,
): Promise<number | null> {
  return new Promise<number | null>((resolve, reject) => {
    const child = spawn(rg, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    const stop = (): void => void child.kill('SIGKILL')
    const onAbort = (): void => {
      stop()
      reject(new LspError('LSP_CANCELLED', `the search for ${name} was cancelled`))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => onStdout(chunk, stop))
    child.stderr.setEncoding('utf8').on('data', onStderr)
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort)
      reject(new LspError('LSP_SERVER_NOT_FOUND', `ripgrep could not run (${rg}): ${error.message}`, { cause: error }))
    })
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort)
      resolve(code)
    })
  })
}
