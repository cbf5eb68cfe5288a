/**
 * The conformance suite's workspace on disk: the fixture's files under a real root, a symlink to
 * that root, a file outside it, and a link inside it pointing out.
 */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, extname, join } from 'node:path'
import type { LspPosition } from '@agent-lsp/lsp'
import { ConformanceError, type ConformanceCursorSpec, type ConformanceFixture } from './conformance-types.js'

/** The directories and files one run of the suite works in. */
export interface ConformanceWorkspace {
  /** The workspace, by its realpath (what `resolvedWorkspaceRoot` must be). */
  readonly root: string
  /** A symlink to `root`. */
  readonly linkedRoot: string
  /** A file with the extension of `anyFile`, outside the workspace. */
  readonly outsideFile: string
  /** Inside the workspace, a symlink to `outsideFile` (relative to `root`). */
  readonly escapingLink: string
  /** A file name that does not exist, with the same extension (relative to `root`). */
  readonly missingFile: string
  /** The text of a fixture file. */
  readonly text: (file: string) => string
  readonly remove: () => Promise<void>
}

/**
 * Write `fixture` to a fresh temp directory. `extensionFile` is a fixture file whose extension
 * the provider serves; the outside and missing files take its extension.
 */
export async function createConformanceWorkspace(fixture: ConformanceFixture, extensionFile: string): Promise<ConformanceWorkspace> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'agent-lsp-conformance-')))
  const root = join(base, 'workspace')
  const extension = extname(extensionFile)
  try {
    for (const [file, content] of Object.entries(fixture.files)) {
      await mkdir(dirname(join(root, file)), { recursive: true })
      await writeFile(join(root, file), content)
    }
    const linkedRoot = join(base, 'linked-workspace')
    await symlink(root, linkedRoot, 'dir')
    const outsideFile = join(base, 'outside', `outside${extension}`)
    await mkdir(dirname(outsideFile), { recursive: true })
    await writeFile(outsideFile, fixture.files[extensionFile] ?? '')
    const escapingLink = `escaping-link${extension}`
    await symlink(outsideFile, join(root, escapingLink), 'file')
    return {
      root,
      linkedRoot,
      outsideFile,
      escapingLink,
      missingFile: `no-such-file${extension}`,
      text: (file) => {
        const content = fixture.files[file]
        if (content === undefined) throw new ConformanceError(`the fixture has no file ${file}`)
        return content
      },
      remove: () => rm(base, { recursive: true, force: true }),
    }
  } catch (error) {
    await rm(base, { recursive: true, force: true })
    throw error
  }
}

/** The lines of a text, split as LSP splits them (`\n`, `\r\n`, `\r`). */
export function linesOf(text: string): string[] {
  return text.split(/\r\n|\r|\n/)
}

/**
 * The zero-based UTF-16 position of the first occurrence of `spec.at` in `text`, plus
 * `spec.offset` code units.
 * @throws ConformanceError when `at` does not occur.
 */
export function positionOf(text: string, spec: ConformanceCursorSpec): LspPosition {
  const found = text.indexOf(spec.at)
  if (found < 0) throw new ConformanceError(`fixture: ${JSON.stringify(spec.at)} does not occur in ${spec.file}`)
  const before = linesOf(text.slice(0, found + (spec.offset ?? 0)))
  return { line: before.length - 1, character: before.at(-1)?.length ?? 0 }
}
