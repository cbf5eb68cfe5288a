import type { LspCallsResult, LspLocation, LspRange } from '@agent-lsp/lsp'
import type { Texts } from '../search/texts.js'
import { familyOf } from './call-site.js'

/**
 * Decorators that return the function, or a wrapper calling it, and keep it nowhere: a server
 * resolves calls through them, so they pass it to no one who may call it later. Matched by the
 * decorator's last name (`functools.lru_cache(…)` is `lru_cache`, `x.setter` is `setter`).
 */
const transparent: ReadonlySet<string> = new Set([
  'staticmethod', 'classmethod', 'property', 'setter', 'getter', 'deleter', 'cached_property',
  'abstractmethod', 'abstractproperty', 'overload', 'override', 'final', 'no_type_check', 'deprecated',
  'wraps', 'cache', 'lru_cache', 'contextmanager', 'asynccontextmanager', 'total_ordering', 'dataclass',
])

/** A decorator at a line's start: `@name`, `@a.b(…)`; its dotted name in group 1. */
const decorator = /^\s*@\s*([\p{L}_$][\p{L}\p{N}_$]*(?:\s*\.\s*[\p{L}_$][\p{L}\p{N}_$]*)*)/u

/** A decorator of a declaration: the place of its dotted name, and its last name (`setter` of `x.setter`). */
export interface Decorator {
  readonly place: LspLocation
  readonly name: string
}

/**
 * What the decorators of an `incomingCalls` answer's origins say, from one scan of each:
 * - `keeping`: those that receive the function as a value (Python's and TypeScript's `@register`
 *   above its declaration, or before its name on its line), which may store it where it is called
 *   with no call naming it (Flask's routes, click's commands, signal receivers, Angular's
 *   `@HostListener`; the thirteenth trial: "No callers" of a function `@register` kept in the table
 *   its `dispatch` calls), each the place of its name; {@link transparent} ones are left out;
 * - `property`: whether an origin is a property's getter or setter (`@property`,
 *   `@cached_property`, `@x.setter`): reading it is its call, so no place naming it uses it as a
 *   value (the fifteenth trial: `k.p` listed as the caller and as a use as a value, partial).
 */
export function originDecorators(result: LspCallsResult, texts: Texts): { readonly keeping: LspLocation[]; readonly property: boolean } {
  if (result.direction !== 'incoming') return { keeping: [], property: false }
  const decorators = result.origins.flatMap((origin) => decoratorsOf(origin, texts))
  return { keeping: decorators.filter(({ name }) => !transparent.has(name)).map(({ place }) => place), property: decorators.some(({ name }) => properties.has(name)) }
}

const properties: ReadonlySet<string> = new Set(['property', 'cached_property', 'setter', 'getter', 'deleter'])

/**
 * The decorators of a declaration (a call hierarchy item, a document symbol; Python and
 * TypeScript): the lines right above its name at its indentation that start with `@` (their
 * arguments deeper or closing), and those before its name on its line.
 */
export function decoratorsOf(origin: { readonly uri: string; readonly selectionRange: LspRange }, texts: Texts): Decorator[] {
  const family = familyOf(origin.uri)
  const lines = texts.lines(origin.uri)
  if ((family !== 'python' && family !== 'javascript') || lines === undefined) return []
  const { line, character } = origin.selectionRange.start
  const own = lines[line] ?? ''
  const indent = /^\s*/.exec(own)![0].length
  const found: Decorator[] = []
  const add = (at: number, text: string, offset: number): void => {
    const match = decorator.exec(text)
    const name = match?.[1]
    if (match === null || name === undefined) return
    const start = offset + match[0].length - name.length
    found.push({ place: { uri: origin.uri, range: { start: { line: at, character: start }, end: { line: at, character: start + name.length } } }, name: name.split('.').at(-1)!.trim() })
  }
  // TypeScript: `@HostListener('click') onClick() {`, decorators before the name on its line.
  for (const match of own.slice(0, character).matchAll(/@/g)) add(line, own.slice(match.index, character), match.index)
  // The lines above: decorators at the declaration's indentation, their arguments deeper or closing.
  for (let above = line - 1; above >= 0; above--) {
    const text = lines[above] ?? ''
    const depth = /^\s*/.exec(text)![0].length
    if (/^\s*$/.test(text)) break
    if (depth > indent || /^\s*[)\]}#]/.test(text) || /^\s*\/\//.test(text)) continue
    if (!decorator.test(text)) break
    add(above, text, 0)
  }
  return found.reverse()
}
