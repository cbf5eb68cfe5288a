import { describe, expect, it } from 'vitest'
import type { LspCallsResult } from '@agent-lsp/lsp'
import type { Texts } from '../search/texts.js'
import { isValueUseAt, usedAsValue, withoutValueUses } from './value-use.js'

/** Whether the first `name` of `line` is a use of the function as a value. */
const valueUse = (line: string, name: string): boolean => {
  const start = line.indexOf(name)
  return isValueUseAt(line, start, start + name.length)
}

describe('a function used as a value', () => {
  it('is exported under a name of its own (CommonJS): callers call that name', () => {
    expect([valueUse('module.exports = { run: work }', 'work'), valueUse('exports.alias = work2', 'work2')]).toEqual([true, true])
  })

  it('is passed, stored or returned', () => {
    expect(['promise.then(noop).catch(noop)', 'const handlers = { onDone: noop }', '  return noop', 'request_started.connect(close_old_connections)', '    int (*fp)(void) = in;', 'export const all = [1, 2].map(price)'].map((line) => valueUse(line, line.includes('price') ? 'price' : line.includes('close_') ? 'close_old_connections' : line.includes(' in;') ? 'in' : 'noop'))).toEqual([true, true, true, true, true, true])
  })

  it('is not an import or export, a type, a JSX tag, nor a name alone on its line', () => {
    expect([
      valueUse("import { noop } from './utils'", 'noop'),
      valueUse("export { noop } from './utils'", 'noop'),
      valueUse('export default noop', 'noop'),
      valueUse('from django.db import close_old_connections', 'close_old_connections'),
      valueUse("const { noop } = require('./utils')", 'noop'),
      valueUse('export type P = typeof price', 'price'),
      valueUse('  return <Noop value={1} />', 'Noop'),
      valueUse('  noop,', 'noop'),
      valueUse('  noop as nothing,', 'noop'),
    ]).toEqual([false, false, false, false, false, false, false, false, false])
  })
})

describe("a function named alone on its line (the twenty-second trial: google-auth's `checkers = (` one per line)", () => {
  /** Whether the first line of `text` holding `name` alone uses it as a value. */
  const alone = (text: string, name = 'gae'): boolean => {
    const lines = text.split('\n')
    const line = lines.findIndex((each) => each.trim().replace(/,$/, '') === name)
    const character = lines[line]!.indexOf(name)
    const texts = { lines: () => lines } as unknown as Texts
    return usedAsValue(texts, { uri: 'file:///w/a', range: { start: { line, character }, end: { line, character: character + name.length } } })
  }

  it('is a value in a tuple, list, map or argument list written one element per line', () => {
    expect([
      alone('checkers = (\n    lambda: env(),\n    gae,\n    lambda: gce(),\n)'),
      alone('const checkers = [\n  () => null,\n  gae,\n]'),
      alone('table = {\n    "gae":\n    gae,\n}'),
      alone('\tlist := []func() string{\n\t\tfunc() string { return "" },\n\t\tgae,\n\t}'),
      alone('run(\n  "(",\n  gae,\n)'),
    ]).toEqual([true, true, true, true, true])
  })

  it('is not a member of a multi-line import or export list, nor a name outside any bracket', () => {
    expect([
      alone('from auth import (\n    gce,\n    gae,\n)'),
      alone("import {\n  gce,\n  gae,\n} from './auth'"),
      alone('export {\n  gae,\n}'),
      alone("const {\n  gae,\n} = require('./auth')"),
      alone('x = 1\ngae\n'),
    ]).toEqual([false, false, false, false, false])
  })
})

describe('call sites that are uses as a value', () => {
  const at = (line: number, character: number) => ({ uri: 'file:///w/p.go', range: { start: { line, character }, end: { line, character: character + 4 } } })
  const item = (name: string, line: number) => ({ name, kind: 'Function', detail: null, uri: 'file:///w/p.go', range: at(line, 0).range, selectionRange: at(line, 5).range })
  const result = { kind: 'calls', direction: 'incoming', origins: [], calls: [{ item: item('Caller', 4), callSites: [at(5, 6), at(7, 5)] }, { item: item('Table', 9), callSites: [at(10, 20)] }] } as unknown as LspCallsResult

  it('are taken out of the calls, and a caller left with none is dropped', () => {
    const kept = withoutValueUses(result, [at(5, 6), at(10, 20)])
    expect(kept.calls.map((call) => [call.item.name, call.callSites.map((site) => site.range.start)])).toEqual([['Caller', [{ line: 7, character: 5 }]]])
  })

  it('leave the answer as it is when none is a call site', () => {
    expect(withoutValueUses(result, [at(12, 1)])).toBe(result)
  })
})
