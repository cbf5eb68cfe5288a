import type { LspSignatureHelpResult, LspSignatureInformation } from '@agent-lsp/lsp'
import type { Cursor } from '../input/cursor.js'
import { splitLines } from '@agent-lsp/text-lines'

/** Lines of a parameter's documentation shown (joined on its row). */
const PARAMETER_DOC_LINES = 2
/** Lines of a signature's documentation shown. */
const SIGNATURE_DOC_LINES = 3

/**
 * Render a `signatureHelp` answer (after the signature-help spec this tool follows): the active
 * signature first, as `Signature i of n (active):`, its label, the first paragraph of its
 * documentation (up to three lines), `Parameters:` with `→` on the active one (`label — doc`, the
 * doc's first paragraph cut to two lines, joined), and `Returns: T` when the label shows the type after its parameter list (`): T`,
 * `-> T`); then the other signatures, label only, in their order. Numbers are the server's order.
 */
export function renderSignatureHelp(result: LspSignatureHelpResult, cursor: Cursor): string {
  const help = result.signatureHelp
  if (help === null || help.signatures.length === 0) {
    return `No signature help at ${cursor.label}: the cursor must be inside the argument list of a call.`
  }
  const { signatures } = help
  const active = help.activeSignature >= 0 && help.activeSignature < signatures.length ? help.activeSignature : 0
  const order = [active, ...signatures.map((_, index) => index).filter((index) => index !== active)]
  const blocks = order.map((index) => {
    const signature = signatures[index]!
    const title = `Signature ${index + 1} of ${signatures.length}${index === active ? ' (active)' : ''}:`
    if (index !== active) return [title, `  ${signature.label}`].join('\n')
    return activeBlock(title, signature, signature.activeParameter ?? help.activeParameter)
  })
  return blocks.join('\n\n')
}

function activeBlock(title: string, signature: LspSignatureInformation, activeParameter: number | null): string {
  const lines = [title, `  ${signature.label}`, ...docLines(signature.documentation, SIGNATURE_DOC_LINES).map((line) => `  ${line}`)]
  if (signature.parameters.length > 0) {
    lines.push('', '  Parameters:')
    signature.parameters.forEach((parameter, index) => {
      const doc = docLines(parameter.documentation, PARAMETER_DOC_LINES).join(' ')
      lines.push(`    ${index === activeParameter ? '→ ' : '  '}${parameter.label}${doc ? ` — ${doc}` : ''}`)
    })
  }
  const returns = returnType(signature.label)
  if (returns !== undefined) lines.push('', `  Returns: ${returns}`)
  return lines.join('\n')
}

/**
 * The first paragraph of `text` (up to its first blank line: the summary, before tags and
 * examples), at most `max` lines, trimmed; the last ends in `…` when anything was cut.
 */
function docLines(text: string | undefined, max: number): string[] {
  const all = splitLines((text ?? '').trim()).map((line) => line.trim())
  const blank = all.indexOf('')
  const lines = blank < 0 ? all.filter((line) => line !== '') : all.slice(0, blank)
  const cut = lines.length > max || (blank >= 0 && all.slice(blank).some((line) => line !== ''))
  const kept = lines.slice(0, max)
  if (cut && kept.length > 0) kept[kept.length - 1] = `${kept[kept.length - 1]} …`
  return kept
}

/**
 * The type after a label's parameter list: `f(a: T): R` → `R`, `(a: T) -> R` → `R`; `undefined`
 * when the label has no parameter list or nothing after it (`void f(int a)`).
 */
export function returnType(label: string): string | undefined {
  const open = label.indexOf('(')
  if (open < 0) return undefined
  let depth = 0
  for (let index = open; index < label.length; index++) {
    const char = label[index]
    if (char === '(') depth++
    else if (char === ')' && --depth === 0) {
      const type = /^\s*(?::|->|=>)\s*(.+?)\s*$/.exec(label.slice(index + 1))?.[1]
      return type === undefined || type === '' ? undefined : type
    }
  }
  return undefined
}
