import { mayDeclareLocal, shellVariableScope, type LineSpan } from './shell-namespace.js'

/** A place of a shell variable: its file and zero-based line. */
export interface ShellPlace {
  readonly uri: string
  readonly range: { readonly start: { readonly line: number } }
}

/** What {@link sameShellScope} reads of a script. */
export interface ShellScripts {
  /** The script's text; `undefined` when it cannot be read. */
  text(uri: string): Promise<string | undefined> | string | undefined
  /** The line of the script by zero-based number. */
  lineAt(uri: string, line: number): string | undefined
  /** The whole line spans of the functions it defines; `undefined` when they cannot be listed. */
  functionsOf(uri: string): Promise<readonly LineSpan[] | undefined>
}

/**
 * The places of the shell variable `name` in the scope of the one `asked` (see
 * {@link shellVariableScope}: a function's `local` variable, else the script's). A script that
 * declares no `local` of the name is not looked into; one whose functions cannot be listed keeps
 * its places, and all are kept when the asked one's cannot.
 */
export async function sameShellScope<Place extends ShellPlace>(places: readonly Place[], asked: ShellPlace, name: string, scripts: ShellScripts): Promise<Place[]> {
  const scopeOf = async (place: ShellPlace): Promise<string | undefined> => {
    const text = await scripts.text(place.uri)
    if (text === undefined || !mayDeclareLocal(text, name)) return 'global'
    const functions = await scripts.functionsOf(place.uri)
    if (functions === undefined) return undefined
    const scope = shellVariableScope((line) => scripts.lineAt(place.uri, line), functions, place.range.start.line, name)
    return scope < 0 ? 'global' : `${place.uri}#${scope}`
  }
  const scope = await scopeOf(asked)
  if (scope === undefined) return [...places]
  const scopes = await Promise.all(places.map(scopeOf))
  return places.filter((_, index) => scopes[index] === undefined || scopes[index] === scope)
}
