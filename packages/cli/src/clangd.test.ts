// clangd (Debian's 14) through ctx.lsp: a C project with a compilation database, and the C++
// overrides behind goToImplementation. Exact seam values, shown 1-based by `seam.show`.
import { describe, expect, it } from 'vitest'
import { seamOn } from './seam.test-support.js'

const geometryH = `#ifndef GEOMETRY_H
#define GEOMETRY_H

typedef struct Point {
  int x;
  int y;
} Point;

/** Adds two integers. */
int add(int a, int b);

/** Moves a point by (dx, dy). */
Point translate(Point p, int dx, int dy);

#endif
`
const geometryC = `#include "geometry.h"

int add(int a, int b) { return a + b; }

Point translate(Point p, int dx, int dy) {
  Point moved = {add(p.x, dx), add(p.y, dy)};
  return moved;
}
`
const mainC = `#include "geometry.h"

int report(void);

int main(void) {
  Point origin = {0, 0};
  Point there = translate(origin, 2, 3);
  int total = add(there.x, there.y);
  Point broken = total;
  return total + report();
}
`
const reportC = `#include "geometry.h"

int report(void) { return add(1, 2); }
`
const shapesHpp = `#pragma once

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
};

struct Square : Shape {
  explicit Square(double side) : side(side) {}
  double area() const override;
  double side;
};
`
const shapesCpp = `#include "shapes.hpp"

double Square::area() const { return side * side; }
`

/** The project, its `compile_commands.json` naming the temp root (clangd indexes what it lists). */
const project = (root: string): Record<string, string> => ({
  'geometry.h': geometryH,
  'geometry.c': geometryC,
  'main.c': mainC,
  'report.c': reportC,
  'shapes.hpp': shapesHpp,
  'shapes.cpp': shapesCpp,
  'compile_commands.json': JSON.stringify([
    ...['geometry.c', 'main.c', 'report.c'].map((file) => ({ directory: root, file, arguments: ['cc', '-c', file] })),
    { directory: root, file: 'shapes.cpp', arguments: ['c++', '-std=c++17', '-c', 'shapes.cpp'] },
  ]),
})

/** Every place `add` is named: its definition, its declaration, and the four calls in three files. */
const addReferences = ['geometry.c:3:5', 'geometry.c:6:18', 'geometry.c:6:32', 'geometry.h:10:5', 'main.c:8:15', 'report.c:3:27']

describe('clangd', () => {
  // clangd announces its background index ($/progress "indexing") only after the didOpen that
  // loads compile_commands.json: the host re-asks an answer given while that work had just begun.
  it('answers the very first findReferences of a cold server with the calls in every file', async () => {
    const seam = await seamOn(project)
    const references = await seam.ask({ operation: 'findReferences', filePath: 'report.c', position: { line: 2, character: 26 } })
    expect(seam.show(references)).toEqual(addReferences)
    expect(references.completeness).toEqual({ state: 'complete' })
  })

  it('answers a workspace symbol search of a cold server that has no document open yet', async () => {
    // clangd reads compile_commands.json only when a document opens: with none open it knows no symbol.
    const seam = await seamOn(project)
    const symbols = await seam.ask({ operation: 'workspaceSymbol', query: 'translate', filePath: null })
    expect(seam.show(symbols, true)).toEqual(['Function translate geometry.c:5:7'])
    expect(symbols.completeness).toEqual({ state: 'complete' })
  })

  it('answers every operation on a C project', async () => {
    const { ask, show } = await seamOn(project)

    // By the answer to this first query clangd has announced its indexing, which later queries wait for.
    expect(show(await ask({ operation: 'documentSymbol', filePath: 'geometry.h' }))).toEqual([
      'Class Point@7:3', // the typedef
      'Struct Point@4:16',
      '  Field x@5:7',
      '  Field y@6:7',
      'Function add@10:5',
      'Function translate@13:7',
    ])

    const references = await ask({ operation: 'findReferences', filePath: 'report.c', position: { line: 2, character: 26 } })
    expect(show(references)).toEqual(addReferences)
    expect(references.completeness).toEqual({ state: 'complete' })

    expect(show(await ask({ operation: 'goToDefinition', filePath: 'report.c', position: { line: 2, character: 26 } }))).toEqual(['geometry.c:3:5'])

    expect(show(await ask({ operation: 'hover', filePath: 'report.c', position: { line: 2, character: 26 } }))).toEqual([
      '### function `add`  \n\n---\n→ `int`  \nParameters:  \n- `int a`\n- `int b`\n\nAdds two integers.  \n\n---\n```cpp\nint add(int a, int b)\n```',
    ])

    expect(show(await ask({ operation: 'workspaceSymbol', query: 'translate', filePath: 'main.c' }), true)).toEqual(['Function translate geometry.c:5:7'])

    expect(show(await ask({ operation: 'incomingCalls', filePath: 'geometry.c', position: { line: 2, character: 4 } }))).toEqual([
      'Function translate ← geometry.c:6:18 geometry.c:6:32',
      'Function main ← main.c:8:15',
      'Function report ← report.c:3:27',
    ])

    // clangd 14 offers callHierarchyProvider but has no callHierarchy/outgoingCalls handler.
    await expect(ask({ operation: 'outgoingCalls', filePath: 'geometry.c', position: { line: 4, character: 6 } })).rejects.toMatchObject({
      code: 'LSP_UNSUPPORTED_OPERATION',
      message: 'language server "c" does not support callHierarchy/outgoingCalls: method not found',
    })

    expect(show(await ask({ operation: 'signatureHelp', filePath: 'main.c', position: { line: 6, character: 34 } }))).toEqual([
      '* translate(Point p, int dx, int dy) -> Point (active parameter 1)',
      '  Point p',
      '  int dx',
      '  int dy',
    ])

    expect(show(await ask({ operation: 'goToTypeDefinition', filePath: 'main.c', position: { line: 6, character: 8 } }))).toEqual(['geometry.h:7:3'])

    const diagnostics = await ask({ operation: 'diagnostics', filePath: 'main.c' })
    expect(show(diagnostics)).toEqual(["9:9 Error typecheck_convert_incompatible Initializing 'Point' (aka 'struct Point') with an expression of incompatible type 'int'"])
    expect(diagnostics.completeness).toEqual({ state: 'complete' })

    // A C function has no implementations other than itself: clangd answers nothing.
    expect(show(await ask({ operation: 'goToImplementation', filePath: 'geometry.h', position: { line: 9, character: 4 } }))).toEqual([])
  })

  it('finds the C++ overrides of a virtual method and the subclasses of a class', async () => {
    const { ask, show } = await seamOn(project)
    expect(show(await ask({ operation: 'goToImplementation', filePath: 'shapes.hpp', position: { line: 4, character: 17 } }))).toEqual(['shapes.hpp:10:10'])
    expect(show(await ask({ operation: 'goToImplementation', filePath: 'shapes.hpp', position: { line: 2, character: 7 } }))).toEqual(['shapes.hpp:8:8'])
  })
})
