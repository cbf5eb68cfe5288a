import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PublishedDiagnostics } from './published-diagnostics.js'
import { CHANGED_FILES_QUIET_MS, UNVERSIONED_QUIET_MS } from './settle.js'

const use = 'file:///w/use.go'
const lib = 'file:///w/lib.go'
const other = 'file:///w/other.go'
const diagnostic = (message: string) => [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message }]
const publish = (diagnostics: PublishedDiagnostics, uri: string, version: number | undefined, message?: string) =>
  diagnostics.onPublish({ uri, ...(version === undefined ? {} : { version }), diagnostics: message === undefined ? [] : diagnostic(message) })
/** What `settled` would answer now. */
const now = async (diagnostics: PublishedDiagnostics, uri = use) => {
  const settled = diagnostics.peek(uri)
  return { final: settled.final, messages: (settled.diagnostics as { message: string }[] | undefined)?.map((d) => d.message) }
}

// Quiet periods are real time: the clock is faked, so each step is exact and nothing sleeps.
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('after-last-change (the default)', () => {
  it('does not take a publication from before a dependency changed on disk', async () => {
    const diagnostics = new PublishedDiagnostics()
    diagnostics.onSent(use, 1)
    publish(diagnostics, use, 1)
    expect(await now(diagnostics)).toEqual({ final: true, messages: [] })
    // pyright re-publishes the dependent with its old version once it has checked it again.
    diagnostics.onWatchedChanges([{ uri: lib, type: 2 }])
    expect(await now(diagnostics)).toEqual({ final: false, messages: [] })
    publish(diagnostics, use, 1, 'broken')
    expect(await now(diagnostics)).toEqual({ final: true, messages: ['broken'] })
  })

  it('counts any document opened, changed or closed, and a configuration change, as a change', async () => {
    const diagnostics = new PublishedDiagnostics()
    diagnostics.onSent(use, 1)
    publish(diagnostics, use, 1)
    for (const change of [() => diagnostics.onSent(other, 2), () => diagnostics.forget(other), () => diagnostics.onConfigurationChange()]) {
      change()
      expect(await now(diagnostics)).toEqual({ final: false, messages: [] })
      publish(diagnostics, use, 1)
      expect(await now(diagnostics)).toEqual({ final: true, messages: [] })
    }
  })

  it('takes an unversioned publication once the server has been silent about the file for a second', async () => {
    const diagnostics = new PublishedDiagnostics()
    diagnostics.onSent(use, 1)
    const waited = diagnostics.settled(use, 60_000)
    publish(diagnostics, use, undefined) // the syntax pass
    await vi.advanceTimersByTimeAsync(300)
    publish(diagnostics, use, undefined, 'semantic') // the whole check
    await vi.advanceTimersByTimeAsync(UNVERSIONED_QUIET_MS - 1)
    expect(await now(diagnostics)).toEqual({ final: false, messages: ['semantic'] })
    await vi.advanceTimersByTimeAsync(1)
    await expect(waited).resolves.toEqual({ final: true, diagnostics: diagnostic('semantic') })
  })

  it('says whether what it knows came after the last change (the server is at work) when the bound passes', async () => {
    const diagnostics = new PublishedDiagnostics()
    diagnostics.onSent(use, 1)
    publish(diagnostics, use, undefined, 'syntax only')
    const waited = diagnostics.settled(use, 500)
    await vi.advanceTimersByTimeAsync(500)
    await expect(waited).resolves.toEqual({ final: false, diagnostics: diagnostic('syntax only'), fresh: true })
    diagnostics.onWatchedChanges([{ uri: lib, type: 2 }])
    expect(diagnostics.peek(use)).toEqual({ final: false, diagnostics: diagnostic('syntax only'), fresh: false })
  })

  it('answers what it knows, not final, when the bound passes first', async () => {
    const diagnostics = new PublishedDiagnostics()
    diagnostics.onSent(use, 1)
    const waited = diagnostics.settled(use, 10_000)
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(waited).resolves.toEqual({ final: false, diagnostics: undefined, fresh: false })
  })
})

describe('versions', () => {
  it('never takes a publication for another version, nor an unversioned one once the server sent versions', async () => {
    const diagnostics = new PublishedDiagnostics({ settle: 'own-version' })
    diagnostics.onSent(use, 1)
    publish(diagnostics, use, 1)
    diagnostics.onSent(use, 2)
    expect(await now(diagnostics)).toEqual({ final: false, messages: undefined })
    // clangd's answer to a close, arriving after the reopen: about no text of ours.
    publish(diagnostics, use, undefined)
    expect(await now(diagnostics)).toEqual({ final: false, messages: undefined })
    publish(diagnostics, use, 2, 'reopened')
    expect(await now(diagnostics)).toEqual({ final: true, messages: ['reopened'] })
  })

  it('own-version: the file’s own publication stays final whatever else changes', async () => {
    const diagnostics = new PublishedDiagnostics({ settle: 'own-version' })
    diagnostics.onSent(use, 1)
    publish(diagnostics, use, 1, 'mine')
    diagnostics.onSent(other, 2)
    diagnostics.onWatchedChanges([{ uri: lib, type: 2 }])
    expect(await now(diagnostics)).toEqual({ final: true, messages: ['mine'] })
  })
})

describe('changed-files-published (gopls)', () => {
  const gopls = () => new PublishedDiagnostics({ settle: 'changed-files-published' }, (uri) => uri.endsWith('.go'))

  it('takes a cold open’s unversioned publication (from disk, the text sent)', async () => {
    const diagnostics = gopls()
    diagnostics.onSent(use, 1)
    const waited = diagnostics.settled(use, 60_000)
    publish(diagnostics, use, undefined, 'from disk')
    await vi.advanceTimersByTimeAsync(CHANGED_FILES_QUIET_MS)
    await expect(waited).resolves.toEqual({ final: true, diagnostics: diagnostic('from disk') })
  })

  it('waits for the changed file’s publication, then takes the dependent’s latest, re-published or not', async () => {
    const diagnostics = gopls()
    diagnostics.onSent(use, 1)
    publish(diagnostics, use, 1)
    await vi.advanceTimersByTimeAsync(CHANGED_FILES_QUIET_MS)
    expect(await now(diagnostics)).toEqual({ final: true, messages: [] })

    // A change that breaks the dependent: both published in the same millisecond.
    diagnostics.onWatchedChanges([{ uri: lib, type: 2 }, { uri: 'file:///w/go.mod', type: 2 }, { uri: 'file:///w/gone.go', type: 3 }])
    expect(await now(diagnostics)).toEqual({ final: false, messages: [] })
    publish(diagnostics, use, 1, 'broken')
    expect(await now(diagnostics)).toEqual({ final: false, messages: ['broken'] })
    publish(diagnostics, lib, undefined)
    expect(await now(diagnostics)).toEqual({ final: false, messages: ['broken'] })
    // The deleted file too: gopls publishes its empty list once it has taken the deletion in.
    publish(diagnostics, 'file:///w/gone.go', undefined)
    expect(await now(diagnostics)).toEqual({ final: false, messages: ['broken'] })
    await vi.advanceTimersByTimeAsync(CHANGED_FILES_QUIET_MS)
    expect(await now(diagnostics)).toEqual({ final: true, messages: ['broken'] })

    // A change that leaves the dependent as it is: only the changed file is published.
    diagnostics.onWatchedChanges([{ uri: lib, type: 2 }])
    publish(diagnostics, lib, undefined)
    await vi.advanceTimersByTimeAsync(CHANGED_FILES_QUIET_MS)
    expect(await now(diagnostics)).toEqual({ final: true, messages: ['broken'] })
  })

  it('lets one query, not every one, wait out a change the server never publishes', async () => {
    const diagnostics = gopls()
    diagnostics.onSent(use, 1)
    publish(diagnostics, use, 1)
    diagnostics.onWatchedChanges([{ uri: lib, type: 2 }])
    const waited = diagnostics.settled(use, 10_000)
    await vi.advanceTimersByTimeAsync(10_000)
    await expect(waited).resolves.toEqual({ final: false, diagnostics: [], fresh: false })
    expect(await now(diagnostics)).toEqual({ final: true, messages: [] })
  })
})

describe('what else a server says about its diagnostics', () => {
  it('remembers a textDocument/diagnostic registration until it is unregistered', () => {
    const diagnostics = new PublishedDiagnostics()
    expect(diagnostics.pullRegistration).toBeUndefined()
    diagnostics.onPullRegistered('d1', { interFileDependencies: true, workspaceDiagnostics: false, documentSelector: null, identifier: 'Pyright' })
    expect(diagnostics.pullRegistration).toEqual({ identifier: 'Pyright' })
    diagnostics.onUnregistered('d1')
    expect(diagnostics.pullRegistration).toBeUndefined()
  })

  it('notes a log line by which the server says it checks nothing', () => {
    const diagnostics = new PublishedDiagnostics({ uncheckedLog: { pattern: 'ShellCheck(: disabling linting| linting is disabled)', says: 'not checked' } })
    diagnostics.onLogMessage('12:00:01.123 INFO BackgroundAnalysis: Completed after 1 ms.')
    expect(diagnostics.unchecked).toBe(false)
    diagnostics.onLogMessage("12:00:01.456 WARNING ShellCheck: disabling linting as no executable was found at path 'shellcheck'")
    expect(diagnostics.unchecked).toBe(true)
  })
})
