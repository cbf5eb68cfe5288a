import { describe, expect, it } from 'vitest'
import { assemblySymbol, isGoAssembly, linknameTarget } from './go-assembly.js'

/** The symbol reference at the first `name` of `line` (after any `·`). */
const at = (line: string, name: string) => {
  const start = line.indexOf(`·${name}`) === -1 ? line.indexOf(name) : line.indexOf(`·${name}`) + 1
  return assemblySymbol(line, start, start + name.length)
}

describe('Go assembly', () => {
  it('is the .s files alone (a .S file is preprocessed for the C compiler)', () => {
    expect([isGoAssembly('/m/floor_amd64.s'), isGoAssembly('/m/gcc_amd64.S'), isGoAssembly('/m/floor.go')]).toEqual([true, false, false])
  })

  it('names a Go symbol after ·, with the package path written before it', () => {
    expect(at('TEXT ·archFloor(SB),NOSPLIT,$0', 'archFloor')).toEqual({ packagePath: '' })
    expect(at('\tCALL ·archFloor(SB)', 'archFloor')).toEqual({ packagePath: '' })
    expect(at('\tMOVQ $·archFloor+8(SB), AX', 'archFloor')).toEqual({ packagePath: '' })
    expect(at('\tJMP runtime∕internal∕atomic·Load(SB)', 'Load')).toEqual({ packagePath: 'runtime/internal/atomic' })
    expect(at('\tCALL example∕m∕math·archFloor(SB)', 'archFloor')).toEqual({ packagePath: 'example/m/math' })
    // The twentieth trial: a path's dots are written · too (`example.com/m` → `example·com∕m`).
    expect(at('\tJMP example·com∕m∕inner·Add(SB)', 'Add')).toEqual({ packagePath: 'example.com/m/inner' })
  })

  it('names none in a static symbol (·name<>) or a linker symbol without ·', () => {
    expect(at('DATA ·expTable<>+0(SB)/8, $1', 'expTable')).toBeUndefined()
    expect(at('TEXT archFloor(SB),NOSPLIT,$0', 'archFloor')).toBeUndefined()
    expect(at('archFloor:', 'archFloor')).toBeUndefined()
  })

  it('names the target of a //go:linkname directive: the import path and the name after its last dot', () => {
    const line = '//go:linkname secret example.com/ln/a.secret'
    expect(linknameTarget(line, line.lastIndexOf('secret'), line.length)).toEqual({ packagePath: 'example.com/ln/a' })
    expect(linknameTarget(line, line.indexOf('secret'), line.indexOf('secret') + 6)).toBeUndefined() // the local name: another symbol
    const runtime = '//go:linkname time_now time.now'
    expect(linknameTarget(runtime, runtime.lastIndexOf('now'), runtime.length)).toEqual({ packagePath: 'time' })
    expect(linknameTarget('// go:linkname is not a directive a.b', 37, 38)).toBeUndefined()
    const method = '//go:linkname m runtime.(*T).m'
    expect(linknameTarget(method, method.length - 1, method.length)).toBeUndefined() // a method: no package-level name
  })
})
