import { describe, expect, it } from 'vitest'
import { namesInString } from './string-name.js'

/** `namesInString` at the first occurrence of `name` in `line`. */
const at = (line: string, name: string): boolean => namesInString(line, line.indexOf(name), line.indexOf(name) + name.length)
/** `namesInString` at the last occurrence of `name` in `line`. */
const atLast = (line: string, name: string): boolean => namesInString(line, line.lastIndexOf(name), line.lastIndexOf(name) + name.length)

describe('namesInString', () => {
  it('is a use by name when the string is the name or a dotted path through it', () => {
    expect(at('getattr(alg, "prepare_key")', 'prepare_key')).toBe(true)
    expect(at("'closed' in value", 'closed')).toBe(true)
    expect(at('patch("jwt.Algorithm.prepare_key")', 'prepare_key')).toBe(true)
    expect(at('x = `total.${k}`', 'total')).toBe(true)
  })

  it('is a use by name when code punctuation stands beside it in a larger string', () => {
    expect(at('const pageTmpl = `<h1>{{.Title}}</h1>', 'Title')).toBe(true) // a Go template's field
    expect(at('<td>{{.Type.NumCalls}}</td>', 'NumCalls')).toBe(true) // net/rpc/debug.go
    expect(at('{{ user.get_full_name }}', 'get_full_name')).toBe(true) // a Django template
    expect(at('CURRENTTRAP="${CURRENTTRAP} on_exit;"', 'on_exit')).toBe(true) // apt-key's trap
    expect(at('trap "on_term; true" TERM', 'on_term')).toBe(true)
    expect(at('action=do_build', 'do_build')).toBe(true) // a shell word run as "$action"
    expect(at('echo "$total"', 'total')).toBe(true)
    expect(at('["normtool-keygen = normtool.cli.main:keygen"]', 'keygen')).toBe(false) // a command's name
    expect(atLast('["normtool-keygen = normtool.cli.main:keygen"]', 'keygen')).toBe(true) // an entry point
    expect(at('normalizer = "normtool.cli:cli_detect"', 'cli_detect')).toBe(true)
    expect(at('"SELECT * FROM t WHERE total=%s"', 'total')).toBe(true)
    expect(at('"run total() first"', 'total')).toBe(true)
  })

  it('is not for a module path, an option, or prose', () => {
    expect(at("require('./greet')", 'greet')).toBe(false)
    expect(at('"Calls total on it"', 'total')).toBe(false)
    expect(at("'total: '", 'total')).toBe(false)
    expect(at('"the sum is the total."', 'total')).toBe(false)
    expect(at('"see (the total) here"', 'total')).toBe(false)
    expect(at('"invalid Title: %v"', 'Title')).toBe(false)
    expect(at('"--total"', 'total')).toBe(false)
    expect(at('"total, then more"', 'total')).toBe(false)
    expect(at('"a\\ttotal\\n"', 'total')).toBe(false)
  })
})
