import { URI } from 'vscode-uri'
import type { Cursor } from '../input/cursor.js'
import { ClassHierarchy } from './class-hierarchy.js'
import type { HierarchyContext } from './hierarchy-context.js'
import { libraryBases, type LibraryMethod } from './library-bases.js'
import { noLibraryBase } from './library-text-check.js'
import { definitionsAt, methodAtDefinitions } from './method-family.js'

/** Bases never looked at for a method's name here: Python's `object` (its `__dunder__` methods aside, it declares none). */
const IGNORED = ['object']

/**
 * The library methods (outside the workspace, see `libraryBases`) that the Python method named
 * `name` at `cursor` overrides: `threading.Thread.run` for a `Server(threading.Thread)`'s `run`.
 * The text is looked at first (see `noLibraryBase`): a module's function, or a method whose class
 * has no base outside its file, asks the server nothing (the cursor on its `def`) or its
 * `goToDefinition` alone; otherwise its class and the class's ancestors are asked (see
 * `methodAtDefinitions`), then the library's files read.
 */
export async function libraryOverridden(context: HierarchyContext, cursor: Cursor, name: string): Promise<readonly LibraryMethod[]> {
  const hierarchy = new ClassHierarchy(context)
  const own = await hierarchy.linesOf(URI.file(cursor.absolutePath).toString())
  if (own !== undefined && definesAt(own, cursor, name) && noLibraryBase(own, cursor.position.line, IGNORED)) return []
  const definitions = await definitionsAt(context, cursor)
  const told = await Promise.all(
    definitions.map(async (location) => {
      const lines = /\.pyi?$/.test(URI.parse(location.uri).fsPath) ? await hierarchy.linesOf(location.uri) : undefined
      return lines !== undefined && noLibraryBase(lines, location.range.start.line, IGNORED)
    }),
  )
  // No definition (`methodAt` finds no method) or none that may override one.
  if (told.every(Boolean)) return []
  const at = await methodAtDefinitions(hierarchy, definitions, name)
  return at === undefined ? [] : (await libraryBases(at.hierarchy, [at.declared.klass, ...at.ancestors], name, IGNORED)).members
}

/** Whether the cursor is on the name of a `def name(` (the method asked is that one). */
function definesAt(lines: readonly string[], cursor: Cursor, name: string): boolean {
  const def = new RegExp(`^(\\s*(?:async\\s+)?def\\s+)${name}\\s*\\(`).exec(lines[cursor.position.line] ?? '')
  return def !== null && cursor.position.character >= def[1]!.length && cursor.position.character <= def[1]!.length + name.length
}
