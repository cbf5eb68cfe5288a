// overlayDiagnostics over many files on one signal (a rename's error counts before and after, in
// every file it edits): each file's wait for its diagnostics hung an abort listener on that signal,
// and past 10 Node printed MaxListenersExceededWarning into the host's log (nettle's examples, a
// rename in 11 files). Each file now waits on a signal of its own.
import { describe, expect, it, onTestFinished } from 'vitest'
import { fakeProvider, workspace } from '../fake.test-support.js'

describe('overlayDiagnostics of many files', () => {
  it('hangs no more than one listener per file on the caller’s signal, and no warning is emitted', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `f${index}.ts`)
    const root = workspace(Object.fromEntries([['a.ts', 'const a = 1\n'], ...names.map((name) => [name, `export const ${name.slice(0, -3)} = 1\n`])]))
    // The fake publishes nothing: each file waits out the diagnostics bound, all at once.
    const fake = fakeProvider(root, {}, { diagnosticsTimeoutMs: 300 })
    const warnings: string[] = []
    const onWarning = (warning: Error): void => void warnings.push(`${warning.name}: ${warning.message}`)
    process.on('warning', onWarning)
    onTestFinished(() => void process.off('warning', onWarning))
    const signal = new AbortController().signal
    const result = await fake.provider.query({ operation: 'overlayDiagnostics', filePath: 'a.ts', overlays: [{ filePath: 'a.ts', text: 'const a = 2\n' }], files: names, workspaceRoot: root, languageId: 'typescript' }, signal)
    await new Promise((resolve) => setImmediate(resolve))
    expect(result.kind === 'overlayDiagnostics' && result.files.length).toBe(12)
    expect(warnings).toEqual([])
  })
})
