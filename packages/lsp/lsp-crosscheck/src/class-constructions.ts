import type { LspCall, LspLocation, LspSymbol } from '@agent-lsp/lsp'
import { inRanges, lexicalRanges } from '@agent-lsp/lexical'
import { lineOfOffset } from '@agent-lsp/text-lines'
import { decoratorsOf } from './classify/decorators.js'
import type { Texts } from './search/texts.js'

/**
 * The calls of `cls(…)` in the classmethods of `owner` (a Python class in the file at `uri`): the
 * class or a subclass, constructed where no call names the class (`Base.make`'s `return cls(1)`,
 * the idiomatic alternate constructor; the fifteenth trial). A classmethod is a method decorated
 * `@classmethod` (see `decoratorsOf`). Each is a caller, its sites the
 * `cls` of each call in code.
 */
export function classmethodConstructions(owner: LspSymbol, uri: string, texts: Texts): LspCall[] {
  const text = texts.get(uri)
  if (text === undefined) return []
  const { nonCode } = lexicalRanges(text.text, 'python')
  return owner.children.flatMap((method): LspCall[] => {
    if (method.kind !== 'Method' || !decoratorsOf({ uri, selectionRange: method.selectionRange }, texts).some(({ name }) => name === 'classmethod')) return []
    const from = (text.lineStarts[method.range.start.line] ?? 0) + method.range.start.character
    const to = (text.lineStarts[method.range.end.line] ?? text.text.length) + method.range.end.character
    const callSites: LspLocation[] = []
    for (const match of text.text.slice(from, to).matchAll(/(?<![\p{L}\p{N}_.])cls(?=\s*\()/gu)) {
      const at = from + match.index
      if (inRanges(nonCode, at)) continue
      const line = lineOfOffset(text.lineStarts, at)
      const character = at - (text.lineStarts[line] ?? 0)
      callSites.push({ uri, range: { start: { line, character }, end: { line, character: character + 3 } } })
    }
    const item = { name: method.name, kind: method.kind, ...(method.detail === undefined ? {} : { detail: method.detail }), uri, range: method.range, selectionRange: method.selectionRange }
    return callSites.length === 0 ? [] : [{ item, callSites }]
  })
}

/**
 * Whether a reference of a Python class, on `lineText` at `start..end` (zero-based UTF-16), keeps
 * the class as a value it may be constructed through with no call naming it: assigned
 * (`f = Base`), returned, passed, or an element of a list, tuple, set or dict (`[Base][0](6)`).
 * Not a call, an attribute (`Base.make()`), an annotation, a base, nor given to what only tests
 * or names a type (`isinstance`, `except`, `super`, `cast`).
 */
export function keepsClass(lineText: string, start: number, end: number): boolean {
  if (/\b(?:isinstance|issubclass|except|super|cast|TypeVar|type)\b\s*\(?/.test(lineText.slice(0, start)) || /^\s*(?:class|def)\b/.test(lineText)) return false
  const before = lineText.slice(0, start)
  const after = lineText.slice(end)
  if (/^\s*[.(]/.test(after)) return false
  if (/(?:[^=!<>:]=|\breturn)\s*$/.test(before) && /^\s*(?:#.*)?$/.test(after)) return true
  return /[[{(,]\s*$/.test(before) && /^\s*[\]}),]/.test(after) && !/(?::|->)\s*[\w.[\], ]*$/.test(before)
}
