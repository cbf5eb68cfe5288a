import { statSync, type Stats } from 'node:fs'
import { realpath } from 'node:fs/promises'
import { splitLines, visibleLineCount } from '@agent-lsp/text-lines'
import { relativeInside } from '@agent-lsp/wording'
import { FileTexts, identityOf, type FileText } from './file-texts.js'
import { NotRegularFileError, readRegularFile } from './regular-file.js'
import { disputedBreakAt } from '../text/disputed-break.js'

/** Where a file's real path lies against the workspace root's, its text when inside, and when it last changed. */
export type PlacedFile = Placing & { readonly changedAtMs: number }

type Placing =
  | {
      /** The file relative to `realRoot`, forward slashes (`.` for the root itself). */
      readonly insideAs: string
      readonly text: FileText
      readonly realRoot: string
    }
  | {
      /** Outside: the file was not read. */
      readonly insideAs: undefined
      readonly realPath: string
      readonly realRoot: string
    }

/**
 * The files one query reads: each path `stat`ed once per query, its text taken from the
 * {@link FileTexts} kept across queries while unchanged, else read (see `readRegularFile`) once
 * its real path is found inside the workspace root's real path.
 */
export interface QueryFiles {
  readonly workspaceRoot: string
  /** The root's real path (the root as given when it cannot be resolved). */
  realRoot(): Promise<string>
  /**
   * A regular file placed against the root, read when inside.
   * @throws (rejects) NotRegularFileError, NotTextError, or the `fs` error (`ENOENT`, `EACCES`, …).
   */
  placed(absolutePath: string): Promise<PlacedFile>
}

/** The files of one query over `workspaceRoot`, with texts kept in `texts` (a fresh store: none kept). */
export function createQueryFiles(workspaceRoot: string, texts: FileTexts = new FileTexts()): QueryFiles {
  const memo = new Map<string, Promise<PlacedFile>>()
  let realRoot: Promise<string> | undefined
  const files: QueryFiles = {
    workspaceRoot,
    realRoot: () => (realRoot ??= rootRealPath(workspaceRoot, texts)),
    placed: (absolutePath) => {
      let placed = memo.get(absolutePath)
      if (placed === undefined) {
        placed = place(absolutePath, files, texts)
        memo.set(absolutePath, placed)
      }
      return placed
    },
  }
  return files
}

function insideOf(realRoot: string, realPath: string): string | undefined {
  return realPath === realRoot ? '.' : relativeInside(realRoot, realPath)
}

/**
 * {@link placeAt} with the file's last change (the later of its `mtime` and `ctime`, ms since the
 * epoch; a rename into place moves the `ctime`) from the same `stat`: what tells a file written
 * while a query ran (see `changedDuring`), at no cost of its own.
 */
async function place(absolutePath: string, files: QueryFiles, texts: FileTexts): Promise<PlacedFile> {
  const statAtMs = Date.now()
  // Synchronous: one stat costs a few microseconds, a round trip through libuv's pool far more.
  const stats = statSync(absolutePath)
  return { ...(await placeAt(absolutePath, stats, statAtMs, files, texts)), changedAtMs: Math.max(stats.mtimeMs, stats.ctimeMs) }
}

async function placeAt(absolutePath: string, stats: Stats, statAtMs: number, files: QueryFiles, texts: FileTexts): Promise<Placing> {
  if (!stats.isFile()) throw new NotRegularFileError(absolutePath, stats.isDirectory())
  const identity = identityOf(stats)
  const kept = texts.get(absolutePath, identity)
  let realRoot = await files.realRoot()
  if (kept !== undefined) {
    const insideAs = insideOf(realRoot, kept.realPath)
    if (insideAs !== undefined) return { insideAs, text: kept, realRoot }
  }
  const realPath = await realpath(absolutePath)
  let insideAs = insideOf(realRoot, realPath)
  if (insideAs === undefined) {
    // The kept root may be stale (a folder above it renamed since): "outside" is decided on a current one.
    realRoot = await realpath(files.workspaceRoot).catch(() => files.workspaceRoot)
    insideAs = insideOf(realRoot, realPath)
    if (insideAs === undefined) return { insideAs, realPath, realRoot }
  }
  const raw = await readRegularFile(absolutePath)
  const lines = splitLines(raw)
  const disputed = disputedBreakAt(raw, absolutePath)
  const text = { realPath, lines, lineCount: visibleLineCount(lines), ...(disputed === undefined ? {} : { disputed }) }
  texts.set(absolutePath, identity, statAtMs, text)
  return { insideAs, text, realRoot }
}

async function rootRealPath(workspaceRoot: string, texts: FileTexts): Promise<string> {
  let key = ''
  try {
    const stats = statSync(workspaceRoot)
    key = `${stats.dev}:${stats.ino}:${stats.ctimeMs}`
  } catch {
    // Resolved below as far as it can be; nothing kept.
  }
  const kept = texts.roots.get(workspaceRoot)
  if (kept !== undefined && key !== '' && kept.key === key) return kept.real
  const real = await realpath(workspaceRoot).catch(() => workspaceRoot)
  if (key !== '') texts.roots.set(workspaceRoot, { key, real })
  return real
}
