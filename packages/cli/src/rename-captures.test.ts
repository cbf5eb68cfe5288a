// A rename into a name already in scope can type-check and still change what the code does: a
// call of the renamed function captured by a parameter of the new name, or a use of an outer
// variable captured by the renamed one. The preview asks the new name's references with the edit in
// the servers' view only (overlayDiagnostics' `references`) and says so; apply refuses. Real
// typescript-language-server and pyright; node and python run the code to show the meaning changed.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const strict = JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] })
const read = (root: string, file: string): Promise<string> => readFile(path.join(root, file), 'utf8')
const withoutDiff = (answer: string): string => answer.split('\n--- a/')[0] ?? ''

describe('a rename whose new name is already in scope, on typescript-language-server', () => {
  const render = 'export function render(x: number): string { return String(x) }\n'
  const wrapper = "import { render } from './a'\nexport function wrapper(fmt: (n: number) => string) { return render(2) + fmt(1) }\n"

  it('a call captured by a parameter of the new name: the preview warns, apply refuses, force writes and says Not verified', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': strict, 'src/a.ts': render, 'src/b.ts': wrapper })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/a.ts', line: 1, character: 17, newName: 'fmt' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n')).toEqual([
      'Warning: if applied, 1 of the 3 references of render would not be a reference of fmt:',
      '  src/b.ts:2:62  export function wrapper(fmt: (n: number) => string) { return fmt(2) + fmt(1) }',
      'Preview: rename render → fmt: 3 edits in 2 files; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 2 checked files).',
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({
      code: 'LSP_EDIT_NAME_CONFLICT',
      message: 'rename render → fmt was not applied: 1 of the 3 references of render would not be a reference of fmt (src/b.ts:2:62); nothing was written. Choose another name, or apply with force: true to write it anyway',
    })
    expect(await read(root, 'src/b.ts')).toBe(wrapper)
    const forced = withoutDiff(await tool.execute({ ...rename, apply: true, force: true })).split('\n')
    expect(forced.slice(0, 4)).toEqual([
      'Applied: rename render → fmt: 3 edits in 2 files written.',
      '  src/a.ts',
      '  src/b.ts',
      'Not verified: 1 of the 3 references of render is not a reference of fmt now: src/b.ts:2:62.',
    ])
    expect(await read(root, 'src/b.ts')).toBe("import { fmt } from './a'\nexport function wrapper(fmt: (n: number) => string) { return fmt(2) + fmt(1) }\n")
  }, 120_000)

  it('a use of an outer variable captured by the renamed parameter: the preview warns with the place, apply refuses', async () => {
    const total = 'const limit = 10\nexport function total(x: number): number { return x + limit }\n'
    const root = await tempWorkspace({ 'tsconfig.json': strict, 'src/t.ts': total })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/t.ts', line: 2, character: 23, newName: 'limit' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n')).toEqual([
      'Warning: if applied, 1 place naming another limit would refer to the renamed x instead:',
      '  src/t.ts:2:63  export function total(limit: number): number { return limit + limit }',
      'Preview: rename x → limit: 2 edits in 1 file; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 1 checked file).',
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({
      code: 'LSP_EDIT_NAME_CONFLICT',
      message: 'rename x → limit was not applied: 1 place naming another limit would refer to the renamed x instead (src/t.ts:2:63); nothing was written. Choose another name, or apply with force: true to write it anyway',
    })
    expect(await read(root, 'src/t.ts')).toBe(total)
    const forced = withoutDiff(await tool.execute({ ...rename, apply: true, force: true })).split('\n')
    expect(forced.slice(0, 3)).toEqual([
      'Applied: rename x → limit: 2 edits in 1 file written.',
      '  src/t.ts',
      'Not verified: findReferences of limit also finds 1 place that was not a reference of x: src/t.ts:2:63.',
    ])
  }, 120_000)

  it('a rename into a free name previews and applies as before, Verified', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': strict, 'src/a.ts': render, 'src/b.ts': wrapper })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'src/a.ts', line: 1, character: 17, newName: 'show' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n')).toEqual([
      'Preview: rename render → show: 3 edits in 2 files; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 2 checked files).',
    ])
    expect(withoutDiff(await tool.execute({ ...rename, apply: true })).split('\n').slice(3)).toEqual([
      'Verified: findReferences of show finds all 3 references of render, renamed.',
      'Verified: errors 0 → 0 in the 2 checked files.',
    ])
  }, 120_000)
})

describe('a rename whose new name is already in scope, on pyright', () => {
  it("a free name for a function listed in __all__: no warning, applied and Verified (the check asks at the cursor's reference, not the string)", async () => {
    const root = await tempWorkspace({ 'pyrightconfig.json': '{}', 'm.py': '__all__ = ["helper"]\n\n\ndef helper():\n    return 1\n', 'main.py': 'from m import *\n\nprint(helper())\n' })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'm.py', line: 4, character: 5, newName: 'assist' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n')).toEqual([
      'Preview: rename helper → assist: 3 edits in 2 files; nothing written. The same call with apply: true writes it.',
      'Errors 0 → 0 if applied (in the 2 checked files).',
    ])
    expect(withoutDiff(await tool.execute({ ...rename, apply: true })).split('\n').slice(3)).toEqual([
      'Verified: findReferences of assist finds all 3 references of helper, renamed.',
      'Verified: errors 0 → 0 in the 2 checked files.',
    ])
    expect(execFileSync('python3', ['main.py'], { cwd: root, encoding: 'utf8' })).toBe('1\n')
  }, 120_000)


  it('a call captured by a parameter of the new name: the preview warns and apply refuses; python shows the meaning would change', async () => {
    const wrapper = 'from a import render\n\n\ndef wrapper(fmt):\n    return render(2) + fmt(1)\n'
    const root = await tempWorkspace({ 'pyrightconfig.json': '{}', 'a.py': 'def render(x):\n    return str(x)\n', 'b.py': wrapper })
    const { tool } = toolOn(root)
    const rename = { operation: 'rename', filePath: 'a.py', line: 1, character: 5, newName: 'fmt' } as const
    expect(withoutDiff(await tool.execute(rename)).split('\n').slice(0, 3)).toEqual([
      'Warning: if applied, 1 of the 3 references of render would not be a reference of fmt:',
      '  b.py:5:12  return fmt(2) + fmt(1)',
      'Preview: rename render → fmt: 3 edits in 2 files; nothing written. The same call with apply: true writes it.',
    ])
    await expect(tool.execute({ ...rename, apply: true })).rejects.toMatchObject({ code: 'LSP_EDIT_NAME_CONFLICT' })
    expect(await read(root, 'b.py')).toBe(wrapper)
    // What the warning protects: the call would go to the parameter.
    const run = (name: string): string => execFileSync('python3', ['-c', `def ${name}(x):\n    return str(x)\n\ndef wrapper(fmt):\n    return ${name}(2) + fmt(1)\n\nprint(wrapper(lambda n: "p%d" % n))`], { encoding: 'utf8' }).trim()
    expect(run('render')).toBe('2p1')
    expect(run('fmt')).toBe('p2p1')
  }, 120_000)
})
