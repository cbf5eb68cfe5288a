// The compilers' outputs as tsc 5.9 and pyright 1.1.414 printed them for a small project
// (packages/cli/src/workspace-diagnostics.test.ts runs them for real).
import { describe, expect, it } from 'vitest'
import { parsePyrightOutput } from './pyright-output.js'
import { parseTscOutput } from './tsc-output.js'

describe('parseTscOutput', () => {
  const output = [
    "src/main.ts(3,26): error TS2322: Type 'string' is not assignable to type 'number'.",
    "src/main.ts(4,7): error TS2322: Type '(a: { x: string; }) => void' is not assignable to type '(a: { x: number; }) => void'.",
    "  Types of parameters 'a' and 'a' are incompatible.",
    "    Type '{ x: number; }' is not assignable to type '{ x: string; }'.",
    "error TS5083: Cannot read file '/p/base.json'.",
    '',
  ].join('\n')

  it('reads file, zero-based line and UTF-16 character, code, severity and the message with its indented chain', () => {
    const byFile = parseTscOutput(output, '/p', '/p/tsconfig.json')
    expect([...byFile.keys()]).toEqual(['/p/src/main.ts', '/p/tsconfig.json'])
    const at = (line: number, character: number) => ({ start: { line, character }, end: { line, character } })
    expect(byFile.get('/p/src/main.ts')).toEqual([
      { range: at(2, 25), severity: 'Error', code: 2322, source: 'tsc', message: "Type 'string' is not assignable to type 'number'.", relatedInformation: [] },
      {
        range: at(3, 6),
        severity: 'Error',
        code: 2322,
        source: 'tsc',
        message:
          "Type '(a: { x: string; }) => void' is not assignable to type '(a: { x: number; }) => void'.\n  Types of parameters 'a' and 'a' are incompatible.\n    Type '{ x: number; }' is not assignable to type '{ x: string; }'.",
        relatedInformation: [],
      },
    ])
    expect(byFile.get('/p/tsconfig.json')).toEqual([{ range: at(0, 0), severity: 'Error', code: 5083, source: 'tsc', message: "Cannot read file '/p/base.json'.", relatedInformation: [] }])
  })

  it('reads nothing from a clean run', () => {
    expect(parseTscOutput('', '/p', '/p/tsconfig.json').size).toBe(0)
  })
})

describe('parsePyrightOutput', () => {
  it('keeps the range as pyright gives it (zero-based UTF-16), the rule as code, and severities', () => {
    const report = {
      generalDiagnostics: [
        { file: '/p/pkg/main.py', severity: 'error', message: 'Type "Literal[\'😀\']" is not assignable', range: { start: { line: 2, character: 26 }, end: { line: 2, character: 30 } }, rule: 'reportAssignmentType' },
        { file: '/p/pkg/main.py', severity: 'warning', message: 'Import "x" could not be resolved', range: { start: { line: 0, character: 5 }, end: { line: 0, character: 6 } } },
      ],
      summary: { errorCount: 1 },
    }
    expect([...parsePyrightOutput(JSON.stringify(report))]).toEqual([
      [
        '/p/pkg/main.py',
        [
          { range: { start: { line: 2, character: 26 }, end: { line: 2, character: 30 } }, severity: 'Error', code: 'reportAssignmentType', source: 'pyright', message: 'Type "Literal[\'😀\']" is not assignable', relatedInformation: [] },
          { range: { start: { line: 0, character: 5 }, end: { line: 0, character: 6 } }, severity: 'Warning', source: 'pyright', message: 'Import "x" could not be resolved', relatedInformation: [] },
        ],
      ],
    ])
  })

  it('refuses output that is not its report with LSP_MALFORMED_RESPONSE', () => {
    expect(() => parsePyrightOutput('No configuration file found.')).toThrow(expect.objectContaining({ code: 'LSP_MALFORMED_RESPONSE' }))
    expect(() => parsePyrightOutput('{"summary":{}}')).toThrow(expect.objectContaining({ code: 'LSP_MALFORMED_RESPONSE' }))
  })
})
