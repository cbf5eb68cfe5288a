import type { LspParameterInformation, LspSignatureHelp, LspSignatureInformation } from '@agent-lsp/lsp'
import { isRecord, malformed, markupText, preview } from './shapes.js'

/**
 * Normalize a `textDocument/signatureHelp` answer (LSP 3.17 §Signature Help). A parameter label
 * given as `[start, end)` offsets (UTF-16, into the signature label) becomes that text. An
 * `activeSignature` omitted or out of range becomes 0, as the spec asks. The active parameter
 * (zero-based) is read by {@link activeParameterOf}. No signatures → `null`.
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function normalizeSignatureHelp(raw: unknown, what: string): LspSignatureHelp | null {
  if (raw === null || raw === undefined) return null
  if (!isRecord(raw) || !Array.isArray(raw.signatures)) throw malformed(what, `expected SignatureHelp, got ${preview(raw)}`)
  const signatures = raw.signatures.map((signature) => normalizeSignature(signature, what))
  if (signatures.length === 0) return null
  const activeSignature = indexWithin(raw.activeSignature, signatures.length) ?? 0
  const active = signatures[activeSignature]!
  // A record: normalizeSignature checked it.
  const own = (raw.signatures[activeSignature] as Record<string, unknown>).activeParameter
  const activeParameter = activeParameterOf(own !== undefined ? own : raw.activeParameter, active.parameters.length)
  return { signatures, activeSignature, activeParameter }
}

/**
 * The active signature's active parameter (zero-based), from the value the server gave: the
 * signature's own `activeParameter` when present (null included), else `SignatureHelp`'s.
 *
 * - Omitted (or not a number): 0 when the signature has parameters, as LSP 3.17 §SignatureHelp
 *   says ("If omitted ... defaults to 0 if the active signature has parameters").
 * - `null` (LSP 3.18: "no parameter of the signature is active"): `null`.
 * - An index outside the parameters: `null`, not the spec's 0. Servers send one to say that the
 *   argument at the cursor matches no parameter (typescript-language-server passes tsserver's
 *   argument index for an argument past the last parameter; pyright sends the parameter count),
 *   and the reference client agrees: vscode-languageclient passes the index through and VS Code
 *   then highlights no parameter. Marking the first would point at the wrong argument.
 * - A signature without parameters: `null`.
 */
function activeParameterOf(given: unknown, parameterCount: number): number | null {
  if (parameterCount === 0 || given === null) return null
  if (typeof given !== 'number') return 0
  return indexWithin(given, parameterCount)
}

function normalizeSignature(raw: unknown, what: string): LspSignatureInformation {
  if (!isRecord(raw) || typeof raw.label !== 'string') throw malformed(what, `expected SignatureInformation, got ${preview(raw)}`)
  const label = raw.label
  const parameters = Array.isArray(raw.parameters) ? raw.parameters.map((parameter) => normalizeParameter(parameter, label, what)) : []
  const documentation = markupText(raw.documentation, what)
  return {
    label,
    ...(documentation ? { documentation } : {}),
    parameters,
    ...(indexWithin(raw.activeParameter, parameters.length) === null ? {} : { activeParameter: raw.activeParameter as number }),
  }
}

function normalizeParameter(raw: unknown, signatureLabel: string, what: string): LspParameterInformation {
  if (!isRecord(raw)) throw malformed(what, `expected ParameterInformation, got ${preview(raw)}`)
  const { label } = raw
  const text =
    typeof label === 'string'
      ? label
      : Array.isArray(label) && label.length === 2 && label.every((n) => Number.isInteger(n) && n >= 0)
        ? signatureLabel.slice(label[0] as number, label[1] as number)
        : undefined
  if (text === undefined) throw malformed(what, `parameter label is not a string or [start, end]: ${preview(label)}`)
  const documentation = markupText(raw.documentation, what)
  return documentation ? { label: text, documentation } : { label: text }
}

function indexWithin(value: unknown, length: number): number | null {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < length ? (value as number) : null
}
