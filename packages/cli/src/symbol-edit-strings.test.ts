// The eleventh trial: replaceSymbol re-indented the lines inside a multi-line string literal
// (Django's runner.py, a print("""…""") whose lines stand at column 0), so the text symbolSource
// showed, written back, moved the method into the one above, and an unindented method was applied
// "Verified: errors 29 → 29" with every line of its string 4 spaces deeper. Python's ast and tsc
// are the independent checks.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, typeCheck } from './workspace.test-support.js'

const runner = [
  'class Result:',
  '    def check(self, x):',
  '        return x',
  '',
  '    def report(self, test):',
  '        print("""',
  'Subtest failed:',
  '',
  '    test: {}',
  '""".format(test))',
  '',
].join('\n')

/** The string constants of `report`, as Python reads `file`. */
const strings = (file: string): string =>
  execFileSync('python3', ['-c', 'import ast,sys\nfor f in ast.walk(ast.parse(open(sys.argv[1]).read())):\n  if isinstance(f, ast.FunctionDef) and f.name == "report": print([n.value for n in ast.walk(f) if isinstance(n, ast.Constant) and isinstance(n.value, str)])', file], { encoding: 'utf8' }).trim()

describe('replaceSymbol leaves the lines inside string literals as they are', () => {
  it('Python: the text symbolSource shows changes nothing; an unindented method keeps its string', async () => {
    const root = await tempWorkspace({ 'pyproject.toml': '[project]\nname = "r"\n', 'runner.py': runner })
    const { tool } = toolOn(root)
    const at = { operation: 'replaceSymbol', filePath: 'runner.py', symbol: 'Result.report' }
    const shown = runner.split('\n').slice(4, 10).join('\n')
    expect(await tool.execute({ ...at, text: shown })).toBe('Result.report → runner.py:5:9\nNothing to change: replace Method Result.report leaves every file as it is.')
    const before = strings(path.join(root, 'runner.py'))
    expect(before).toBe("['\\nSubtest failed:\\n\\n    test: {}\\n']")
    const unindented = ['def report(self, test):', '    print("""', 'Subtest failed:', '', '    test: {}', '""".format(test).strip())'].join('\n')
    const applied = await tool.execute({ ...at, text: unindented, apply: true })
    expect(applied.split('\n').find((line) => line.startsWith('Applied'))).toBe('Applied: replace Method Result.report: 1 edit in 1 file written.')
    expect(await readFile(path.join(root, 'runner.py'), 'utf8')).toBe(runner.replace('""".format(test))', '""".format(test).strip())'))
    expect(strings(path.join(root, 'runner.py'))).toBe(before)
  }, 120_000)

  it('TypeScript: a template literal keeps its lines', async () => {
    const file = ['export class Help {', '  usage(name: string): string {', '    return `', 'Usage: ${name} [options]', '  -h  help', '`', '  }', '}', ''].join('\n')
    const root = await tempWorkspace({ 'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022' } }), 'help.ts': file })
    const { tool } = toolOn(root)
    const text = ['usage(name: string): string {', '  return `', 'Usage: ${name} [options]', '  -h  help', '`.trim()', '}'].join('\n')
    const applied = await tool.execute({ operation: 'replaceSymbol', filePath: 'help.ts', symbol: 'Help.usage', text, apply: true })
    expect(applied.split('\n').find((line) => line.startsWith('Applied'))).toBe('Applied: replace Method Help.usage: 1 edit in 1 file written.')
    expect(await readFile(path.join(root, 'help.ts'), 'utf8')).toBe(file.replace('`\n  }', '`.trim()\n  }'))
    expect(typeCheck(root)).toBe('')
  }, 120_000)
})
