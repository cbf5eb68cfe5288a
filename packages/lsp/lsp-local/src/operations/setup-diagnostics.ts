import type { LspCompleteness, LspDiagnostic } from '@agent-lsp/lsp'
import type { LocalDiagnosticsRules } from '../config.js'

/** Setup diagnostics taken out of an answer, grouped by what their rule says. */
export type SetupNotes = Map<string, string[]>

/**
 * `diagnostics` without those whose code the server's rules name as its own setup's
 * (`LocalDiagnosticsRules.setupCodes`); each taken out is noted under its rule's sentence as
 * `where line N: message` (`where` names the file in a workspace answer, `''` in a file's).
 */
export function withoutSetupDiagnostics(diagnostics: LspDiagnostic[], rules: LocalDiagnosticsRules | undefined, notes: SetupNotes, where = ''): LspDiagnostic[] {
  const codes = rules?.setupCodes
  if (codes === undefined || codes.length === 0) return diagnostics
  return diagnostics.filter((diagnostic) => {
    // A numeric code (the JSON server's 65536) is named by its digits.
    const rule = codes.find(({ code }) => code === String(diagnostic.code))
    if (rule === undefined) return true
    const noted = notes.get(rule.says) ?? []
    noted.push(`${where}line ${diagnostic.range.start.line + 1}: ${diagnostic.message}`)
    notes.set(rule.says, noted)
    return false
  })
}

/**
 * `before` with what `notes` hold said too (`says: place; place`): `partial / unconfigured` when
 * it was complete, its own reason kept when it was partial already.
 */
export function withSetupNotes(before: LspCompleteness | undefined, notes: SetupNotes): LspCompleteness | undefined {
  if (notes.size === 0) return before
  const message = [...notes].map(([says, places]) => `${says}: ${places.join('; ')}`).join('; ')
  if (before?.state === 'partial') return { ...before, message: `${before.message}; ${message}` }
  return { state: 'partial', reason: 'unconfigured', message }
}
