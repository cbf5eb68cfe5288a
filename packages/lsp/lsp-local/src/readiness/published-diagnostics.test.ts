import { describe, expect, it } from 'vitest'
import { PublishedDiagnostics } from './published-diagnostics.js'

const uri = 'file:///w/a.ts'
const publish = (diagnostics: PublishedDiagnostics, version: number | undefined, message: string) =>
  diagnostics.onPublish({ uri, ...(version === undefined ? {} : { version }), diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, message }] })
const messages = (value: unknown) => (value as { message: string }[] | undefined)?.map((diagnostic) => diagnostic.message)

describe('published diagnostics', () => {
  it('keeps only what is published about open documents, and forgets a closed one', async () => {
    const diagnostics = new PublishedDiagnostics()
    publish(diagnostics, 1, 'before it was opened')
    diagnostics.onSent(uri, 1)
    expect(messages(await diagnostics.current(uri, 0))).toBeUndefined()
    publish(diagnostics, 1, 'current')
    expect(messages(await diagnostics.current(uri, 0))).toEqual(['current'])
    diagnostics.forget(uri)
    publish(diagnostics, 1, 'after it was closed')
    diagnostics.onSent(uri, 2)
    expect(messages(await diagnostics.current(uri, 0))).toBeUndefined()
    publish(diagnostics, 2, 'reopened')
    expect(messages(await diagnostics.current(uri, 0))).toEqual(['reopened'])
  })

  it('waits for no publication from a server that registered pull diagnostics (it pushes none)', async () => {
    const diagnostics = new PublishedDiagnostics()
    diagnostics.onSent(uri, 1)
    const waited = diagnostics.current(uri, 60_000)
    diagnostics.onPullRegistered('pull', { identifier: 'Pyright' })
    await expect(waited).resolves.toBeUndefined()
    await expect(diagnostics.current(uri, 60_000)).resolves.toBeUndefined()
  })

  it('takes an unversioned publication only when it came after the version was sent', async () => {
    const diagnostics = new PublishedDiagnostics()
    diagnostics.onSent(uri, 1)
    publish(diagnostics, undefined, 'about version 1')
    diagnostics.onSent(uri, 2)
    expect(messages(await diagnostics.current(uri, 0))).toBeUndefined()
    publish(diagnostics, undefined, 'about version 2')
    expect(messages(await diagnostics.current(uri, 0))).toEqual(['about version 2'])
  })

  it('says a version was taken in once it is published with that version, after it was sent', async () => {
    const diagnostics = new PublishedDiagnostics()
    expect(await diagnostics.taken(uri, 0)).toBe(false) // not open
    diagnostics.onSent(uri, 1)
    publish(diagnostics, undefined, 'no version')
    expect(await diagnostics.taken(uri, 0)).toBe(false)
    const waited = diagnostics.taken(uri, 60_000)
    publish(diagnostics, 1, 'version 1')
    expect(await waited).toBe(true)
    diagnostics.onSent(uri, 2)
    publish(diagnostics, 1, 'late, about version 1')
    expect(await diagnostics.taken(uri, 0)).toBe(false)
    publish(diagnostics, 2, 'version 2')
    expect(await diagnostics.taken(uri, 0)).toBe(true)
  })
})
