import { afterEach, describe, expect, it } from 'vitest'
import {
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
} from 'vscode-languageserver-protocol'
import { applyContentChanges, offsetAt } from './documents.js'
import { FakeDocumentsRequest } from '../index.js'
import { cleanUp, spawnFake } from './test-client.js'

afterEach(cleanUp)

const range = (sl: number, sc: number, el: number, ec: number) => ({
  start: { line: sl, character: sc },
  end: { line: el, character: ec },
})

describe('offsetAt', () => {
  it('counts UTF-16 code units and accepts \\n, \\r\\n and \\r line ends', () => {
    const text = 'a😀b\r\nxy\rz\n'
    expect(offsetAt(text, { line: 0, character: 3 })).toBe(3) // after the surrogate pair
    expect(offsetAt(text, { line: 1, character: 0 })).toBe(6)
    expect(offsetAt(text, { line: 2, character: 1 })).toBe(10)
    expect(offsetAt(text, { line: 3, character: 0 })).toBe(11) // the end: an empty last line
  })

  it('clamps past the end of a line and of the text', () => {
    expect(offsetAt('ab\ncd', { line: 0, character: 99 })).toBe(2)
    expect(offsetAt('ab\ncd', { line: 7, character: 0 })).toBe(5)
  })
})

describe('applyContentChanges', () => {
  it('applies ranged edits in order and full replacements', () => {
    const text = 'const a = 1\nconst b = 2\n'
    expect(
      applyContentChanges(text, [
        { range: range(0, 6, 0, 7), text: 'alpha' },
        { range: range(1, 0, 1, 0), text: '// two\n' },
        { range: range(2, 10, 2, 11), text: '22' },
      ]),
    ).toBe('const alpha = 1\n// two\nconst b = 22\n')
    expect(applyContentChanges(text, [{ text: 'x' }, { range: range(0, 1, 0, 1), text: 'y' }])).toBe('xy')
  })
})

describe('fake/documents', () => {
  it('reflects didOpen, incremental and full didChange, and didClose', async () => {
    const fake = spawnFake({})
    await fake.initialize()
    const a = 'file:///w/a.ts'
    const b = 'file:///w/b.py'
    const { connection } = fake
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: a, languageId: 'typescript', version: 1, text: 'let x = 1\n' },
    })
    await connection.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: b, languageId: 'python', version: 1, text: 'x = 1\n' },
    })
    expect(await connection.sendRequest(FakeDocumentsRequest.type)).toEqual({
      [a]: { languageId: 'typescript', version: 1, text: 'let x = 1\n', open: true },
      [b]: { languageId: 'python', version: 1, text: 'x = 1\n', open: true },
    })

    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: a, version: 2 },
      contentChanges: [{ range: range(0, 4, 0, 5), text: 'y' }],
    })
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: b, version: 5 },
      contentChanges: [{ text: 'y = 2\n' }],
    })
    await connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri: b } })
    expect(await connection.sendRequest(FakeDocumentsRequest.type)).toEqual({
      [a]: { languageId: 'typescript', version: 2, text: 'let y = 1\n', open: true },
      [b]: { languageId: 'python', version: 5, text: 'y = 2\n', open: false },
    })
  })
})
