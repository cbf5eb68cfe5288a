// A C++ function template: its `template <typename T>` head is part of the declaration in the C++
// grammar, but clangd 14's DocumentSymbol.range starts after it. The twenty-fourth trial:
// symbolSource showed `T thrice(T v) {…}` alone, insertBefore wrote between the head and the
// function, and a replaceSymbol given the whole template wrote the head twice, exit 0. The
// compiler (c++ -fsyntax-only) is the independent check.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, writeFiles } from './workspace.test-support.js'

const header = '#pragma once\n/// Three times v.\ntemplate <typename T>\nT thrice(T v) { return v + v + v; }\ntemplate <typename T> T twice(T v) { return v + v; }\n'

async function project(): Promise<string> {
  const root = await tempWorkspace({ 't.hpp': header, 't.cpp': '#include "t.hpp"\nint use() { return thrice(2) + twice(1); }\n' })
  await writeFiles(root, { 'compile_commands.json': JSON.stringify([{ directory: root, file: 't.cpp', arguments: ['c++', '-std=c++17', '-c', 't.cpp'] }]) })
  return root
}

const compile = (root: string): string => execFileSync('c++', ['-std=c++17', '-fsyntax-only', 't.cpp'], { cwd: root, encoding: 'utf8' })

describe('C++ templates as whole symbols, on clangd', () => {
  it('symbolSource shows the doc comment and the template head; replaceSymbol with the whole template writes it once', { timeout: 120_000 }, async () => {
    const root = await project()
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'symbolSource', symbol: 'thrice' })).toBe(
      ['thrice → t.hpp:4:3', 't.hpp:2-4  Function thrice (doc comment 2)', '2  /// Three times v.', '3  template <typename T>', '4  T thrice(T v) { return v + v + v; }'].join('\n'),
    )
    // On one line the head is the declaration's, not "other code".
    expect(await tool.execute({ operation: 'symbolSource', symbol: 'twice' })).toBe(['twice → t.hpp:5:25', 't.hpp:5-5  Function twice', '5  template <typename T> T twice(T v) { return v + v; }'].join('\n'))
    const inserted = await tool.execute({ operation: 'insertBefore', symbol: 'thrice', text: 'inline int helper() { return 0; }' })
    expect(inserted.split('\n').filter((line) => /^[+-][^+-]/.test(line))).toEqual(['+inline int helper() { return 0; }'])
    expect(inserted).toContain('+inline int helper() { return 0; }\n /// Three times v.\n template <typename T>\n')
    await tool.execute({ operation: 'replaceSymbol', symbol: 'thrice', text: 'template <typename T>\nT thrice(T v) { return 3 * v; }', apply: true })
    expect(await readFile(path.join(root, 't.hpp'), 'utf8')).toBe(header.replace('template <typename T>\nT thrice(T v) { return v + v + v; }', 'template <typename T>\nT thrice(T v) { return 3 * v; }'))
    expect(compile(root)).toBe('')
  })

  it('a preview with new errors lists them under their count, and what was not checked after them', { timeout: 120_000 }, async () => {
    const root = await project()
    const { tool } = toolOn(root)
    const preview = await tool.execute({ operation: 'replaceSymbol', symbol: 'twice', text: 'template <typename T> T twice(T v) { return v + w; }' })
    expect(preview.split('\n').slice(0, 4)).toEqual([
      'twice → t.hpp:5:25',
      'Warning: errors 0 → 1 if applied (in the 1 checked file), 1 new error:',
      "  t.hpp:5:49  error  undeclared_var_use  Use of undeclared identifier 'w'",
      'Not checked (their server does not see the edit): t.cpp.',
    ])
  })
})
