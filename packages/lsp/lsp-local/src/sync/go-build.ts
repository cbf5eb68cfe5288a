import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { readFile, realpath } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { goDeclarations, type GoDeclaration } from './go-declarations.js'
import { SOURCES_WALK, walk } from './walk.js'

/** A Go file the build leaves out by its build constraints, why (`excluded from this build: GOARCH=amd64`), and what it declares. */
export interface GoExcludedFile {
  readonly path: string
  readonly why: string
  readonly declarations: readonly GoDeclaration[]
}

/** How long `go list` may take (Go 1.19's std, 232 folders: ~1.9 s on 2 cores). */
const GO_LIST_TIMEOUT_MS = 60_000
/** The most output it may print. */
const GO_LIST_MAX_BYTES = 64 * 1024 * 1024

/**
 * The Go files under `root` that the build `go` makes there with `env` (the server's: GOOS, GOARCH,
 * GOFLAGS) and `buildFlags` (`-tags=…`) leaves out by their build constraints, by real folder: `go
 * list -e`'s `IgnoredGoFiles` (test files included), each with why and its declarations (see
 * `goDeclarations`). Of `folders` (absolute) when given (every one listed has an entry, empty when
 * it holds none); else of `./...` and of every folder holding `.go` files (`./...` skips a package
 * whose every file is excluded), walked as `go` does (`testdata`, `_x`, `.x`, `vendor` and other
 * modules, unless `root` holds a `go.work`, skipped) within `SOURCES_WALK`'s bounds. `undefined`
 * when `go` cannot be run or fails (it is not installed): then nothing is known, and nothing is said.
 */
export async function goBuildExcluded(root: string, env: NodeJS.ProcessEnv, buildFlags: readonly string[], folders?: readonly string[]): Promise<Map<string, GoExcludedFile[]> | undefined> {
  const patterns = folders === undefined ? ['./...', ...goFolders(root)] : folders.map((folder) => `./${relative(root, folder).split('\\').join('/')}`)
  const format = '{{context.GOOS}}\t{{context.GOARCH}}\t{{join context.BuildTags ","}}\t{{.Dir}}{{range .IgnoredGoFiles}}\t{{.}}{{end}}'
  const output = await run(root, env, ['list', '-e', ...buildFlags, '-f', format, ...patterns])
  if (output === undefined) return undefined
  const excluded = new Map<string, GoExcludedFile[]>()
  for (const line of output.split('\n')) {
    const [goos = '', goarch = '', tags = '', dir = '', ...names] = line.split('\t')
    if (dir === '') continue
    // go names the standard library's folders under GOROOT (/usr/lib/go-1.19, a symlink on Debian): the real path, as the server's.
    const folder = await realpath(dir).catch(() => dir)
    const files: GoExcludedFile[] = []
    for (const name of names) {
      const path = join(folder, name)
      const text = await readFile(path, 'utf8').catch(() => undefined)
      if (text !== undefined) files.push({ path, why: whyExcluded(name, text, { goos, goarch, tags }), declarations: goDeclarations(text) })
    }
    excluded.set(folder, files)
  }
  return excluded
}

/** The folders under `root` holding `.go` files, as `./x` patterns, walked as `go` walks `./...`. */
function goFolders(root: string): string[] {
  const folders: string[] = []
  const workspace = existsSync(join(root, 'go.work'))
  walk(root, { ...SOURCES_WALK, skip: (name) => name.startsWith('.') || name.startsWith('_') || name === 'testdata' || name === 'vendor' }, ({ path, names, files }) => {
    if (path !== root && !workspace && names.includes('go.mod')) return 'prune'
    if (files.some((name) => name.endsWith('.go'))) folders.push(`./${relative(root, path).split('\\').join('/')}`)
  })
  return folders
}

/** `go …` in `cwd`: its output, or `undefined` when it could not run or failed. */
function run(cwd: string, env: NodeJS.ProcessEnv, args: readonly string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('go', args, { cwd, env, timeout: GO_LIST_TIMEOUT_MS, maxBuffer: GO_LIST_MAX_BYTES, encoding: 'utf8', windowsHide: true }, (error, stdout) => resolve(error === null ? stdout : undefined))
  })
}

/**
 * Why the build leaves out file `name` (content `text`), in words: its `_GOOS`/`_GOARCH` name
 * suffix that is not the build's (`excluded from this build: GOARCH=amd64`), else its constraint
 * line (`excluded from this build by //go:build ignore: GOOS=linux GOARCH=amd64, no tags`).
 */
export function whyExcluded(name: string, text: string, build: { readonly goos: string; readonly goarch: string; readonly tags: string }): string {
  const { goos, goarch } = build
  const settings = `GOOS=${goos} GOARCH=${goarch}, ${build.tags === '' ? 'no tags' : `tags ${build.tags}`}`
  const suffix = nameSuffix(name)
  const otherOs = suffix.os !== undefined && !sameOs(suffix.os, goos)
  const otherArch = suffix.arch !== undefined && suffix.arch !== goarch
  if (otherOs || otherArch) return `excluded from this build: ${[otherOs ? `GOOS=${goos}` : '', otherArch ? `GOARCH=${goarch}` : ''].filter(Boolean).join(' ')}`
  const header = text.slice(0, Math.max(0, text.search(/^package\s/m)))
  const goBuild = /^\/\/go:build\s+(.+?)\s*$/m.exec(header)?.[0]
  const plusBuild = [...header.matchAll(/^\/\/ \+build\s+(.+?)\s*$/gm)].map((line) => line[1]).join(' ')
  const line = goBuild?.trim() ?? (plusBuild === '' ? undefined : `// +build ${plusBuild}`)
  return line === undefined ? `excluded from this build: ${settings}` : `excluded from this build by ${line}: ${settings}`
}

/** The GOOS and GOARCH a file name's suffix requires (`x_linux_arm64.go`, `x_s390x_test.go`), as go/build reads it. */
function nameSuffix(name: string): { readonly os?: string; readonly arch?: string } {
  const stem = name.replace(/\.go$/, '').replace(/_test$/, '')
  const under = stem.indexOf('_')
  if (under < 0) return {}
  const parts = stem.slice(under).split('_')
  const last = parts[parts.length - 1]!
  const before = parts.length > 2 ? parts[parts.length - 2]! : undefined
  if (before !== undefined && knownOs.has(before) && knownArch.has(last)) return { os: before, arch: last }
  if (knownOs.has(last)) return { os: last }
  if (knownArch.has(last)) return { arch: last }
  return {}
}

/** Whether a file for GOOS `os` builds for `goos` (android builds linux files, illumos solaris's, ios darwin's). */
function sameOs(os: string, goos: string): boolean {
  return os === goos || (os === 'linux' && goos === 'android') || (os === 'solaris' && goos === 'illumos') || (os === 'darwin' && goos === 'ios')
}

// go/build's syslist.go (Go 1.19 and later).
const knownOs = new Set('aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos'.split(' '))
const knownArch = new Set('386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm'.split(' '))
