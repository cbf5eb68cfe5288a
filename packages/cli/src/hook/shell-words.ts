/**
 * Split a simple POSIX shell command line into words: blanks separate, `'…'` and `"…"` quote,
 * `\` escapes. `undefined` for anything else the shell would interpret — pipes, lists,
 * redirections, substitutions, globs, variables, comments, unbalanced quotes — since the words
 * would then not be what runs.
 */
export function shellWords(line: string): string[] | undefined {
  const words: string[] = []
  let word: string | undefined
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!
    if (char === ' ' || char === '\t') {
      if (word !== undefined) words.push(word)
      word = undefined
    } else if (char === "'") {
      const end = line.indexOf("'", index + 1)
      if (end === -1) return undefined
      word = (word ?? '') + line.slice(index + 1, end)
      index = end
    } else if (char === '"') {
      let text = ''
      for (index++; index < line.length && line[index] !== '"'; index++) {
        if ('$`'.includes(line[index]!)) return undefined
        if (line[index] === '\\' && '"\\'.includes(line[index + 1] ?? '')) index++
        text += line[index]
      }
      if (index >= line.length) return undefined
      word = (word ?? '') + text
    } else if (char === '\\') {
      if (index + 1 >= line.length) return undefined
      word = (word ?? '') + line[++index]
    } else if ('|&;<>()$`*?[]{}~#!\n\r'.includes(char)) {
      return undefined
    } else {
      word = (word ?? '') + char
    }
  }
  if (word !== undefined) words.push(word)
  return words
}
