import { readFileSync } from 'node:fs'

/** The UTF-8 text of `file`, read now; `undefined` when it cannot be read (missing, a folder, no permission). */
export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}
