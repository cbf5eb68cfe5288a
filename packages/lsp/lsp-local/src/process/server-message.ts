import { splitLines } from '@agent-lsp/text-lines'

/**
 * A server's error message as one line for an answer: the lines before its stack trace (servers
 * written in JavaScript send `Error: …\n    at …` frames), blank lines and repeats dropped
 * (tsserver says "No Project." then "Error: No Project."), joined with ` `. The raw message stays
 * in the error's `responseError`.
 */
export function serverMessage(message: string): string {
  const kept: string[] = []
  for (const raw of splitLines(message)) {
    const line = raw.trim()
    if (/^at\s/.test(line)) break
    const bare = line.replace(/^Error:\s*/, '')
    if (bare !== '' && !kept.includes(bare)) kept.push(bare)
  }
  return kept.join(' ') || message.trim()
}
