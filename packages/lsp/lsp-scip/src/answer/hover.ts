import type { SymbolInformation } from '@c4312/scip/scip_pb.js'
import type { LspHover, LspRange } from '@agent-lsp/lsp'

/**
 * A hover from a symbol's SCIP information: its signature (`signature_documentation`, as a fenced
 * block in its language) when given, then its documentation strings (markdown; scip-typescript's
 * first one is the signature already), separated by blank lines. `null` when there is no text.
 */
export function hoverOf(information: SymbolInformation | undefined, range: LspRange): LspHover | null {
  if (information === undefined) return null
  const parts: string[] = []
  const signature = information.signatureDocumentation
  if (signature !== undefined && signature.text.trim() !== '') parts.push(`\`\`\`${signature.language.toLowerCase()}\n${signature.text.trim()}\n\`\`\``)
  for (const text of information.documentation) if (text.trim() !== '') parts.push(text.trim())
  const contents = parts.join('\n\n')
  return contents === '' ? null : { contents, range }
}
