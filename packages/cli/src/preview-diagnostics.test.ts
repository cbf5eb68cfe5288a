// Previews (edits in the servers' view only) on one host never leak into another agent's answers:
// with edit and rename previews of one file overlapping, every diagnostics answer of that file, on
// the real typescript-language-server, is the disk's. Found on the shared host (2026-12-07): about
// 1 answer in 20-100 was the preview's ("No diagnostics" for a file with an error on disk, or an
// error only the preview had), when an overlay ended with another overlay and the query waiting on it.
import { describe, expect, it } from 'vitest'
import { tempWorkspace, toolOn, typeCheck } from './workspace.test-support.js'

const tsconfig = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] })
const utils = 'export const isServer = (globalThis as { window?: unknown }).window === undefined\n\nexport function isValidTimeout(value: unknown): value is number {\n  return typeof value === \'number\' && value >= 0 && value !== Infinity\n}\n'
/** removable.ts with `name` where the gc time of a server goes. */
const removable = (name: string): string =>
  `import { isServer, isValidTimeout } from './utils'\n\nexport function gcTimeOf(newGcTime: number | undefined): number {\n  return Math.max(isValidTimeout(newGcTime) ? newGcTime : 0, newGcTime ?? (isServer ? ${name} : 5 * 60 * 1000))\n}\n`

/** How many diagnostics answers each part collects while the previews loop. */
const ANSWERS = 60

/** Ask diagnostics of src/removable.ts `ANSWERS` times (three at a time) while edit and rename previews of it loop. */
async function diagnosticsDuringPreviews(root: string, edit: { readonly character: number; readonly endCharacter: number; readonly text: string }): Promise<string[]> {
  const { tool } = toolOn(root)
  let previewing = true
  const loop = async (preview: () => Promise<string>): Promise<number> => {
    let runs = 0
    for (; previewing; runs++) await preview()
    return runs
  }
  // Two agents previewing the edit, one the rename: an overlay often waits for another.
  const editing = () => tool.execute({ operation: 'edit', filePath: 'src/removable.ts', line: 4, endLine: 4, ...edit })
  const previews = [loop(editing), loop(editing), loop(() => tool.execute({ operation: 'rename', symbol: 'isValidTimeout', newName: 'isVT' }))]
  const answers: string[] = []
  const asking = async (): Promise<void> => {
    while (answers.length < ANSWERS) answers.push(await tool.execute({ operation: 'diagnostics', filePath: 'src/removable.ts' }))
  }
  try {
    await Promise.all([asking(), asking(), asking()])
  } finally {
    previewing = false
  }
  // Every preview ran while the answers were asked.
  for (const runs of await Promise.all(previews)) expect(runs).toBeGreaterThan(0)
  return answers
}

describe('previews do not leak into diagnostics on a shared host (typescript-language-server)', () => {
  it('an error on disk that the previews fix: every diagnostics answer names the error', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/utils.ts': utils, 'src/removable.ts': removable('Infinit0') })
    expect(typeCheck(root).replace(/^.*src\//, 'src/')).toBe("src/removable.ts(4,87): error TS2552: Cannot find name 'Infinit0'. Did you mean 'Infinity'?\n")
    const truth = [
      'src/removable.ts: 1 error',
      "src/removable.ts:4:87  error  2552  Cannot find name 'Infinit0'. Did you mean 'Infinity'?",
    ]
    const answers = await diagnosticsDuringPreviews(root, { character: 87, endCharacter: 95, text: 'Infinity' })
    expect(answers.length).toBeGreaterThanOrEqual(ANSWERS)
    expect(answers.map((answer) => answer.split('\n').slice(0, 2)).filter((lines) => lines.join('\n') !== truth.join('\n'))).toEqual([])
  }, 300_000)

  it('a clean file that the previews break: every diagnostics answer is "No diagnostics"', async () => {
    const root = await tempWorkspace({ 'tsconfig.json': tsconfig, 'src/utils.ts': utils, 'src/removable.ts': removable('Infinity') })
    expect(typeCheck(root)).toBe('')
    const answers = await diagnosticsDuringPreviews(root, { character: 76, endCharacter: 84, text: 'isServerX' })
    expect(answers.length).toBeGreaterThanOrEqual(ANSWERS)
    expect(answers.filter((answer) => answer !== 'No diagnostics in src/removable.ts.')).toEqual([])
  }, 300_000)
})
