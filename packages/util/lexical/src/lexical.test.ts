import { describe, expect, it } from 'vitest'
import { inRanges, isWordAt, lexicalFamily, lexicalRanges, nonCodeRanges, type LexicalFamily } from './lexical.js'

/** The non-code pieces of `text`, as the text they cover. */
function pieces(text: string, family: LexicalFamily): string[] {
  const ranges = nonCodeRanges(text, family)
  const out: string[] = []
  for (let i = 0; i < ranges.length; i += 2) out.push(text.slice(ranges[i], ranges[i + 1]))
  return out
}

describe('nonCodeRanges', () => {
  it('JavaScript: comments, strings, regexes and template text, with ${} expressions as code', () => {
    const text = "const a = 'x' + \"y\" // total\n/* total */ a.total(`n ${total} m`, /total/g, b / total)\n"
    expect(pieces(text, 'javascript')).toEqual(["'x'", '"y"', '// total', '/* total */', '`n ${', '} m`', '/total/g'])
  })

  // A lone \r ends a line for LSP and for JavaScript, Python and C alike: a `//` comment on an
  // old Mac file's first line made the whole file a comment, and its references went unchecked.
  it('ends a line comment, a one-line string and a regex at a lone \\r as at \\n', () => {
    expect(pieces("// outside\rimport { total } from './a'\rconst b = 'x\rtotal(/y\r/)\r", 'javascript')).toEqual(['// outside', "'./a'", "'x\r"]) // an unclosed string takes its line end, as at \n
    expect(pieces('# outside\rtotal = "x\rtotal()\r', 'python')).toEqual(['# outside', '"x'])
  })

  it('JavaScript: a template inside a template expression, and braces inside it', () => {
    const text = 'f(`a ${g({ k: `b ${total}` })} c`)'
    expect(pieces(text, 'javascript')).toEqual(['`a ${', '`b ${', '}`', '} c`'])
  })

  it('Python: comments, strings, triple quotes, prefixes, f-string fields as code', () => {
    const text = 'x = "total"  # total\ny = rb\'total\'\n"""doc total\nmore"""\nz = f"{total} and {{total}} {a[\'k\']}"\n'
    expect(pieces(text, 'python')).toEqual(['"total"', '# total', "rb'total'", '"""doc total\nmore"""', 'f"{', '} and {{total}} {', "'k'", '}"'])
    // A string in a field is a string (the fourteenth trial: `f"{resp['status']}"` asked as code), of the outer quote too since 3.12.
    expect(pieces('f"got {resp[\'status\']} {d["k"]!r:>{width}}"\n', 'python')).toEqual(['f"got {', "'status'", '} {', '"k"', '}"'])
  })

  it('shell: comments after a blank, single quotes, double quotes with $name and $(…) as code, heredocs', () => {
    const text = 'echo "$total and ${total} and $(total)" \'total\' a#b # total\ncat <<EOF\ntotal\nEOF\n'
    expect(pieces(text, 'shell')).toEqual(['"', ' and ', ' and ', '"', "'total'", '# total', 'total\n'])
  })

  // The fifteenth trial: `func` of `${my-func}` (the default word when `my` is unset) and the value
  // of `x=my-func` were asked as code, and added as references of the functions `func`, `my-func`.
  // Debian's bash_completion: `${option2%%[<{().[]*}` made the rest of the 2,200-line file a string.
  it('shell: the first } outside quotes and expansions closes a parameter; a { in its word opens nothing', () => {
    expect(pieces('o=${o%%[<{().[]*}\ngreet\n', 'shell')).toEqual(['%%[<{().[]*'])
    expect(pieces('echo ${a:-{}; greet\n', 'shell')).toEqual([':-{'])
    expect(pieces("x=${x:-'a}b'} greet\n", 'shell')).toEqual([":-'a}b'"])
    expect(pieces('y=${o/"${M[1]}"/}; greet\n', 'shell')).toEqual(['/', '"', '[1]', '"', '/'])
  })

  it("shell: a parameter's name is code and the word after it text, but for expansions; an assignment's value is text", () => {
    const text = 'echo "${my-func}" ${func-default} ${x:-$(pick)} ${a[$i]}\nx=my-func\nlocal y=a-b; A=1 run z=q\nrun x=1\n'
    expect(pieces(text, 'shell')).toEqual(['"', '-func', '"', '-default', ':-', '[', ']', 'my-func', 'a-b', '1'])
  })

  it('C and Go: strings, char literals, #include <…>, Go raw strings', () => {
    expect(pieces('#include <total.h>\nint a = total(\'t\', "total"); // total\n', 'c')).toEqual(['<total.h>', "'t'", '"total"', '// total'])
    expect(pieces('s := `total\n` + total // x\n', 'go')).toEqual(['`total\n`', '// x'])
  })
})

describe('lexicalRanges: the strings among comments and strings', () => {
  /** The string pieces of `text`, as the text they cover. */
  const strings = (text: string, family: LexicalFamily): string[] => {
    const { strings: ranges } = lexicalRanges(text, family)
    const out: string[] = []
    for (let i = 0; i < ranges.length; i += 2) out.push(text.slice(ranges[i], ranges[i + 1]))
    return out
  }

  it('keeps strings, template text and regexes, not comments, in each family', () => {
    expect(strings("const a = 'x' + \"y\" // total\n/* total */ a.total(`n ${total} m`, /total/g)\n", 'javascript')).toEqual(["'x'", '"y"', '`n ${', '} m`', '/total/g'])
    expect(strings('getattr(alg, "prepare_key")  # prepare_key\nz = f"{total} t"\n', 'python')).toEqual(['"prepare_key"', 'f"{', '} t"'])
    expect(strings('echo "a $total" \'total\' # total\n', 'shell')).toEqual(['"a ', '"', "'total'"])
    expect(strings('#include <total.h>\nint a = f("total"); // total\n', 'c')).toEqual(['<total.h>', '"total"'])
  })

  it('Python: a docstring or another string alone as a statement documents; in an expression it is a string', () => {
    const text = 'def f(x):\n    """Calls total."""\n    \'total\'  # bare\n    y = (\n        "total"\n    )\n    return getattr(x, "total")\n__all__ = [\n    "total",\n]\n'
    expect(strings(text, 'python')).toEqual(['"total"', '"total"', '"total"'])
    expect(pieces(text, 'python')).toEqual(['"""Calls total."""', "'total'", '# bare', '"total"', '"total"', '"total"'])
  })

  it('lists the same ranges as nonCodeRanges, comments included, in nonCode', () => {
    const text = 'x = "total"  # total\n'
    expect(lexicalRanges(text, 'python').nonCode).toEqual(nonCodeRanges(text, 'python'))
    expect(lexicalRanges(text, 'python')).toEqual({ nonCode: [4, 11, 13, 20], strings: [4, 11] })
  })
})

describe('inRanges and lexicalFamily', () => {
  it('finds offsets inside ranges, not at their end', () => {
    const ranges = [2, 5, 9, 12]
    expect([0, 2, 4, 5, 8, 9, 11, 12].map((offset) => inRanges(ranges, offset))).toEqual([false, true, true, false, false, true, true, false])
  })

  it('maps extensions to families', () => {
    expect(['.ts', '.mjs', '.py', '.sh', '.go', '.c', '.rs', '.java'].map(lexicalFamily)).toEqual(['javascript', 'javascript', 'python', 'shell', 'go', 'c', 'c', 'c'])
    // Languages whose comments or strings no scanner knows (`#` in YAML, `<!-- -->` in HTML, `//` that is a URL in CSS).
    expect(['.css', '.scss', '.html', '.json', '.yaml', '.dockerfile', '.lua', '.cr', ''].map(lexicalFamily)).toEqual(Array(9).fill(undefined))
  })
})

describe('isWordAt', () => {
  it('says what /[\\p{L}\\p{N}_$]/u says of every UTF-16 code unit', () => {
    const word = /[\p{L}\p{N}_$]/u
    const differing: number[] = []
    for (let code = 0; code <= 0xffff; code++) {
      const text = `a${String.fromCharCode(code)}`
      if (isWordAt(text, 1) !== word.test(text[1]!)) differing.push(code)
    }
    expect(differing).toEqual([])
    expect(isWordAt('x😀', 1)).toBe(false) // a lone high surrogate is no letter
  })
})
