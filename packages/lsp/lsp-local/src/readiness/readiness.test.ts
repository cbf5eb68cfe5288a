import { describe, expect, it } from 'vitest'
import { Readiness } from './readiness.js'

describe('Readiness', () => {
  it('is busy between a progress begin and its end', async () => {
    const readiness = new Readiness()
    expect(readiness.ready).toBe(true)
    readiness.onProgress({ token: 't', value: { kind: 'begin', title: 'Indexing' } })
    readiness.onProgress({ token: 'u', value: { kind: 'begin', title: 'Loading' } })
    expect(readiness.pending).toEqual(['Indexing', 'Loading'])
    const waited = readiness.whenReady(60_000)
    readiness.onProgress({ token: 't', value: { kind: 'report', message: '50%' } })
    readiness.onProgress({ token: 't', value: { kind: 'end' } })
    expect(readiness.ready).toBe(false)
    readiness.onProgress({ token: 'u', value: { kind: 'end' } })
    await expect(waited).resolves.toBe(true)
  })

  it('is not busy with progress whose title says it is background work', () => {
    const readiness = new Readiness(undefined, 'logMessage', '^$')
    readiness.onCreate('analysis')
    expect(readiness.ready).toBe(false) // created: work, until its begin says what kind
    readiness.onProgress({ token: 'analysis', value: { kind: 'begin', title: '' } })
    readiness.onProgress({ token: 'analysis', value: { kind: 'report', message: '1 file to analyze' } })
    expect(readiness.ready).toBe(true)
    readiness.onProgress({ token: 'refs', value: { kind: 'begin', title: 'Finding references' } })
    expect(readiness.pending).toEqual(['Finding references'])
    const without = new Readiness()
    without.onProgress({ token: 'analysis', value: { kind: 'begin', title: '' } })
    expect(without.ready).toBe(false)
  })

  it('is not busy with progress that reports a lasting failure, and says it until that progress ends', () => {
    const readiness = new Readiness(undefined, 'logMessage', undefined, '^Error loading workspace$')
    readiness.onCreate('failure')
    readiness.onProgress({ token: 'failure', value: { kind: 'begin', title: 'Error loading workspace', message: 'outside of a module' } })
    expect([readiness.ready, readiness.failing]).toEqual([true, ['"Error loading workspace": outside of a module']])
    readiness.onProgress({ token: 'failure', value: { kind: 'end' } })
    expect([readiness.ready, readiness.failing]).toEqual([true, []])
  })

  it('waits for background work while a failure is shown: the server may end the failure there', () => {
    const readiness = new Readiness(undefined, 'logMessage', '^diagnosing (?!initial workspace load$)', '^Error loading workspace$')
    readiness.onProgress({ token: 'failure', value: { kind: 'begin', title: 'Error loading workspace', message: 'missing go.sum entry' } })
    readiness.onProgress({ token: 'recheck', value: { kind: 'begin', title: 'diagnosing files changed on disk' } })
    expect([readiness.ready, readiness.pending]).toEqual([false, ['diagnosing files changed on disk']])
    readiness.onProgress({ token: 'failure', value: { kind: 'end' } })
    readiness.onProgress({ token: 'recheck', value: { kind: 'end' } })
    expect([readiness.ready, readiness.failing]).toEqual([true, []])
    // No failure shown: background work is not waited for.
    readiness.onProgress({ token: 'later', value: { kind: 'begin', title: 'diagnosing changed files' } })
    expect(readiness.ready).toBe(true)
  })

  it('waits for the ready log line when the server has one', async () => {
    const readiness = new Readiness('^Found \\d+ source files?')
    expect(readiness.pending).toEqual(['loading the workspace'])
    const waited = readiness.whenReady(60_000)
    readiness.onLogMessage('Assuming Python version 3.11')
    expect(readiness.ready).toBe(false)
    readiness.onLogMessage('Found 4 source files')
    await expect(waited).resolves.toBe(true)
  })

  it('reads the ready line from stderr only when told to, across chunks that split it', () => {
    const fromStderr = new Readiness('loaded project', 'stderr')
    fromStderr.onStderr('I parse m.c\nI loaded pro')
    expect(fromStderr.ready).toBe(false)
    fromStderr.onStderr(Buffer.from('ject. Refresh\n'))
    expect(fromStderr.ready).toBe(true)
    // Logged once, at startup: a reload of the workspace does not wait for it again.
    fromStderr.reloading()
    expect(fromStderr.ready).toBe(true)
    const fromLog = new Readiness('loaded project')
    fromLog.onStderr('I loaded project.\n')
    expect(fromLog.pending).toEqual(['loading the workspace'])
  })

  it('answers false when the bound passes first, and rejects on abort', async () => {
    const readiness = new Readiness()
    readiness.onProgress({ token: 1, value: { kind: 'begin', title: 'Indexing' } })
    await expect(readiness.whenReady(1)).resolves.toBe(false)
    const controller = new AbortController()
    const waited = readiness.whenReady(60_000, controller.signal)
    controller.abort(new Error('stop'))
    await expect(waited).rejects.toThrow('stop')
  })

  it('is busy with expected work until it begins, then until it ends', async () => {
    const readiness = new Readiness()
    readiness.expect(/^indexing$/, 'indexing /p/compile_commands.json', 60_000)
    expect([readiness.ready, readiness.pending]).toEqual([false, ['indexing /p/compile_commands.json']])
    const waited = readiness.whenReady(60_000)
    readiness.onCreate('backgroundIndexProgress')
    readiness.onProgress({ token: 'other', value: { kind: 'begin', title: 'Building preamble' } })
    readiness.onProgress({ token: 'other', value: { kind: 'end' } })
    expect(readiness.pending).toEqual(['starting work', 'indexing /p/compile_commands.json'])
    readiness.onProgress({ token: 'backgroundIndexProgress', value: { kind: 'begin', title: 'indexing' } })
    expect(readiness.pending).toEqual(['indexing'])
    readiness.onProgress({ token: 'backgroundIndexProgress', value: { kind: 'end' } })
    await expect(waited).resolves.toBe(true)
    expect(readiness.overdue).toBeUndefined()
  })

  it('stops waiting for expected work past its bound and says it is overdue until it begins', async () => {
    const readiness = new Readiness()
    readiness.expect(/^indexing$/, 'indexing /p/compile_commands.json', 20)
    await expect(readiness.whenReady(60_000)).resolves.toBe(true)
    expect(readiness.overdue).toBe('indexing /p/compile_commands.json')
    readiness.onProgress({ token: 'i', value: { kind: 'begin', title: 'indexing' } })
    expect([readiness.overdue, readiness.pending]).toEqual([undefined, ['indexing']])
  })

  it('says what the log said its search left out, until a new search begins', () => {
    const readiness = new Readiness()
    readiness.noteIncompleteFrom({ notes: [{ pattern: 'stopped after \\d+ms', says: 'scripts past 10 s are not searched' }], reset: 'resolving glob' })
    readiness.onLogMessage('BackgroundAnalysis: resolving glob "**/*" inside "/w"...')
    readiness.onLogMessage('BackgroundAnalysis: stopped after 10000ms; workspace symbols may be incomplete.')
    expect([readiness.ready, readiness.incomplete]).toEqual([true, ['scripts past 10 s are not searched']])
    readiness.onLogMessage('BackgroundAnalysis: resolving glob "**/*" inside "/w"...')
    expect(readiness.incomplete).toEqual([])
  })
})
