import { describe, expect, it } from 'vitest'
import { declaresLocal, shellNamespaceAt, shellVariableScope } from './shell-namespace.js'

/** The namespace of the `at`-th (0-based) occurrence of `name` in `line`. */
const of = (line: string, name: string, at = 0): string => {
  let start = -1
  for (let i = 0; i <= at; i++) start = line.indexOf(name, start + 1)
  return shellNamespaceAt(line, start, start + name.length)
}

describe('shell namespaces', () => {
  it('reads expansions, assignments and bindings as variables', () => {
    expect(['echo "$count"', 'echo ${count}', 'echo ${#count}', 'echo ${!count}', 'echo "${count-x}"', 'y=${count:-1}'].map((line) => of(line, 'count'))).toEqual(Array(6).fill('variable'))
    expect(['count=1', 'count+=1', 'count[2]=1', '  count=', 'x=1 count=2 cmd', 'for count in a b; do', 'select count in a b', '[[ -v count ]]', '(( count++ ))', 'echo $(( count + 1 ))'].map((line) => of(line, 'count'))).toEqual(Array(10).fill('variable'))
  })

  it('reads the operands of builtins that declare or read variables as variables, unless -f names functions', () => {
    expect(['local count', 'local a count=1', 'declare -i count', 'export count', 'readonly count=1', 'read -r count', 'unset count', 'let count=count+1', 'printf -v count %s 1', 'mapfile -t count < f'].map((line) => of(line, 'count'))).toEqual(Array(10).fill('variable'))
    expect(['export -f count', 'declare -f count', 'unset -f count', 'declare -F count'].map((line) => of(line, 'count'))).toEqual(Array(4).fill('function'))
  })

  it('reads commands and definitions as functions', () => {
    expect(['count', 'count() { echo "$count"; }', 'function count {', '  count "$@"', 'x && count', 'if count; then', '$(count)', 'echo a | count', '[[ $a == count ]] && count'].map((line) => of(line, 'count', line.startsWith('[[') ? 1 : 0))).toEqual(Array(9).fill('function'))
    expect(of('[ count = 1 ]', 'count')).toBe('function')
  })

  it('tells a local declaration', () => {
    const local = (line: string) => declaresLocal(line, line.lastIndexOf('x'))
    expect(['  local x=1', 'local x', 'local -r a x=1', 'f() { local x; }'].map(local)).toEqual([true, true, true, true])
    expect(['x=1', 'x=1; local y', 'declare x', 'local a; x=1'].map(local)).toEqual([false, false, false, false])
  })

  it("gives a variable's scope: the function declaring it local around the line, else the script's", () => {
    const lines = ['f() {', '  local x=1', '  echo "$x"', '}', 'g() {', '  echo "$x"', '}', 'x=2']
    const functions = [{ start: { line: 0 }, end: { line: 3 } }, { start: { line: 4 }, end: { line: 6 } }]
    expect([1, 2, 5, 7].map((line) => shellVariableScope((at) => lines[at], functions, line, 'x'))).toEqual([0, 0, -1, -1])
  })
})
