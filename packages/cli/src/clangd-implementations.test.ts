// clangd 14's goToImplementation lists direct overrides and subclasses only: Shape::area gave
// Square::area, not Big::area of `Big : Square`, which `s.area()` on a `const Shape &` runs (the
// eighteenth trial; g++'s vtable for Big holds Big::area, and viaBase(Big) returns 100). Each
// implementation found is now asked for its own, as tsserver and gopls answer by themselves.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, writeFiles } from './workspace.test-support.js'

const shapes = '#pragma once\nstruct Shape {\n  virtual ~Shape() {}\n  virtual int area() const = 0;\n};\nstruct Square : Shape {\n  int area() const override { return 4; }\n};\n'
const big = '#pragma once\n#include "shapes.h"\nstruct Big : Square {\n  int area() const override { return 100; }\n};\nstruct Huge : Big {\n  int area() const override { return 1000; }\n};\n'
const main = '#include "big.h"\nint viaBase(const Shape &s) { return s.area(); }\nint main() { Huge h; return viaBase(h); }\n'

describe('goToImplementation on clangd follows the implementations of each implementation', () => {
  it('of a pure virtual method and of its class: every level below', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({ 'shapes.h': shapes, 'big.h': big, 'main.cpp': main })
    await writeFiles(root, { 'compile_commands.json': JSON.stringify([{ directory: root, file: 'main.cpp', arguments: ['g++', '-std=c++17', '-c', 'main.cpp'] }]) })
    const { ask } = toolOn(root)
    expect((await ask('goToImplementation', 'shapes.h:4:15')).split('\n')).toEqual([
      '3 implementations of area in 2 files',
      'big.h',
      '4:7  int area() const override { return 100; }',
      '7:7  int area() const override { return 1000; }',
      'shapes.h:7:7  int area() const override { return 4; }',
    ])
    expect((await ask('goToImplementation', 'shapes.h:2:8')).split('\n')).toEqual([
      '3 implementations of Shape in 2 files',
      'big.h',
      '3:8  struct Big : Square {',
      '6:8  struct Huge : Big {',
      'shapes.h:6:8  struct Square : Shape {',
    ])
  })
})
