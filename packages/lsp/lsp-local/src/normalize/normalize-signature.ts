import type { LspParameterInformation, LspSignatureHelp, LspSignatureInformation } from '@agent-lsp/lsp'
import { isRecord, malformed, markupText, preview } from './shapes.js'

/**
 * Normalize a `textDocument/signatureHelp` answer (LSP 3.17 §Signature Help). A parameter label
 * given as `[start, end)` offsets (UTF-16, into the signature label) becomes that text. An
 * `activeSignature` out of range becomes 0, as the spec asks; an `activeParameter` out of the
 * active signature's range becomes `null`. No signatures → `null`.
 * @throws LspError `LSP_MALFORMED_RESPONSE`.
 */
export function normalizeSignatureHelp(raw: unknown, what: string): LspSignatureHelp | null {
  if (raw === null || raw === undefined) return null
  if (!isRecord(raw) || !Array.isArray(raw.signatures)) throw malformed(what, `expected SignatureHelp, got ${preview(raw)}`)
  const signatures = raw.signatures.map((signature) => normalizeSignature(signature, what))
  if (signatures.length === 0) return null
  const activeSignature = indexWithin(raw.activeSignature, signatures.length) ?? 0
  const active = signatures[activeSignature]!
  const activeParameter = indexWithin(active.activeParameter ?? raw.activeParameter, active.parameters.length)
  return { signatures, activeSignature, activeParameter }
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
    ...(typeof raw.activeParameter === 'number' ? { activeParameter: raw.activeParameter } : {}),
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
