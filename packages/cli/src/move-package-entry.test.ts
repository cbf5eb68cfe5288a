// The twenty-second trial (2026-12-07): `moveFile index.js lib/index.js --apply` in a package whose
// package.json says `"main": "index.js"` rewrote the requires and said "Verified: no import names
// index.js any more"; `require('tinyver')` then failed (MODULE_NOT_FOUND), as semver 7.6.3's did.
// No server edits package.json: a move of a file its entries name is refused, as one a tsconfig
// paths mapping names is. node is the independent check.
import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { codeOf, tempWorkspace, toolOn } from './workspace.test-support.js'

const files = {
  'package.json': '{\n  "name": "tinyver",\n  "version": "1.0.0",\n  "main": "index.js",\n  "exports": { ".": "./index.js", "./package.json": "./package.json" },\n  "bin": { "tinyver": "bin/tinyver.js" }\n}\n',
  'index.js': "const valid = require('./valid')\nmodule.exports = { valid }\n",
  'valid.js': 'module.exports = (v) => (/^\\d+\\.\\d+\\.\\d+$/.test(v) ? v : null)\n',
  'bin/tinyver.js': "#!/usr/bin/env node\nconst tinyver = require('../')\nconsole.log(tinyver.valid(process.argv[2]))\n",
}

describe("moveFile of a file a package.json's entries name", () => {
  it('refuses the move of the main entry, naming the fields, and writes nothing', async () => {
    const root = await tempWorkspace(files)
    const loads = () => execFileSync(process.execPath, ['-e', "console.log(require('./').valid('1.2.3'))"], { cwd: root, encoding: 'utf8' })
    expect(loads()).toBe('1.2.3\n')
    const { tool } = toolOn(root)
    const request = { operation: 'moveFile', filePath: 'index.js', newPath: 'lib/index.js' }
    const left = '2 package.json entries name index.js (package.json:4 main and package.json:5 exports), which the move deletes: what loads the package by them (require, import, its commands) would fail (no server edits package.json; name lib/index.js there)'
    expect((await tool.execute(request)).split('\n')[0]).toBe(`Warning: if applied, ${left}.`)
    expect(await codeOf(tool.execute({ ...request, apply: true }))).toEqual([
      'LSP_EDIT_INCOMPLETE',
      `move index.js → lib/index.js was not applied: ${left}; nothing was written. Fix them by hand, or apply with force: true to write it anyway`,
    ])
    for (const [name, text] of Object.entries(files)) expect(await readFile(path.join(root, name), 'utf8')).toBe(text)
    expect(loads()).toBe('1.2.3\n')
  }, 120_000)

  it("refuses the move of a command's file that bin names", async () => {
    const root = await tempWorkspace(files)
    const { tool } = toolOn(root)
    expect((await tool.execute({ operation: 'moveFile', filePath: 'bin/tinyver.js', newPath: 'bin/cli.js' })).split('\n')[0]).toBe(
      'Warning: if applied, 1 package.json entry names bin/tinyver.js (package.json:6 bin), which the move deletes: what loads the package by it (require, import, its commands) would fail (no server edits package.json; name bin/cli.js there).',
    )
  }, 120_000)
})
