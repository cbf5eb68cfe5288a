import type { LspDiagnostic } from '@agent-lsp/lsp'
import { describe, expect, it } from 'vitest'
import { validateServerConfig } from '../config-validate.js'
import { withoutSetupDiagnostics, withSetupNotes, type SetupNotes } from './setup-diagnostics.js'

const at = (line: number, code: string, message: string): LspDiagnostic => ({ range: { start: { line, character: 0 }, end: { line, character: 1 } }, severity: 'Warning', code, message, relatedInformation: [] })
const rules = { setupCodes: [{ code: 'unsupported-reference', says: 'part of it was not checked' }] }

describe('setup diagnostics', () => {
  it("are taken out of a file's answer and said, beside a partial answer's own reason", () => {
    const notes: SetupNotes = new Map()
    const kept = withoutSetupDiagnostics([at(4, 'unsupported-reference', 'no schema A'), at(6, 'expected-value', 'expected value'), at(9, 'unsupported-reference', 'no schema B')], rules, notes, 'p.toml ')
    expect(kept.map((diagnostic) => diagnostic.code)).toEqual(['expected-value'])
    expect(withSetupNotes(undefined, notes)).toEqual({ state: 'partial', reason: 'unconfigured', message: 'part of it was not checked: p.toml line 5: no schema A; p.toml line 10: no schema B' })
    expect(withSetupNotes({ state: 'partial', reason: 'indexing', message: 'busy' }, notes)).toEqual({ state: 'partial', reason: 'indexing', message: 'busy; part of it was not checked: p.toml line 5: no schema A; p.toml line 10: no schema B' })
    expect(withSetupNotes(undefined, new Map())).toBeUndefined()
  })

  it('are named in a server config as { code, says } strings', () => {
    const config = { id: 'toml', command: 'tombi', extensionToLanguage: { '.toml': 'toml' } }
    expect(() => validateServerConfig({ ...config, diagnostics: rules })).not.toThrow()
    expect(() => validateServerConfig({ ...config, diagnostics: { setupCodes: [{ code: 7 }] } } as never)).toThrow('diagnostics.setupCodes must be an array of { code, says } strings')
  })
})
