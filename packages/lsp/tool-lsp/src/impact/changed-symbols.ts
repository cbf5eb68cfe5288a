import path from 'node:path'
import { compareCodeUnits, LspError, type LspSymbol } from '@agent-lsp/lsp'
import { addedLines, type Hunk } from './diff-hunks.js'
import type { ChangeSet } from './changes.js'
import { oldDeclarations, type OldDeclaration } from './old-declarations.js'
import { bodies, symbolAt, symbolNames, type PlacedSymbol } from './symbol-at.js'

/** A file's `documentSymbol` tree by absolute path, asked once per file of a question. */
export type Outline = (absolutePath: string) => Promise<readonly LspSymbol[]>

/** A changed symbol and the lines on disk (1-based) the diff changed in it. */
export interface Changed {
  readonly file: string
  readonly placed: PlacedSymbol
  readonly lines: number[]
}

/** What the diff's hunks map onto. */
export interface ChangedParts {
  readonly changed: Changed[]
  readonly outside: { file: string; lines: number[] }[]
  readonly unread: { file: string; reason: string }[]
  /** Removed declarations whose name the file no longer declares. */
  readonly removed: (OldDeclaration & { readonly file: string; readonly fileDeleted: boolean })[]
}

/**
 * Map each hunk of `changes` onto the `documentSymbol` of its file on disk: every added line to
 * the innermost symbol holding it (see `symbolAt`), a pure deletion to the symbol holding the
 * lines on both sides of it. Removed lines that start a declaration (`oldDeclarations`) whose name
 * the new file declares nowhere are removed names (unless the hunk lies inside a function's body:
 * those are its locals); so is every declaration of a deleted file.
 * (`reads` says which deleted files a provider would read.) A file no provider reads (`LSP_UNAVAILABLE`) or that cannot be outlined
 * (`LSP_UNSUPPORTED_OPERATION`) is listed as unread; other failures reject.
 */
export async function changedParts(changes: ChangeSet, workspaceRoot: string, outline: Outline, reads: (file: string) => boolean): Promise<ChangedParts> {
  const parts: ChangedParts = { changed: [], outside: [], unread: [], removed: [] }
  for (const file of changes.files) {
    const shown = file.newPath ?? file.oldPath ?? ''
    if (file.binary) {
      parts.unread.push({ file: shown, reason: 'binary' })
      continue
    }
    let symbols: readonly LspSymbol[] | undefined
    if (file.newPath !== null) {
      try {
        symbols = await outline(path.join(workspaceRoot, file.newPath))
      } catch (error) {
        if (!LspError.isInstance(error) || !['LSP_UNAVAILABLE', 'LSP_UNSUPPORTED_OPERATION', 'LSP_FILE_NOT_FOUND'].includes(error.code)) throw error
        parts.unread.push({ file: shown, reason: error.code === 'LSP_UNAVAILABLE' ? 'no language server' : error.code === 'LSP_FILE_NOT_FOUND' ? 'not on disk' : 'no outline' })
      }
    }
    if (symbols !== undefined && file.newPath !== null) {
      const newPath = file.newPath
      const byKey = new Map<string, Changed>()
      const outside: number[] = []
      const mark = (line: number, placed: PlacedSymbol | undefined): void => {
        if (placed === undefined) return void (outside.includes(line) || outside.push(line))
        const key = `${placed.symbol.range.start.line}:${placed.symbol.range.start.character}:${placed.namePath}`
        const entry = byKey.get(key) ?? { file: newPath, placed, lines: [] }
        byKey.set(key, entry)
        if (!entry.lines.includes(line)) entry.lines.push(line)
      }
      for (const hunk of file.hunks) {
        if (hunk.newCount > 0) {
          for (const line of addedLines(hunk)) {
            const disk = changes.toDisk(newPath, line)
            mark(disk, symbolAt(symbols, disk - 1))
          }
          continue
        }
        // A deletion after line newStart: inside a symbol when one holds the lines on both sides.
        const before = changes.toDisk(newPath, Math.max(1, hunk.newStart))
        const holder = symbolAt(symbols, before - 1)
        const after = symbolAt(symbols, before)
        if (holder !== undefined && after !== undefined && holder.symbol === after.symbol) mark(before, holder)
      }
      parts.changed.push(...byKey.values())
      if (outside.length > 0) parts.outside.push({ file: newPath, lines: outside.sort((a, b) => a - b) })
    }
    if (file.oldPath === null || !file.hunks.some((hunk) => hunk.oldCount > 0)) continue
    // Declarations are looked for only where a server would have outlined them.
    if (file.newPath === null ? !reads(file.oldPath) : symbols === undefined) continue
    const oldText = await changes.oldText(file.oldPath)
    if (oldText === undefined) continue
    const declared = symbols === undefined ? new Set<string>() : symbolNames(symbols)
    for (const hunk of file.hunks) {
      if (hunk.oldCount === 0 || (symbols !== undefined && file.newPath !== null && insideBody(symbols, hunk, (line) => changes.toDisk(file.newPath!, line)))) continue
      for (const found of oldDeclarations(oldText, hunk.oldStart, hunk.oldStart + hunk.oldCount - 1)) {
        if (declared.has(found.name) && file.newPath !== null) continue
        parts.removed.push({ ...found, file: file.oldPath, fileDeleted: file.newPath === null })
      }
    }
  }
  // Code-unit order, not localeCompare (ICU collation, 3 MB of RSS): the same on every machine.
  parts.changed.sort((a, b) => compareCodeUnits(a.file, b.file) || a.placed.symbol.selectionRange.start.line - b.placed.symbol.selectionRange.start.line)
  return parts
}

/** Whether the lines just before and just after `hunk`'s new side are in one function's body (`toDisk`: new side → disk). */
function insideBody(symbols: readonly LspSymbol[], hunk: Hunk, toDisk: (line: number) => number): boolean {
  const before = toDisk(hunk.newCount > 0 ? hunk.newStart - 1 : hunk.newStart)
  const after = toDisk(hunk.newCount > 0 ? hunk.newStart + hunk.newCount : hunk.newStart + 1)
  const holder = symbolAt(symbols, before - 1)
  return holder !== undefined && bodies.has(holder.symbol.kind) && symbolAt(symbols, after - 1)?.symbol === holder.symbol
}
