import { describe, expect, it } from 'vitest'
import { shellNamespaceAt } from './shell-namespace.js'

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
})
