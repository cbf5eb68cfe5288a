// The four operations on a real Python codebase no one here wrote: node-gyp 11.5.0's `gyp` package
// (42 modules), through the real pyright. Every expected row was checked against the source and
// against `grep -rnw`; the comments say what grep shows that is not a reference.
import { describe, expect, it } from 'vitest'
import { copyGyp, sharedToolOn } from './real-codebases.test-support.js'
import { grouped } from './grouped.test-support.js'

const row = (file: string, line: number, col: number, code: string): string => `gyp/${file}:${line}:${col}  ${code}`

/** What the tool rejects with for goToImplementation: pyright has no implementationProvider. */
const noImplementations = {
  code: 'LSP_UNSUPPORTED_OPERATION',
  message: 'language server "python" does not support goToImplementation (no implementationProvider)',
}

describe('pyright on node-gyp’s gyp', { timeout: 60_000 }, () => {
  const ask = sharedToolOn(copyGyp)

  it('finds every call of gyp.common.GetFlavor in 10 files and not the docstring naming it', async () => {
    // grep -rnw GetFlavor: 20 lines; common_test.py:56 is a docstring, the other 19 are the answer.
    const flavor = 'flavor = gyp.common.GetFlavor(params)'
    const setOs = 'default_variables.setdefault("OS", gyp.common.GetFlavor(params))'
    const definition = row('common.py', 513, 5, 'def GetFlavor(params):')
    const references = grouped([
      '19 references to GetFlavor in 10 files',
      definition,
      row('common_test.py', 68, 39, 'assert expected == gyp.common.GetFlavor(param)'),
      row('common_test.py', 116, 41, 'flavor = gyp.common.GetFlavor({})'),
      row('generator/analyzer.py', 617, 25, flavor),
      row('generator/cmake.py', 83, 51, setOs),
      row('generator/cmake.py', 1142, 25, flavor),
      row('generator/compile_commands_json.py', 38, 23, 'return gyp.common.GetFlavor(params) == "mac"'),
      row('generator/compile_commands_json.py', 42, 51, setOs),
      row('generator/dump_dependency_json.py', 50, 51, setOs),
      row('generator/dump_dependency_json.py', 52, 25, flavor),
      row('generator/eclipse.py', 64, 25, flavor),
      row('generator/eclipse.py', 128, 25, flavor),
      row('generator/eclipse.py', 212, 25, flavor),
      row('generator/make.py', 68, 25, flavor),
      row('generator/make.py', 2418, 25, flavor),
      row('generator/msvs.py', 2036, 19, 'if gyp.common.GetFlavor(params) == "ninja":'),
      row('generator/ninja.py', 1983, 25, flavor),
      row('generator/ninja.py', 2205, 25, flavor),
      row('generator/ninja.py', 2931, 19, 'if gyp.common.GetFlavor(params) == "win":'),
    ])
    expect(await ask('findReferences', 'gyp/common.py:513:5')).toBe(references)
    expect(await ask('findReferences', 'gyp/generator/ninja.py:2931:19')).toBe(references)
    expect(await ask('goToDefinition', 'gyp/generator/ninja.py:2931:19')).toBe(`GetFlavor → ${definition}`)
    expect(await ask('hover', 'gyp/generator/ninja.py:2931:19')).toBe('```python\n(function) def GetFlavor(params: Unknown) -> (Unknown | str)\n```')
    await expect(ask('goToImplementation', 'gyp/generator/ninja.py:2931:19')).rejects.toMatchObject(noImplementations)
  })

  it('finds the 3 references of the method Writer.comment among 53 grep lines of "comment"', async () => {
    // grep -rnw comment: 53 lines; the other 50 are comments, docstrings, the `comment` parameter of
    // make.py's MakefileWriter methods and its `comment=` arguments, and xcodeproj_file.py's own.
    const definition = row('ninja_syntax.py', 27, 9, 'def comment(self, text):')
    expect(await ask('findReferences', 'gyp/ninja_syntax.py:27:9')).toBe(
      grouped([
        '3 references to comment in 2 files',
        row('generator/ninja.py', 2851, 22, 'master_ninja.comment("Short names for targets.")'),
        row('generator/ninja.py', 2865, 22, 'master_ninja.comment("Empty targets (output for completeness).")'),
        definition,
      ]),
    )
    expect(await ask('goToDefinition', 'gyp/generator/ninja.py:2851:22')).toBe(`comment → ${definition}`)
    expect(await ask('hover', 'gyp/generator/ninja.py:2851:22')).toBe('```python\n(method) def comment(text: Unknown) -> None\n```')
    expect(await ask('hover', 'gyp/ninja_syntax.py:27:9')).toBe('```python\n(method) def comment(\n    self: Self@Writer,\n    text: Unknown\n) -> None\n```')
  })

  it('shows gyp.common.ExceptionAppend with its docstring, and its 9 references in 4 files', async () => {
    // grep -rnw ExceptionAppend: 9 lines, every one a reference.
    const definition = row('common.py', 38, 5, 'def ExceptionAppend(e, msg):')
    expect(await ask('hover', 'gyp/input.py:242:20')).toBe(
      "```python\n(function) def ExceptionAppend(\n    e: Unknown,\n    msg: Unknown\n) -> None\n```\n---\nAppend a message to the given exception's message.",
    )
    expect(await ask('goToDefinition', 'gyp/input.py:242:20')).toBe(`ExceptionAppend → ${definition}`)
    expect(await ask('findReferences', 'gyp/input.py:242:20')).toBe(
      grouped([
        '9 references to ExceptionAppend in 4 files',
        definition,
        row('generator/xcode.py', 792, 28, 'gyp.common.ExceptionAppend('),
        row('input.py', 242, 20, 'gyp.common.ExceptionAppend(e, "while reading " + build_file_path)'),
        row('input.py', 263, 24, 'gyp.common.ExceptionAppend('),
        row('input.py', 492, 28, 'gyp.common.ExceptionAppend('),
        row('input.py', 1193, 20, 'gyp.common.ExceptionAppend('),
        row('input.py', 1999, 28, 'gyp.common.ExceptionAppend('),
        row('input.py', 2973, 28, 'gyp.common.ExceptionAppend(e, "while trying to load %s" % build_file)'),
        row('xcodeproj_file.py', 715, 24, `gyp.common.ExceptionAppend(e, 'while printing key "%s"' % key)`),
      ]),
    )
  })

  it('resolves self.ConvertToMSBuild to the subclass override, shows the base docstring, has no implementations', async () => {
    // MSVSSettings._Type.ConvertToMSBuild (line 90) is overridden by _String, _StringList, _Boolean,
    // _Integer and _Enumeration; line 167 is in _Integer.ValidateMSVS.
    expect(await ask('goToDefinition', 'gyp/MSVSSettings.py:167:14')).toBe(
      `ConvertToMSBuild → ${row('MSVSSettings.py', 173, 9, 'def ConvertToMSBuild(self, value):')}`,
    )
    const docs =
      'Returns the MSBuild equivalent of the MSVS value given.\n\n' +
      'Args:  \n&nbsp;&nbsp;value: the MSVS value to convert.\n\n' +
      'Returns:  \n&nbsp;&nbsp;the MSBuild equivalent.\n\n' +
      'Raises:  \n&nbsp;&nbsp;ValueError if value is not valid.'
    expect(await ask('hover', 'gyp/MSVSSettings.py:90:9')).toBe(
      `\`\`\`python\n(method) def ConvertToMSBuild(\n    self: Self@_Type,\n    value: Unknown\n) -> Unknown\n\`\`\`\n---\n${docs}`,
    )
    // pyright shows the docstring of _Type's method on _Integer's, which has none of its own.
    expect(await ask('hover', 'gyp/MSVSSettings.py:167:14')).toBe(`\`\`\`python\n(method) def ConvertToMSBuild(value: Unknown) -> str\n\`\`\`\n---\n${docs}`)
    await expect(ask('goToImplementation', 'gyp/MSVSSettings.py:90:9')).rejects.toMatchObject(noImplementations)
  })
})
