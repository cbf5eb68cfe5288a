// Test support (not exported): a folder tree written from a record of relative path → text.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** Write `files` (relative path → text) under `root`, folders made as needed. */
export async function writeTree(root: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), text)
  }
}
