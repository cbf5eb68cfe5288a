import { describe, expect, it } from 'vitest'
import { malformedMessage } from './malformed.test-support.js'
import { normalizeDiagnostics } from './normalize-diagnostics.js'
import { normalizeSignatureHelp } from './normalize-signature.js'
import { normalizeCallHierarchyItem, normalizeDocumentSymbols, normalizeWorkspaceSymbols, symbolKindName } from './normalize-symbols.js'

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } })
const uri = 'file:///w/a.ts'

describe('document symbols', () => {
  it('keeps the DocumentSymbol tree, sorted by position, kinds named', () => {
    const raw = [
      { name: 'b', kind: 12, range: range(5, 0, 6, 1), selectionRange: range(5, 9, 5, 10) },
      {
        name: 'Cart',
        kind: 5,
        detail: '',
        range: range(0, 0, 4, 1),
        selectionRange: range(0, 6, 0, 10),
        children: [
          { name: 'total', kind: 6, detail: '(): number', range: range(3, 2, 3, 20), selectionRange: range(3, 2, 3, 7) },
          { name: 'items', kind: 7, range: range(1, 2, 1, 20), selectionRange: range(1, 2, 1, 7) },
        ],
      },
    ]
    const symbols = normalizeDocumentSymbols(raw, uri, 'x')
    expect(symbols.map((s) => [s.kind, s.name, s.children.map((c) => `${c.kind} ${c.name}${c.detail ? ` ${c.detail}` : ''}`)])).toEqual([
      ['Class', 'Cart', ['Property items', 'Method total (): number']],
      ['Function', 'b', []],
    ])
    expect(symbols[0]?.uri).toBe(uri)
    expect('detail' in symbols[0]!).toBe(false)
  })

  it('turns flat SymbolInformation into symbols with their container', () => {
    const raw = [{ name: 'total', kind: 6, containerName: 'Cart', location: { uri: 'file:///w/b%20c.ts', range: range(3, 2, 3, 20) } }]
    expect(normalizeDocumentSymbols(raw, uri, 'x')).toEqual([
      { name: 'total', kind: 'Method', containerName: 'Cart', uri: 'file:///w/b%20c.ts', range: range(3, 2, 3, 20), selectionRange: range(3, 2, 3, 20), children: [] },
    ])
  })

  it('names unknown kinds Unknown and refuses malformed symbols', () => {
    expect(symbolKindName(27)).toBe('Unknown')
    expect(symbolKindName(1)).toBe('File')
    expect(symbolKindName('5')).toBe('Unknown')
    expect(malformedMessage(() => normalizeDocumentSymbols({}, uri, 'ts textDocument/documentSymbol'))).toBe(
      'ts textDocument/documentSymbol answered a malformed result: expected DocumentSymbol[] or SymbolInformation[], got {}',
    )
    expect(malformedMessage(() => normalizeDocumentSymbols([{ name: 'x' }], uri, 'x'))).toBe('x answered a malformed result: expected DocumentSymbol, got {"name":"x"}')
  })
})

describe('workspace symbols', () => {
  it('keeps the server\'s order and accepts a WorkspaceSymbol without a range', () => {
    const raw = [
      { name: 'CartView', kind: 5, location: { uri: 'file:///w/v.py' } },
      { name: 'Cart', kind: 5, containerName: 'shop', location: { uri: 'file:///w/c.py', range: range(6, 6, 6, 10) } },
    ]
    expect(normalizeWorkspaceSymbols(raw, 'x').map((s) => [s.name, s.containerName ?? '', s.range.start.line])).toEqual([
      ['CartView', '', 0],
      ['Cart', 'shop', 6],
    ])
    expect(normalizeWorkspaceSymbols(null, 'x')).toEqual([])
  })
})

describe('call hierarchy items', () => {
  it('normalizes and refuses', () => {
    const item = { name: 'checkout', kind: 12, detail: 'shop.ts', uri: 'file:///w/shop.ts', range: range(2, 0, 6, 1), selectionRange: range(2, 16, 2, 24), data: { x: 1 } }
    expect(normalizeCallHierarchyItem(item, 'x')).toEqual({
      name: 'checkout',
      kind: 'Function',
      detail: 'shop.ts',
      uri: 'file:///w/shop.ts',
      range: range(2, 0, 6, 1),
      selectionRange: range(2, 16, 2, 24),
    })
    expect(malformedMessage(() => normalizeCallHierarchyItem({ name: 'x' }, 'x'))).toBe('x answered a malformed result: expected CallHierarchyItem, got {"name":"x"}')
  })
})

describe('signature help', () => {
  it('turns label offsets into text and keeps docs', () => {
    const raw = {
      signatures: [
        {
          label: 'addItem(item: Item, quantity?: number): void',
          documentation: { kind: 'markdown', value: 'Adds an item.' },
          parameters: [{ label: [8, 18], documentation: 'What to add.' }, { label: 'quantity?: number' }],
        },
      ],
      activeSignature: 0,
      activeParameter: 1,
    }
    expect(normalizeSignatureHelp(raw, 'x')).toEqual({
      signatures: [
        {
          label: 'addItem(item: Item, quantity?: number): void',
          documentation: 'Adds an item.',
          parameters: [{ label: 'item: Item', documentation: 'What to add.' }, { label: 'quantity?: number' }],
        },
      ],
      activeSignature: 0,
      activeParameter: 1,
    })
  })

  it('corrects an out-of-range active signature to 0, as the spec asks, and maps no signatures to null', () => {
    expect(normalizeSignatureHelp({ signatures: [{ label: 'f()' }, { label: 'g()' }], activeSignature: 4 }, 'x')).toEqual({
      signatures: [{ label: 'f()', parameters: [] }, { label: 'g()', parameters: [] }],
      activeSignature: 0,
      activeParameter: null,
    })
    expect(normalizeSignatureHelp({ signatures: [] }, 'x')).toBeNull()
    expect(normalizeSignatureHelp(null, 'x')).toBeNull()
    expect(malformedMessage(() => normalizeSignatureHelp({ signatures: [{ label: 'f', parameters: [{ label: 3 }] }] }, 'x'))).toBe(
      'x answered a malformed result: parameter label is not a string or [start, end]: 3',
    )
  })

  describe('the active parameter', () => {
    const parameters = [{ label: 'a' }, { label: 'b' }]
    const help = (own: object, shared: object) => normalizeSignatureHelp({ signatures: [{ label: 'f(a, b)', parameters, ...own }], ...shared }, 'x')

    it('is 0 when the server omits it on both levels and the signature has parameters (the LSP 3.17 default)', () => {
      expect(help({}, {})).toEqual({ signatures: [{ label: 'f(a, b)', parameters }], activeSignature: 0, activeParameter: 0 })
    })

    it("is the signature's own when it has one, null included, else the SignatureHelp's", () => {
      expect(help({ activeParameter: 1 }, { activeParameter: 0 })).toEqual({ signatures: [{ label: 'f(a, b)', parameters, activeParameter: 1 }], activeSignature: 0, activeParameter: 1 })
      expect(help({}, { activeParameter: 1 })).toEqual({ signatures: [{ label: 'f(a, b)', parameters }], activeSignature: 0, activeParameter: 1 })
      expect(help({ activeParameter: null }, { activeParameter: 1 })).toEqual({ signatures: [{ label: 'f(a, b)', parameters }], activeSignature: 0, activeParameter: null })
    })

    it('is null when the server says none is active: null, or an index past the parameters (an extra argument)', () => {
      expect(help({}, { activeParameter: null })).toEqual({ signatures: [{ label: 'f(a, b)', parameters }], activeSignature: 0, activeParameter: null })
      expect(help({}, { activeParameter: 2 })).toEqual({ signatures: [{ label: 'f(a, b)', parameters }], activeSignature: 0, activeParameter: null })
      expect(help({ activeParameter: 5 }, { activeParameter: 0 })).toEqual({ signatures: [{ label: 'f(a, b)', parameters }], activeSignature: 0, activeParameter: null })
    })

    it('is null for a signature without parameters, whatever the server sent', () => {
      expect(normalizeSignatureHelp({ signatures: [{ label: 'f()', parameters: [] }], activeParameter: 0 }, 'x')).toEqual({ signatures: [{ label: 'f()', parameters: [] }], activeSignature: 0, activeParameter: null })
      expect(normalizeSignatureHelp({ signatures: [{ label: 'f()' }] }, 'x')).toEqual({ signatures: [{ label: 'f()', parameters: [] }], activeSignature: 0, activeParameter: null })
    })
  })
})

describe('diagnostics', () => {
  it('sorts, names severities (missing = Error), keeps codes and related information', () => {
    const raw = [
      { range: range(8, 6, 8, 12), severity: 4, code: 6133, source: 'typescript', message: "'broken' is declared but never read." },
      {
        range: range(2, 0, 2, 3),
        message: 'Type mismatch',
        code: 'reportAssignmentType',
        relatedInformation: [{ location: { uri: 'file:///w/b.ts', range: range(0, 0, 0, 1) }, message: 'declared here' }, { bad: true }],
      },
    ]
    expect(normalizeDiagnostics(raw, 'x')).toEqual([
      {
        range: range(2, 0, 2, 3),
        severity: 'Error',
        code: 'reportAssignmentType',
        message: 'Type mismatch',
        relatedInformation: [{ location: { uri: 'file:///w/b.ts', range: range(0, 0, 0, 1) }, message: 'declared here' }],
      },
      { range: range(8, 6, 8, 12), severity: 'Hint', code: 6133, source: 'typescript', message: "'broken' is declared but never read.", relatedInformation: [] },
    ])
    expect(malformedMessage(() => normalizeDiagnostics([{ message: 'no range' }], 'x'))).toBe('x answered a malformed result: expected Diagnostic, got {"message":"no range"}')
  })
})
