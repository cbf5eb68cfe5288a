// Debian's bash-completion library (/usr/share/bash-completion/bash_completion, 2,200 lines; the
// seventeenth trial): bash-language-server 5.8's parse loses the functions of its second half, so
// it lists no call of _init_completion. The cross-check read everything after
// `option2=${option2%%[<{().[]*}` (line 855 of 2.11) as a string, a `{` in the word taken to open a
// brace, so it took the calls for text, and the answer was "No references", complete. grep and
// bash are the independent checks.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

const library = '/usr/share/bash-completion/bash_completion'

describe("bash-language-server on Debian's bash-completion library", () => {
  it('names the calls the server cannot see, partial, not "No references", complete', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({ 'lib.bash': readFileSync(library, 'utf8') })
    // The calls: lines starting with the name (comments and the definition left out).
    const calls = execFileSync('grep', ['-n', '^ *_init_completion\\b[^(]', 'lib.bash'], { cwd: root, encoding: 'utf8' }).trim().split('\n').map((line) => `lib.bash:${line.split(':')[0]}:5`)
    expect(calls.length).toBe(7)
    // bash runs them: each is in a function that calls it, as bash parsed the file.
    const callers = execFileSync('bash', ['-O', 'extglob', '-c', 'source ./lib.bash 2>/dev/null; for f in _cd _longopt _minimal; do declare -f $f | grep -c "_init_completion"; done'], { cwd: root, encoding: 'utf8' })
    expect(callers).toBe('1\n1\n1\n')
    const definition = Number(execFileSync('grep', ['-n', '^_init_completion()', 'lib.bash'], { cwd: root, encoding: 'utf8' }).split(':')[0])
    const answer = await toolOn(root).tool.execute({ operation: 'findReferences', filePath: 'lib.bash', line: definition, character: 1 })
    const lines = answer.split('\n')
    expect(lines[0]).toBe('Partial answer (unresolved): 7 places name _init_completion where the server could not resolve it (they may be this symbol)')
    expect(lines.filter((line) => line.startsWith('lib.bash:')).map((line) => line.split('  ')[0])).toEqual(calls)
  })
})
