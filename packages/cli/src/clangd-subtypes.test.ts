// The twelfth trial: clangd 14's subtypes come from its index, whose background part keeps what it
// read of a file that changed or was deleted since: `subtypes Polygon` still listed Square after
// `Square : Polygon` became `Square : Shape`, and Oval of a deleted file; and subtypes, unlike
// references, did not say which sources the compile database leaves out. grep is the independent check.
import { execFileSync } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'

const shapes = '#pragma once\nstruct Shape { virtual ~Shape() = default; virtual double area() const = 0; };\nstruct Polygon : Shape { int sides = 0; };\n'
const derived = (name: string, base: string) => `#include "shapes.h"\nstruct ${name} : ${base} { double area() const override { return 1; } };\n`
const database = (root: string, files: readonly string[]) => JSON.stringify(files.map((file) => ({ directory: root, file, arguments: ['g++', '-std=c++17', '-c', file] })))

describe('clangd subtypes', () => {
  it('leaves out, and says, the subtypes its index keeps from before their files changed', { timeout: 120_000 }, async () => {
    const seam = await seamOn((root) => ({ 'shapes.h': shapes, 'a.cpp': derived('Square', 'Polygon'), 'b.cpp': derived('Circle', 'Shape'), 'd.cpp': derived('Oval', 'Shape'), 'compile_commands.json': database(root, ['a.cpp', 'b.cpp', 'd.cpp']) }))
    const subtypes = async (line: number) => {
      const result = await seam.ask({ operation: 'subtypes', filePath: 'shapes.h', position: { line, character: 8 } })
      return [seam.show(result), result.completeness]
    }
    expect(await subtypes(1)).toEqual([['Struct Circle b.cpp:2:8 b.cpp:2:8', 'Struct Oval d.cpp:2:8 d.cpp:2:8', 'Struct Polygon shapes.h:3:8 shapes.h:3:8'], { state: 'complete' }])
    expect(await subtypes(2)).toEqual([['Struct Square a.cpp:2:8 a.cpp:2:8'], { state: 'complete' }])
    await writeFile(path.join(seam.root, 'a.cpp'), derived('Square', 'Shape'))
    await rm(path.join(seam.root, 'd.cpp'))
    expect(execFileSync('grep', ['-rn', ': Shape\\|: Polygon', '--include=*.cpp', '--include=*.h', '.'], { cwd: seam.root, encoding: 'utf8' }).split('\n').sort().join('\n')).toBe(
      ['', './a.cpp:2:struct Square : Shape { double area() const override { return 1; } };', './b.cpp:2:struct Circle : Shape { double area() const override { return 1; } };', './shapes.h:3:struct Polygon : Shape { int sides = 0; };'].join('\n'),
    )
    const stale = (left: string) => ({ state: 'partial', reason: 'stale', message: `c's index still lists 1 subtype the code no longer shows, left out (${left}): it kept them from before their files changed` })
    expect(await subtypes(2)).toEqual([[], stale('a.cpp:2 Square: its bases do not name Polygon')])
    expect(await subtypes(1)).toEqual([['Struct Square a.cpp:2:8 a.cpp:2:8', 'Struct Circle b.cpp:2:8 b.cpp:2:8', 'Struct Polygon shapes.h:3:8 shapes.h:3:8'], stale('d.cpp:2 Oval: its file is gone')])
  })

  it('says which sources the compile database leaves out', { timeout: 120_000 }, async () => {
    const seam = await seamOn((root) => ({ 'shapes.h': shapes, 'b.cpp': derived('Circle', 'Shape'), 'e.cpp': derived('Blob', 'Shape'), 'compile_commands.json': database(root, ['b.cpp']) }))
    const result = await seam.ask({ operation: 'subtypes', filePath: 'shapes.h', position: { line: 1, character: 8 } })
    expect([seam.show(result), result.completeness.state, result.completeness.state === 'partial' && result.completeness.reason]).toEqual([['Struct Circle b.cpp:2:8 b.cpp:2:8', 'Struct Polygon shapes.h:3:8 shapes.h:3:8'], 'partial', 'unconfigured'])
    expect(result.completeness.state === 'partial' && result.completeness.message).toMatch(/^compile_commands\.json lists no compile command for 1 source file here \(e\.cpp\)/)
  })
})
