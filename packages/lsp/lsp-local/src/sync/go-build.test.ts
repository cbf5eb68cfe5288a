import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { goBuildExcluded, whyExcluded } from './go-build.js'
import { goDeclarations } from './go-declarations.js'

describe('goDeclarations', () => {
  it('lists the package-level names, struct fields and interface methods, each with its line, as gofmt writes them', () => {
    const text = [
      'package p', // 1
      '',
      'import "io"',
      '',
      'func Top(x int) int { return x }', // 5
      'func (r *Ring[T]) Next() T { var local int; _ = local; return r.v }',
      'type Ring[T any] struct {',
      '\tv    T',
      '\tio.Reader',
      '\tA, B int // two', // 10
      '\t// comment',
      '}',
      'type Shape interface {',
      '\tArea() float64',
      '}', // 15
      'var x, _, y = 1, 2, 3',
      'const (',
      '\tLimit = 2',
      '\t_     = 3',
      ')', // 20
      'type Alias = int',
      'func init() {',
      '\tinner := 1',
      '}',
    ].join('\n')
    expect(goDeclarations(text).map(({ name, line }) => `${name}:${line}`)).toEqual([
      'Top:5', 'Next:6', 'Ring:7', 'v:8', 'A:10', 'B:10', 'Shape:13', 'Area:14', 'x:16', 'y:16', 'Limit:18', 'Alias:21', 'init:22',
    ])
  })
})

describe('whyExcluded', () => {
  const build = { goos: 'linux', goarch: 'amd64', tags: '' }
  it('names the setting a file name suffix does not match, else the constraint line', () => {
    expect(whyExcluded('arith_s390x_test.go', 'package math\n', build)).toBe('excluded from this build: GOARCH=amd64')
    expect(whyExcluded('x_windows_arm64.go', 'package p\n', build)).toBe('excluded from this build: GOOS=linux GOARCH=amd64')
    expect(whyExcluded('x_linux_arm64.go', 'package p\n', build)).toBe('excluded from this build: GOARCH=amd64')
    expect(whyExcluded('windows.go', '//go:build windows\n\npackage p\n', { ...build, tags: 'a,b' })).toBe('excluded from this build by //go:build windows: GOOS=linux GOARCH=amd64, tags a,b')
    expect(whyExcluded('c.go', '// Copyright\n\n// +build cgo\n// +build !nocgo\n\npackage p\n', build)).toBe('excluded from this build by // +build cgo !nocgo: GOOS=linux GOARCH=amd64, no tags')
    expect(whyExcluded('c.go', 'package p\n\nimport "C"\n', build)).toBe('excluded from this build: GOOS=linux GOARCH=amd64, no tags')
  })
})

describe('goBuildExcluded', () => {
  it('is undefined, not a failure, when go cannot be run', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'go-build-'))
    onTestFinished(() => rm(root, { recursive: true, force: true }))
    await writeFile(path.join(root, 'go.mod'), 'module m\n')
    await writeFile(path.join(root, 'x_s390x.go'), 'package m\n\nfunc X() {}\n')
    expect(await goBuildExcluded(root, { PATH: path.join(root, 'no-such-folder') }, [])).toBeUndefined()
  })
})
