import { SymbolInformation_Kind as Kind, type SymbolInformation } from '@c4312/scip/scip_pb.js'
import type { LspSymbolKind } from '@agent-lsp/lsp'
import { descriptorsOf, type ScipSuffix } from '../scip/symbol.js'

/** SCIP kinds an indexer may set, as LSP symbol kinds. */
const fromScip: Partial<Record<Kind, LspSymbolKind>> = {
  [Kind.Class]: 'Class', [Kind.Interface]: 'Interface', [Kind.Enum]: 'Enum', [Kind.EnumMember]: 'EnumMember',
  [Kind.Function]: 'Function', [Kind.Method]: 'Method', [Kind.AbstractMethod]: 'Method', [Kind.Constructor]: 'Constructor',
  [Kind.Property]: 'Property', [Kind.Field]: 'Field', [Kind.Variable]: 'Variable', [Kind.Constant]: 'Constant',
  [Kind.Module]: 'Module', [Kind.Namespace]: 'Namespace', [Kind.Package]: 'Package', [Kind.TypeAlias]: 'Class',
  [Kind.TypeParameter]: 'TypeParameter', [Kind.Struct]: 'Struct', [Kind.Getter]: 'Property', [Kind.Setter]: 'Property',
}

/**
 * What the first line of the documentation's signature says (scip-typescript and scip-python set
 * no kind): `class X`, `interface X`, `(method) …`, `def f(`, `const x`, …
 */
const fromSignature: readonly [RegExp, LspSymbolKind][] = [
  [/^(export )?(abstract )?class /, 'Class'],
  [/^interface /, 'Interface'],
  [/^(const )?enum /, 'Enum'],
  [/^\(enum member\) /, 'EnumMember'],
  [/^type /, 'Class'],
  [/^(module|namespace) /, 'Module'],
  [/^constructor/, 'Constructor'],
  [/^\(method\) /, 'Method'],
  [/^\((property|getter|setter|accessor)\) /, 'Property'],
  [/^(function|async function|def|async def) /, 'Function'],
  [/^const /, 'Constant'],
  [/^(let|var|\(variable\)) /, 'Variable'],
]

/** The first line of a documentation's first fenced code block (or of its text). */
function signatureLine(information: SymbolInformation | undefined): string {
  const text = information?.signatureDocumentation?.text ?? information?.documentation[0] ?? ''
  const fenced = /^```\w*\n([^\n]*)/.exec(text)
  return (fenced?.[1] ?? text.split('\n')[0] ?? '').trim()
}

/** The LSP kind of a symbol: the index's, else its signature's, else its descriptor's suffix. */
export function symbolKindOf(symbol: string, information: SymbolInformation | undefined): LspSymbolKind {
  const given = information === undefined ? undefined : fromScip[information.kind]
  if (given) return given
  const descriptors = descriptorsOf(symbol)
  const last = descriptors.at(-1)
  const inType = descriptors.at(-2)?.suffix === 'Type'
  const line = signatureLine(information)
  for (const [pattern, kind] of fromSignature) {
    if (!pattern.test(line)) continue
    if (kind === 'Function' && inType) return last?.name === '__init__' ? 'Constructor' : 'Method'
    if ((kind === 'Variable' || kind === 'Constant') && inType) return 'Property'
    return kind
  }
  return bySuffix(last?.suffix, inType)
}

function bySuffix(suffix: ScipSuffix | undefined, inType: boolean): LspSymbolKind {
  switch (suffix) {
    case 'Type': return 'Class'
    case 'Method': return inType ? 'Method' : 'Function'
    case 'Term': return inType ? 'Property' : 'Variable'
    case 'Namespace': return 'Namespace'
    case 'TypeParameter': return 'TypeParameter'
    case 'Macro': return 'Function'
    case 'Parameter': return 'Variable'
    default: return 'Unknown'
  }
}
