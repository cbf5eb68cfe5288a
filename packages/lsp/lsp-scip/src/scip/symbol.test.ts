import { describe, expect, it } from 'vitest'
import { descriptorsOf, isLocalSymbol, packagePartsOf, parentSymbol } from './symbol.js'

describe('SCIP symbols', () => {
  const ts = 'scip-typescript npm ws 1.0.0 src/`a.ts`/'
  it('parses descriptors: namespaces, quoted names, types, methods, terms and parameters', () => {
    expect(descriptorsOf(`${ts}Dog#speak().`)).toEqual([
      { name: 'src', suffix: 'Namespace' },
      { name: 'a.ts', suffix: 'Namespace' },
      { name: 'Dog', suffix: 'Type' },
      { name: 'speak', suffix: 'Method' },
    ])
    expect(descriptorsOf(`${ts}talk().(a)`).at(-1)).toEqual({ name: 'a', suffix: 'Parameter' })
    expect(descriptorsOf(`${ts}Box#[T]`).at(-1)).toEqual({ name: 'T', suffix: 'TypeParameter' })
    expect(descriptorsOf('scip-python python pyws 0 `pkg.shapes`/Square#__init__().')).toEqual([
      { name: 'pkg.shapes', suffix: 'Namespace' },
      { name: 'Square', suffix: 'Type' },
      { name: '__init__', suffix: 'Method' },
    ])
    expect(descriptorsOf('scip-python python pyws 0 pkg/__init__:')).toEqual([
      { name: 'pkg', suffix: 'Namespace' },
      { name: '__init__', suffix: 'Meta' },
    ])
    expect(descriptorsOf('scip-typescript npm my  pkg 1.0.0 `x``y`.')).toEqual([{ name: 'x`y', suffix: 'Term' }])
  })

  it('drops the last descriptor for the parent, and has none for locals and the top', () => {
    expect(parentSymbol(`${ts}Dog#speak().`)).toBe(`${ts}Dog#`)
    expect(parentSymbol(`${ts}talk().(a)`)).toBe(`${ts}talk().`)
    expect(parentSymbol(`${ts}Dog#`)).toBe(ts)
    expect(parentSymbol('scip-typescript npm ws 1.0.0 src/')).toBeUndefined()
    expect(parentSymbol('local 3')).toBeUndefined()
    expect(isLocalSymbol('local 3')).toBe(true)
    expect(isLocalSymbol(`${ts}Dog#`)).toBe(false)
  })

  it('splits a global symbol into its package (version apart), the file its descriptors start with, and the rest', () => {
    expect(packagePartsOf('scip-typescript npm @acme/lib 1.0.0 dist/`index.d.ts`/Backoff#delay().')).toEqual({
      package: 'scip-typescript npm @acme/lib',
      packageName: '@acme/lib',
      descriptors: 'dist/`index.d.ts`/Backoff#delay().',
      file: 'dist/index.d.ts',
      inFile: 'Backoff#delay().',
    })
    expect(packagePartsOf('scip-python python my  lib 0.1 `pkg.shapes`/Square#')).toEqual({ package: 'scip-python python my  lib', packageName: 'my lib', descriptors: '`pkg.shapes`/Square#', file: undefined, inFile: '`pkg.shapes`/Square#' })
    expect(packagePartsOf('local 3')).toBeUndefined()
    expect(packagePartsOf('scip-typescript npm . . src/`a.ts`/x.')).toBeUndefined()
  })
})
