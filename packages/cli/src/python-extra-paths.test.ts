// A pyright project that imports a sibling folder of the workspace through `extraPaths`: pyright
// registers that folder for watching, outside its project's root, and a change there must reach it.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

describe('a python project importing a sibling folder through extraPaths', () => {
  it("answers from the sibling's file as it is now at the next question", async () => {
    const root = await tempWorkspace({
      'proj/pyproject.toml': '[tool.pyright]\nextraPaths = ["../shared"]\n',
      'proj/app.py': 'from sharedmod import helper\nv = helper(1)\n',
      'shared/sharedmod.py': 'def helper(x: int) -> int:\n    return x\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('hover', 'proj/app.py:2:5')).toContain('def helper(x: int) -> int')
    writeFileSync(path.join(root, 'shared/sharedmod.py'), 'def helper(x: str) -> str:\n    return x\n')
    expect(await ask('hover', 'proj/app.py:2:5')).toContain('def helper(x: str) -> str')
  })
})
