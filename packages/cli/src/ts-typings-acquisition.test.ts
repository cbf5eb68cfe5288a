// Every TypeScript server started a second Node process, tsserver's typingsInstaller.js (about
// 85 MB resident here): automatic type acquisition, which fetches @types packages from the npm
// registry into a cache outside the project, so that a JavaScript file's answers changed once a
// download finished, and differed from what the project's own tsc (workspaceDiagnostics) sees.
// It is off: the servers answer from the project's own files and packages.
import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

/** The command lines of the processes below `pid` (children, their children, …). */
function descendants(pid: number): string[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .flatMap((line) => {
      const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line)
      return match ? [{ pid: Number(match[1]), ppid: Number(match[2]), args: match[3]! }] : []
    })
  const below = new Set([pid])
  for (let grew = true; grew; ) {
    grew = false
    for (const row of rows) if (below.has(row.ppid) && !below.has(row.pid)) (below.add(row.pid), (grew = true))
  }
  return rows.filter((row) => row.pid !== pid && below.has(row.pid)).map((row) => row.args)
}

describe('typescript-language-server without automatic type acquisition', () => {
  it('starts tsserver alone, no typingsInstaller, for a JavaScript project that requires a package it lacks', { timeout: 120_000 }, async () => {
    const root = await tempWorkspace({
      'jsconfig.json': '{ "compilerOptions": { "checkJs": true } }',
      'package.json': '{ "name": "w", "dependencies": { "lodash": "4.17.21" } }',
      'a.js': "const _ = require('lodash')\nconst size = 2\nmodule.exports = _.chunk([1, 2], size)\n",
    })
    const { ask } = toolOn(root)
    expect(await ask('hover', 'a.js:2:7')).toBe('```typescript\nconst size: 2\n```')
    const servers = descendants(process.pid)
    expect(servers.filter((args) => args.includes('tsserver.js')).length).toBeGreaterThan(0)
    expect(servers.filter((args) => args.includes('typingsInstaller'))).toEqual([])
  })
})
