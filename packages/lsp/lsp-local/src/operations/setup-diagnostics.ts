import { partialAfter, type LspCompleteness, type LspDiagnostic } from '@agent-lsp/lsp'
import type { LocalDiagnosticsRules } from '../config.js'

/** Setup diagnostics taken out of an answer, grouped by what their rule says. */
export type SetupNotes = Map<string, string[]>

/**
 * `diagnostics` without those the server's rules name as its own setup's, by code
 * (`LocalDiagnosticsRules.setupCodes`) or by message (`setupMessages`); each taken out is noted under
 * its rule's sentence as `where line N: message` (`where` names the file in a workspace answer, `''`
 * in a file's), or `where line N` for a message rule, whose sentence says what the message did.
 */
export function withoutSetupDiagnostics(diagnostics: LspDiagnostic[], rules: LocalDiagnosticsRules | undefined, notes: SetupNotes, where = ''): LspDiagnostic[] {
  const codes = rules?.setupCodes ?? []
  const messages = (rules?.setupMessages ?? []).map((rule) => ({ matches: new RegExp(rule.pattern), says: rule.says }))
  if (codes.length === 0 && messages.length === 0) return diagnostics
  const note = (says: string, place: string): void => void notes.set(says, [...(notes.get(says) ?? []), place])
  return diagnostics.filter((diagnostic) => {
    const line = `${where}line ${diagnostic.range.start.line + 1}`
    // A numeric code (the JSON server's 65536) is named by its digits.
    const byCode = codes.find(({ code }) => code === String(diagnostic.code))
    const byMessage = byCode === undefined ? messages.find(({ matches }) => matches.test(diagnostic.message)) : undefined
    if (byCode !== undefined) note(byCode.says, `${line}: ${diagnostic.message}`)
    else if (byMessage !== undefined) note(byMessage.says, line)
    return byCode === undefined && byMessage === undefined
  })
}

/**
 * `before` with what `notes` hold said too (`says: place; place`): `partial / unconfigured` when
 * it was complete, its own reason kept when it was partial already.
 */
export function withSetupNotes(before: LspCompleteness | undefined, notes: SetupNotes): LspCompleteness | undefined {
  if (notes.size === 0) return before
  const message = [...notes].map(([says, places]) => `${says}: ${places.join('; ')}`).join('; ')
  return partialAfter(before ?? { state: 'complete' }, { reason: 'unconfigured', message })
}
