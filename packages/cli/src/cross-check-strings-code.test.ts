// Strings that hold the symbol's name among code (the twenty-seventh trial): a bash trap's
// `"${TRAP} on_exit;"` (Debian's apt-key), a Go template's `{{.Shout}}` (net/rpc's debug page), a
// Python entry point's `pkg.mod:func` (setup.cfg, pyproject.toml, setup.py) were counted and never
// shown, and each rename said "Verified" while the script, template or command broke at run time.
// A `//go:linkname local path.name` directive was a comment: the rename broke the link. The
// independent checks: bash running the script, go build, Python importing the entry points.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeOf, tempWorkspace, toolOn } from './workspace.test-support.js'

const bash = {
  't.sh': '#!/bin/bash\non_int() { echo "int handler ran"; }\non_exit() { echo "exit handler ran"; }\ndo_build() { echo "built"; }\ntrap \'on_int\' INT\nCURRENTTRAP="${CURRENTTRAP} on_exit;"\ntrap "${CURRENTTRAP}" EXIT\naction=do_build\n"$action"\n',
}

const template = {
  'go.mod': 'module example.com/tpl\n\ngo 1.19\n',
  'main.go': [
    'package main',
    '',
    'import (',
    '\t"os"',
    '\t"text/template"',
    ')',
    '',
    'type Page struct {',
    '\tTitle string',
    '}',
    '',
    'func (p Page) Shout() string { return p.Title + "!" }',
    '',
    'const pageTmpl = `<h1>{{.Title}}</h1>',
    '{{.Shout}}',
    '`',
    '',
    'func main() {',
    '\tt := template.Must(template.New("page").Parse(pageTmpl))',
    '\tif err := t.Execute(os.Stdout, Page{Title: "Hello"}); err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '}',
    '',
  ].join('\n'),
}

const linkname = {
  'go.mod': 'module example.com/ln\n\ngo 1.19\n',
  'a/a.go': 'package a\n\nfunc secret() int { return 42 }\n\nfunc Public() int { return secret() }\n',
  'main.go': 'package main\n\nimport (\n\t"fmt"\n\t_ "unsafe"\n\n\t"example.com/ln/a"\n)\n\n//go:linkname secret example.com/ln/a.secret\nfunc secret() int\n\nfunc main() { fmt.Println(secret(), a.Public()) }\n',
  'empty.s': '',
}

const entryPoints = {
  'pyrightconfig.json': '{}',
  'normtool/__init__.py': '',
  'normtool/cli/__init__.py': 'from .main import cli_detect\n\n__all__ = ["cli_detect"]\n',
  'normtool/cli/main.py': 'def cli_detect(argv=None) -> int:\n    print("detected")\n    return 0\n\n\ndef keygen() -> int:\n    print("key")\n    return 0\n',
  'setup.cfg': '[metadata]\nname = normtool\n\n[options.entry_points]\nconsole_scripts =\n    normalizer = normtool.cli:cli_detect\n',
  'pyproject.toml': '[project]\nname = "normtool"\nversion = "1.0"\n\n[project.scripts]\nnormalizer = "normtool.cli:cli_detect"\n',
  'setup.py': 'from setuptools import setup\n\nsetup(entry_points={"console_scripts": ["normtool-keygen = normtool.cli.main:keygen"]})\n',
}

const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off' }
const run = (root: string, command: string, ...args: string[]): string => execFileSync(command, args, { cwd: root, encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] })

describe('strings that name the symbol among code', () => {
  it('bash: a double-quoted trap string and a word run as "$action" are named; the rename says they are not verified', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(bash)
    const { tool } = toolOn(root)
    const references = (line: number) => tool.execute({ operation: 'findReferences', filePath: 't.sh', line, character: 1 })
    expect(await references(3)).toBe(
      ['1 reference to on_exit', 't.sh:3:1  on_exit() { echo "exit handler ran"; }', '1 string names on_exit (not a reference; a use by name there is not followed): t.sh:6:29'].join('\n'),
    )
    expect(await references(4)).toBe(
      ['1 reference to do_build', 't.sh:4:1  do_build() { echo "built"; }', '1 string names do_build (not a reference; a use by name there is not followed): t.sh:8:8'].join('\n'),
    )
    const applied = (await tool.execute({ operation: 'rename', filePath: 't.sh', line: 3, character: 1, newName: 'finish', apply: true })).split('\n')
    expect(applied.slice(0, 5)).toEqual([
      'Applied: rename on_exit → finish: 1 edit in 1 file written.',
      '  t.sh',
      'Verified: findReferences of finish finds all 1 reference of on_exit, renamed.',
      'Verified: errors 0 → 0 in the 1 checked file.',
      'Not verified: 1 string still names on_exit (not renamed; code may use it by that name): t.sh:6:29',
    ])
    expect(run(root, 'bash', '-c', 'bash t.sh 2>&1')).toContain('on_exit: command not found') // what the line warns of
  })

  it('go: a template field named in a raw string is named; a //go:linkname target is a reference, renamed with the symbol', { timeout: 180_000 }, async () => {
    const root = await tempWorkspace(template)
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'findReferences', filePath: 'main.go', line: 12, character: 15 })).toBe(
      ['1 reference to Shout', 'main.go:12:15  func (p Page) Shout() string { return p.Title + "!" }', '1 string names Shout (not a reference; a use by name there is not followed): main.go:15:4'].join('\n'),
    )

    const linked = await tempWorkspace(linkname)
    expect(run(linked, 'go', 'build', '-o', '/dev/null', '.')).toBe('')
    const ln = toolOn(linked).tool
    expect(await ln.execute({ operation: 'findReferences', filePath: 'a/a.go', line: 3, character: 6 })).toBe(
      [
        '3 references to secret in 2 files',
        'a/a.go',
        '3:6  func secret() int { return 42 }',
        '5:28  func Public() int { return secret() }',
        'main.go:10:39  //go:linkname secret example.com/ln/a.secret  (missed by the server; found by the cross-check)',
      ].join('\n'),
    )
    const applied = (await ln.execute({ operation: 'rename', filePath: 'a/a.go', line: 3, character: 6, newName: 'hidden', apply: true })).split('\n')
    expect(applied.slice(0, 6)).toEqual([
      'Applied: rename secret → hidden: 3 edits in 2 files written.',
      '  a/a.go',
      '  main.go',
      'Verified: findReferences of hidden finds all 3 references of secret, renamed.',
      'Verified: errors 0 → 0 in the 2 checked files.',
      '--- a/a/a.go',
    ])
    expect(await readFile(path.join(linked, 'main.go'), 'utf8')).toBe(linkname['main.go'].replace('a.secret', 'a.hidden'))
    expect(run(linked, 'go', 'build', '-o', '/dev/null', '.')).toBe('')
  })

  it('python: entry points in setup.cfg, pyproject.toml and setup.py are named, and refuse the rename they would break', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace(entryPoints)
    const { tool } = toolOn(root)
    expect(await tool.execute({ operation: 'findReferences', filePath: 'normtool/cli/main.py', line: 1, character: 5 })).toBe(
      [
        '3 references to cli_detect in 2 files',
        'normtool/cli/__init__.py',
        '1:19  from .main import cli_detect',
        '3:13  __all__ = ["cli_detect"]',
        'normtool/cli/main.py:1:5  def cli_detect(argv=None) -> int:',
        '2 strings name cli_detect (not references; a use by name there is not followed): pyproject.toml:6:28 and setup.cfg:6:31',
      ].join('\n'),
    )
    expect(await tool.execute({ operation: 'findReferences', filePath: 'normtool/cli/main.py', line: 6, character: 5 })).toBe(
      ['1 reference to keygen', 'normtool/cli/main.py:6:5  def keygen() -> int:', '1 string names keygen (not a reference; a use by name there is not followed): setup.py:3:78'].join('\n'),
    )
    const rename = { operation: 'rename', filePath: 'normtool/cli/main.py', line: 1, character: 5, newName: 'detect_main', apply: true } as const
    expect(await codeOf(tool.execute(rename))).toEqual([
      'LSP_EDIT_INCOMPLETE',
      "rename cli_detect → detect_main was not applied: 2 strings name cli_detect by its module's path (normtool.cli:cli_detect), which code looks up at run time; nothing was written. Rename those by hand, or apply with force: true to write it anyway",
    ])
    expect(await readFile(path.join(root, 'normtool/cli/main.py'), 'utf8')).toBe(entryPoints['normtool/cli/main.py'])
    const forced = (await tool.execute({ ...rename, force: true })).split('\n')
    expect(forced.filter((line) => !/^[-+ @]/.test(line))).toEqual([
      'Applied: rename cli_detect → detect_main: 3 edits in 2 files written.',
      'Verified: findReferences of detect_main finds all 3 references of cli_detect, renamed.',
      'Verified: errors 0 → 0 in the 2 checked files.',
      "Not verified: written with force although 2 strings name cli_detect by its module's path (normtool.cli:cli_detect), which code looks up at run time.",
      'Not verified: 2 strings still name cli_detect (not renamed; code may use it by that name): pyproject.toml:6:28 and setup.cfg:6:31',
    ])
    // The independent check: the entry points no longer load, as the answer warns.
    const loads = "import importlib.metadata as md, sys; sys.path.insert(0, '.'); md.EntryPoint('n', 'normtool.cli:cli_detect', 'console_scripts').load()"
    expect(() => run(root, 'python3', '-c', loads)).toThrow(/has no attribute 'cli_detect'/)
  })
})
