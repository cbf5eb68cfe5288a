// The doctor command and the config options on the command line, and doctor's exit status.
import { describe, expect, it } from 'vitest'
import { UsageError, parseCommand } from './args.js'
import { doctorExitCode, type DoctorRow } from './doctor.js'

const usageError = (argv: string[]): string => {
  try {
    parseCommand(argv)
  } catch (error) {
    if (error instanceof UsageError) return error.message
    throw error
  }
  throw new Error(`expected a usage error for ${argv.join(' ')}`)
}

describe('doctor and config options', () => {
  it('parses doctor with --root, and --config / --trust-workspace-config on any command that starts servers', () => {
    expect(parseCommand(['doctor'])).toEqual({ kind: 'doctor', root: '.' })
    expect(parseCommand(['doctor', '--root', '/w', '--config', 'c.toml', '--trust-workspace-config'])).toEqual({
      kind: 'doctor',
      root: '/w',
      configFile: 'c.toml',
      trustWorkspaceConfig: true,
    })
    expect(parseCommand(['hover', 'a.ts:1:1', '--trust-workspace-config'])).toMatchObject({ kind: 'query', trustWorkspaceConfig: true })
    expect(parseCommand(['mcp', '--config', '/c.toml'])).toEqual({ kind: 'mcp', root: '.', configFile: '/c.toml' })
  })

  it('refuses what doctor does not take, and a repeated or empty --config', () => {
    expect(usageError(['doctor', 'x'])).toBe('unexpected argument "x" (doctor takes only --root DIR)')
    expect(usageError(['doctor', '--json'])).toBe('doctor takes no --json (only --root DIR)')
    expect(usageError(['doctor', '--config', 'a', '--config', 'b'])).toBe('--config given more than once')
    expect(usageError(['doctor', '--config='])).toBe('--config needs a value')
  })

  it('exits 0 when at least one server is ready, else 1', () => {
    const row = (status: DoctorRow['status']): DoctorRow => ({ id: status, language: status, status, detail: '' })
    expect(doctorExitCode([row('missing'), row('ready'), row('broken')])).toBe(0)
    expect(doctorExitCode([row('missing'), row('broken')])).toBe(1)
  })
})
