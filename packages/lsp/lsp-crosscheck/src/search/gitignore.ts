import { globRegExp } from './glob.js'

/** What one ignore file says of a path: ignored, re-included (`!`), or nothing. */
export type IgnoreVerdict = 'ignore' | 'whitelist' | undefined

/** The rules of one ignore file (`.gitignore`, `.ignore`, `.rgignore`, `.git/info/exclude`). */
export interface IgnoreRules {
  /**
   * The verdict of the last rule matching `relative` (a `/`-separated path from the file's folder;
   * rules ending in `/` only for a directory), as ripgrep decides per entry: the verdicts of
   * parent directories are not consulted here (the walk never enters an ignored one).
   */
  verdict(relative: string, isDirectory: boolean): IgnoreVerdict
}

interface Rule {
  readonly regExp: RegExp
  readonly whitelist: boolean
  readonly directoryOnly: boolean
}

/**
 * The rules of an ignore file's text, line by line as ripgrep's `ignore` crate reads them: `#`
 * comments, trailing blanks trimmed unless escaped (`\ `), `\!` and `\#` literal, `!` re-includes,
 * a leading `/` or any inner `/` anchors the pattern at the file's folder, else it matches at any
 * depth; a trailing `/` limits it to directories; `a/**` matches what is inside `a`, not `a`.
 * @throws Error when a pattern is one {@link globRegExp} does not model.
 */
export function parseIgnoreFile(text: string): IgnoreRules {
  const rules: Rule[] = []
  text.split('\n').forEach((raw, index) => {
    let line = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (index === 0 && line.startsWith('\ufeff')) line = line.replace(/^\ufeff+/, '')
    if (line.startsWith('#')) return
    if (!line.endsWith('\\ ')) line = line.trimEnd()
    if (line === '') return
    let whitelist = false
    let anchored = false
    if (line.startsWith('\\!') || line.startsWith('\\#')) {
      line = line.slice(1)
      anchored = line.startsWith('/')
    } else {
      if (line.startsWith('!')) {
        whitelist = true
        line = line.slice(1)
      }
      if (line.startsWith('/')) {
        line = line.slice(1)
        anchored = true
      }
    }
    let directoryOnly = false
    if (line.endsWith('/')) {
      directoryOnly = true
      line = line.slice(0, -1)
      if (line.endsWith('\\')) line = line.slice(0, -1)
    }
    let glob = line
    if (!anchored && !line.includes('/') && !(glob.startsWith('**/') || glob === '**')) glob = `**/${glob}`
    if (glob.endsWith('/**')) glob = `${glob}/*`
    rules.push({ regExp: globRegExp(glob), whitelist, directoryOnly })
  })
  return {
    verdict(relative, isDirectory) {
      for (let k = rules.length - 1; k >= 0; k--) {
        const rule = rules[k]!
        if ((!rule.directoryOnly || isDirectory) && rule.regExp.test(relative)) return rule.whitelist ? 'whitelist' : 'ignore'
      }
      return undefined
    },
  }
}
