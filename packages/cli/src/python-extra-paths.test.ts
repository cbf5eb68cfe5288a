// A pyright project that imports a sibling folder of the workspace through `extraPaths`: pyright
// registers that folder for watching, outside its project's root, and a change there must reach it.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn } from './workspace.test-support.js'

describe('a python project importing a sibling folder through extraPaths', () => {
  it("tells the server of a change to the sibling's file, which it then answers from", async () => {
    const root = await tempWorkspace({
      'proj/pyproject.toml': '[tool.pyright]\nextraPaths = ["../shared"]\n',
      'proj/app.py': 'from sharedmod import helper\nv = helper(1)\n',
      'shared/sharedmod.py': 'def helper(x: int) -> int:\n    return x\n',
    })
    const { ask } = toolOn(root)
    expect(await ask('hover', 'proj/app.py:2:5')).toContain('def helper(x: int) -> int')
    writeFileSync(path.join(root, 'shared/sharedmod.py'), 'def helper(x: str) -> str:\n    return x\n')
    // pyright reads a change under its extraPaths again 5 s after it is told (its library reanalysis
    // timer); before the folder was followed, it was never told, and the answer stayed old.
    const deadline = Date.now() + 20_000
    let hover = await ask('hover', 'proj/app.py:2:5')
    while (!hover.includes('def helper(x: str) -> str') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      hover = await ask('hover', 'proj/app.py:2:5')
    }
    expect(hover).toContain('def helper(x: str) -> str')
  })
})
