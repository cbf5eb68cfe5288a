import { dirname, isAbsolute, join, resolve } from 'node:path'
import { readText } from './read-text.js'

/** Folders a project builds as its own sources, and the files that named them (read again when one of them changes). */
export interface LinkedFolders {
  /** Absolute folders, each once, in the order named. */
  readonly folders: readonly string[]
  /** Absolute paths of the files read (some may not exist). */
  readonly namedBy: readonly string[]
}

/**
 * The folders a Go project under `root` builds from a local path: `go.work`'s `use` directives, and
 * the `replace` directives with a local path (`replace example.com/sys => ../sys`) of `go.work` and
 * of each module it uses (else of `root/go.mod`). gopls reads their files but registers no watcher
 * for those outside its root (it watches the workspace's modules only), so they are followed for it.
 */
export function goLinkedFolders(root: string): LinkedFolders {
  const work = join(root, 'go.work')
  const workText = readText(work)
  const namedBy = [work]
  const folders = new Set<string>()
  const modules = workText === undefined ? [root] : directives(workText, 'use').map((path) => resolve(root, path))
  if (workText !== undefined) for (const folder of localReplacements(workText)) folders.add(resolve(root, folder))
  for (const module of modules) {
    folders.add(module)
    const goMod = join(module, 'go.mod')
    namedBy.push(goMod)
    for (const folder of localReplacements(readText(goMod) ?? '')) folders.add(resolve(dirname(goMod), folder))
  }
  folders.delete(root)
  return { folders: [...folders], namedBy }
}

/** The local paths `replace` directives lead to: a target written `./x`, `../x` or absolute, which the go command takes for a folder. */
function localReplacements(text: string): string[] {
  return directives(text, 'replace').flatMap((line) => {
    const target = line.split('=>')[1]?.trim().split(/\s+/)
    if (target === undefined || target.length !== 1) return [] // `path version`: a module from the proxy
    const path = unquoted(target[0] ?? '')
    return path.startsWith('./') || path.startsWith('../') || isAbsolute(path) ? [path] : []
  })
}

/**
 * The arguments of each `verb` directive in a go.mod or go.work text (comments removed), one
 * string per directive, from the single-line form (`use ./a`) and the block form (`use ( ./a ./b )`).
 */
function directives(text: string, verb: string): string[] {
  const found: string[] = []
  let inBlock = false
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim()
    if (inBlock) {
      if (line === ')') inBlock = false
      else if (line !== '') found.push(verb === 'use' ? unquoted(line) : line)
      continue
    }
    const match = new RegExp(`^${verb}(?:\\s+|(?=\\())(.*)$`).exec(line)
    if (match === null) continue
    const rest = (match[1] ?? '').trim()
    if (rest === '(') inBlock = true
    else if (rest !== '') found.push(verb === 'use' ? unquoted(rest) : rest)
  }
  return found
}

function unquoted(word: string): string {
  return /^(["`]).*\1$/.test(word) ? word.slice(1, -1) : word
}
