import { basename, dirname, sep } from 'node:path'
import type { LspLocation } from '@agent-lsp/lsp'
import type { Texts } from '../search/texts.js'
import { familyOf } from './call-site.js'
import { decoratorsOf } from './decorators.js'

// pytest passes a fixture to a test, or to another fixture, by the name of a parameter
// (`def test_x(es256_signer):`) or of a `@pytest.mark.usefixtures("es256_signer")` string; no
// server follows either: pyright leads such a parameter to itself. A rename of the fixture alone
// left every test using it failing "fixture 'es256_signer' not found" (the twenty-seventh trial).

/** Lines above a parameter or a string searched for its `def name(` or `usefixtures(`. */
const LINES_BACK = 20

/**
 * Where pytest looks for the fixture declared at one of `definitions`, if the symbol is one (see
 * {@link pytestFixtureAt}) not renamed by `name=`. The answer says whether a file (by path) is in its
 * reach: the folder of its `conftest.py` (any depth under it), else the module declaring it.
 * `undefined` for any other symbol.
 */
export function fixtureReach(definitions: readonly LspLocation[], texts: Texts, pathOf: (uri: string) => string): ((path: string) => boolean) | undefined {
  for (const definition of definitions) {
    const fixture = pytestFixtureAt(definition, texts)
    if (fixture === undefined || fixture.named !== undefined) continue
    const path = pathOf(definition.uri)
    if (basename(path) !== 'conftest.py') return (file) => file === path
    const folder = dirname(path) + sep
    return (file) => file.startsWith(folder)
  }
  return undefined
}

/**
 * The name pytest passes the fixture declared at one of `definitions` by when its decorator gives
 * one, as written (`"client"` of `@pytest.fixture(name="client")` on `def _client():`, or an
 * expression): tests take it as a parameter `client`, which a search for the function's name does
 * not find. `undefined` otherwise.
 */
export function fixtureNamedAs(definitions: readonly LspLocation[], texts: Texts): string | undefined {
  return definitions.map((definition) => pytestFixtureAt(definition, texts)?.named).find((named) => named !== undefined)
}

/**
 * The pytest fixture declared at `definition`: a Python function decorated `@pytest.fixture` /
 * `@pytest.fixture(…)` (or `@pytest_asyncio.fixture`), or `@fixture` when its file imports
 * `fixture` from pytest; `named`, its decorator's `name=` value as written. `undefined` for any other symbol.
 */
function pytestFixtureAt(definition: LspLocation, texts: Texts): { readonly named: string | undefined } | undefined {
  const lines = texts.lines(definition.uri)
  if (familyOf(definition.uri) !== 'python' || lines === undefined) return undefined
  const fromPytest = lines.some((line) => /^from\s+pytest\s+import\b.*\bfixture\b/.test(line)) || /^from\s+pytest\s+import\s*\([^)]*\bfixture\b/m.test(lines.join('\n'))
  for (const { place } of decoratorsOf({ uri: definition.uri, selectionRange: definition.range }, texts)) {
    const text = (lines.slice(place.range.start.line, definition.range.start.line).join('\n') || (lines[place.range.start.line] ?? '')).slice(place.range.start.character)
    const dotted = /^[\w. \t]*/.exec(text)![0].replace(/[ \t]/g, '')
    if (dotted !== 'pytest.fixture' && dotted !== 'pytest_asyncio.fixture' && !(dotted === 'fixture' && fromPytest)) continue
    // The value as written: a string (`"client"`) or an expression (`CLIENT`).
    const named = /^[\w. \t]*\([^)]*\bname\s*=\s*('[^'\n]*'|"[^"\n]*"|[^,)\s]+)/.exec(text)
    return { named: named?.[1] }
  }
  return undefined
}

/**
 * Whether the occurrence at `place` (the name, one line) is a parameter of a Python function
 * (`def f(a, name, b=1):`, over several lines too): after the `(` of a `def`'s parameter list or a
 * `,` at its top level. Not `*name` nor `**name`, which pytest does not bind.
 */
export function isParameter(place: LspLocation, texts: Texts): boolean {
  const before = textBefore(place, texts)
  const def = [...before.matchAll(/\bdef\s+[\p{L}_][\p{L}\p{N}_]*\s*\(/gu)].at(-1)
  if (def === undefined || !/[(,]\s*$/.test(before)) return false
  return atTop(before.slice(def.index + def[0].length))
}

/**
 * Whether the occurrence at `place`, inside a string, is an argument of `usefixtures(…)`
 * (`@pytest.mark.usefixtures("a", "name")`, `pytestmark = pytest.mark.usefixtures("name")`).
 */
export function inUsefixtures(place: LspLocation, texts: Texts): boolean {
  const before = textBefore(place, texts)
  const call = [...before.matchAll(/\busefixtures\s*\(/g)].at(-1)
  return call !== undefined && atTop(before.slice(call.index + call[0].length))
}

/** The text of up to {@link LINES_BACK} lines before `place`, and of its line up to it. */
function textBefore(place: LspLocation, texts: Texts): string {
  const lines = texts.lines(place.uri) ?? []
  const { line, character } = place.range.start
  return [...lines.slice(Math.max(0, line - LINES_BACK), line), (lines[line] ?? '').slice(0, character)].join('\n')
}

/** Whether `text`, after a bracket just opened, ends at that bracket's top level: it never closes it, and the brackets it opens are closed. */
function atTop(text: string): boolean {
  let depth = 0
  for (const char of text) {
    if (char === '(' || char === '[' || char === '{') depth++
    else if (char === ')' || char === ']' || char === '}') depth--
    if (depth < 0) return false
  }
  return depth === 0
}
